// Hostile files through the real worker pool: every one gets its contract status and code, a useful
// detail, is recorded as a failed conversion, and the server converts a normal statement afterwards.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateStatementPdf } from '../fixtures/pdf/generate.js';
import { fileUpload, SAMPLE_CSV } from '../helpers/multipart.js';
import { createHostileApp, expectRefused, type HostileApp } from './hostile-app.js';
import * as craft from './pdf-craft.js';

const PROTECTED = '/work/shared/corpus/monopoly/tests/integration/fixtures/protected.pdf';
const corpusDir = new URL('../../../shared/corpus/', import.meta.url);
const protectedPdf = () => fs.readFileSync(fs.existsSync(PROTECTED) ? PROTECTED : new URL('monopoly/tests/integration/fixtures/protected.pdf', corpusDir));

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001', 'hex');
const ZIP = Buffer.concat([Buffer.from('504b0304140000000000', 'hex'), Buffer.alloc(40, 1)]);
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(120, 0)]);

describe('hostile files (worker pool)', () => {
  let t: HostileApp;
  let statement: Uint8Array;
  beforeAll(async () => {
    t = await createHostileApp();
    statement = (await generateStatementPdf({ layout: 'split', rows: 30 })).bytes;
  });
  afterAll(() => t.close());

  const send = (bytes: Uint8Array | string, name: string, extra: Parameters<typeof fileUpload>[2] = []) => t.post(fileUpload(bytes, name, extra));

  it('an empty file is 400 unsupported_file_type', async () => {
    const p = await expectRefused(t, await send(new Uint8Array(0), 'empty.pdf'), 400, 'unsupported_file_type');
    expect(p.detail).toMatch(/empty/i);
  });

  it('a 1-byte file is refused with a contract code', async () => {
    await expectRefused(t, await send(Buffer.from([0x00]), 'one.csv'), 400, 'unsupported_file_type');
    await expectRefused(t, await send('a', 'one.csv'), 422, 'no_transactions_found');
  });

  it('random bytes are 400 unsupported_file_type', async () => {
    const rnd = crypto.createHash('sha512').update('seed').digest();
    const bytes = Buffer.concat(Array.from({ length: 64 }, (_, i) => crypto.createHash('sha512').update(rnd).update(String(i)).digest()));
    await expectRefused(t, await send(bytes, 'random.pdf'), 400, 'unsupported_file_type');
  });

  it('a PNG, a ZIP and an EXE named .pdf are judged by their bytes', async () => {
    // PNGs are read by OCR now; a 1 x 1 pixel one holds no statement (refused before OCR starts).
    expect((await expectRefused(t, await send(PNG, 'statement.pdf'), 422, 'no_transactions_found')).detail).toMatch(/1 x 1 pixels/);
    expect((await expectRefused(t, await send(ZIP, 'statement.pdf'), 400, 'unsupported_file_type')).detail).toMatch(/ZIP/);
    expect((await expectRefused(t, await send(EXE, 'statement.pdf'), 400, 'unsupported_file_type')).detail).toMatch(/executable/);
  });

  it('an OLE2 file that is no readable workbook (a damaged .xls, a .doc) is 400 unsupported_file_type', async () => {
    const ole2 = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024, 0x41)]);
    expect((await expectRefused(t, await send(ole2, 'statement.xls'), 400, 'unsupported_file_type')).detail).toMatch(/Excel workbook/);
  });

  it('a real PDF named .csv is read as the PDF it is', async () => {
    const res = await send(statement, 'statement.csv');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.json().transaction_count).toBe(30);
  });

  it('a PDF truncated at 10 points is refused with a contract code, never a 500', async () => {
    for (let i = 1; i <= 10; i++) {
      const cut = statement.subarray(0, Math.floor((statement.length * i) / 11));
      const res = await send(cut, `cut-${i}.pdf`);
      await expectRefused(t, res, res.statusCode, ['security_check_failed', 'no_transactions_found']);
    }
  });

  it('a broken xref table is repaired or refused, never a 500', async () => {
    await expectRefused(t, await send(craft.brokenXrefPdf(), 'xref.pdf'), 422, 'no_transactions_found');
  });

  it('circular object references are 400 security_check_failed', async () => {
    await expectRefused(t, await send(craft.circularPdf(), 'loop.pdf'), 400, 'security_check_failed');
  });

  it('deeply nested arrays and dictionaries do not exhaust the stack', async () => {
    const res = await send(craft.deeplyNestedPdf(), 'nested.pdf');
    await expectRefused(t, res, res.statusCode, ['security_check_failed', 'no_transactions_found']);
  });

  it('a huge declared page count and too many pages are refused', async () => {
    const res = await send(craft.hugeCountPdf(), 'count.pdf');
    await expectRefused(t, res, res.statusCode, ['security_check_failed', 'no_transactions_found']);
    const p = await expectRefused(t, await send(craft.manyPagesPdf(2001), 'pages.pdf'), 400, 'security_check_failed');
    expect(p.detail).toMatch(/2001 pages/);
  });

  it('a decompression bomb (small file, gigantic stream) is 400 security_check_failed', async () => {
    const bomb = await craft.decompressionBombPdf(256);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const p = await expectRefused(t, await send(bomb, 'bomb.pdf'), 400, 'security_check_failed');
    expect(p.detail).toMatch(/decompression bomb/);
  });

  it('a font that would crash a parser is contained', async () => {
    const res = await send(craft.badFontPdf(), 'font.pdf');
    await expectRefused(t, res, res.statusCode, ['security_check_failed', 'no_transactions_found']);
  });

  it('JavaScript, launch actions and embedded files are 400 security_check_failed saying which', async () => {
    expect((await expectRefused(t, await send(craft.javascriptPdf(), 'js.pdf'), 400, 'security_check_failed')).detail).toMatch(/JavaScript/);
    expect((await expectRefused(t, await send(craft.launchPdf(), 'launch.pdf'), 400, 'security_check_failed')).detail).toMatch(/launch/);
    expect((await expectRefused(t, await send(craft.launchAnnotPdf(), 'annot.pdf'), 400, 'security_check_failed')).detail).toMatch(/launch/);
    expect((await expectRefused(t, await send(craft.embeddedFilePdf(), 'files.pdf'), 400, 'security_check_failed')).detail).toMatch(/embedded/);
  });

  it('an encrypted PDF: without a password, and with a wrong one, is 400 security_check_failed', async () => {
    const enc = protectedPdf();
    expect((await expectRefused(t, await send(enc, 'protected.pdf'), 400, 'security_check_failed')).detail).toMatch(/password/i);
    const wrong = await send(enc, 'protected.pdf', [{ name: 'password', value: 'not-the-password' }]);
    expect((await expectRefused(t, wrong, 400, 'security_check_failed')).detail).toMatch(/password/i);
  });

  it('CSVs with NULs, invalid UTF-8 and mismatched quotes get contract answers', async () => {
    const withNul = SAMPLE_CSV.replace('TESCO', 'TE\0SCO');
    let res = await send(withNul, 'nul.csv');
    await expectRefused(t, res, 400, 'unsupported_file_type');
    const bad = Buffer.concat([
      Buffer.from(SAMPLE_CSV.slice(0, 60)),
      Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0xf0, 0x28, 0x8c, 0xbc]),
      Buffer.from(SAMPLE_CSV.slice(60)),
    ]);
    res = await send(bad, 'utf8.csv');
    // Invalid UTF-8 is read as a single-byte code page: the statement still converts.
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const quotes = SAMPLE_CSV.replace('CARD PAYMENT', '"CARD "PAYMENT').replace('ACME LTD', 'ACME LTD"",""');
    res = await send(quotes, 'quotes.csv');
    if (res.statusCode !== 200) await expectRefused(t, res, res.statusCode, ['no_transactions_found', 'unsupported_file_type']);
    const open = `${SAMPLE_CSV}"01/04/2024,never closed,1.00,,2441.70\r\n`.repeat(3);
    res = await send(open, 'open-quote.csv');
    if (res.statusCode !== 200) await expectRefused(t, res, res.statusCode, ['no_transactions_found', 'unsupported_file_type']);
  });

  it('a CSV of 10,000 columns gets a contract answer', async () => {
    const header = ['Date', 'Description', 'Amount', 'Balance', ...Array.from({ length: 9996 }, (_, i) => `Extra${i}`)].join(',');
    const row = (d: string, a: string, b: string) => [d, 'SHOP', a, b, ...Array(9996).fill('x')].join(',');
    const csv = [header, row('01/03/2024', '-1.00', '99.00'), row('02/03/2024', '-2.00', '97.00'), ''].join('\n');
    const res = await send(csv, 'wide.csv');
    if (res.statusCode !== 200) await expectRefused(t, res, res.statusCode, ['no_transactions_found', 'security_check_failed']);
  });
});
