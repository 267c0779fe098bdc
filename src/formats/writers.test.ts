// Behaviour every route and the CLI rely on: the registry, content types and file names of
// contract.md, refusals before the first byte, Xero splitting, Sage limits and options, the QBO BID.
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { bigResult, ctxOf, fixture } from '../../test/formats/fixture.js';
import { bytesOf } from '../../test/formats/helpers.js';
import { safeStem, writerFor } from './index.js';
import { QBO_PLACEHOLDER_BID } from './qbo.writer.js';
import { FILE_FORMATS, type FileFormat } from './index.js';

const CONTRACT: Record<FileFormat, [string, string]> = {
  csv: ['text/csv; charset=utf-8', 'bank.csv'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'bank.xlsx'],
  xero: ['text/csv; charset=utf-8', 'bank-xero.csv'],
  quickbooks: ['text/csv; charset=utf-8', 'bank-quickbooks.csv'],
  sage: ['text/csv; charset=utf-8', 'bank-sage.csv'],
  freeagent: ['text/csv; charset=utf-8', 'bank-freeagent.csv'],
  ofx: ['application/x-ofx', 'bank.ofx'],
  qbo: ['application/vnd.intu.qbo', 'bank.qbo'],
  qif: ['application/qif', 'bank.qif'],
};

const multiCurrency = () => {
  const r = fixture();
  r.transactions[4].Currency = 'EUR';
  return r;
};

describe('writer registry', () => {
  it.each(FILE_FORMATS)('%s: content type and file name of contract.md', (format) => {
    const w = writerFor(format);
    expect(w.format).toBe(format);
    expect([w.contentTypeFor(fixture()), w.fileName('bank', fixture())]).toEqual(CONTRACT[format]);
    expect(w.contentType).toBe(CONTRACT[format][0]);
  });

  it('rejects an unknown format as invalid_request', () => {
    expect(() => writerFor('pdf' as FileFormat)).toThrow(/Unknown format/);
    expect(() => writerFor('__proto__' as FileFormat)).toThrow(/Unknown format/);
  });

  it('safeStem keeps a safe stem', () => {
    expect(safeStem('C:\\x\\My Statement (March).pdf')).toBe('My_Statement_March');
    expect(safeStem('../../.pdf')).toBe('statement');
  });
});

describe('one account, one currency', () => {
  it.each(['xero', 'quickbooks', 'sage', 'freeagent', 'ofx', 'qbo', 'qif'] as const)(
    '%s writes a ZIP of one file per currency, each holding only its rows',
    async (format) => {
      const w = writerFor(format);
      expect(() => w.check(multiCurrency(), {})).not.toThrow();
      expect(w.contentTypeFor(multiCurrency())).toBe('application/zip');
      expect(w.fileName('bank', multiCurrency())).toBe(`bank-${format}-currencies.zip`);
      const files = unzipSync(await bytesOf(format, ctxOf(multiCurrency(), {}, 'bank')));
      const names = Object.keys(files);
      expect(names).toHaveLength(2);
      expect(names[0]).toMatch(/^bank-GBP/);
      expect(names[1]).toMatch(/^bank-EUR/);
      const eur = strFromU8(files[names[1]]);
      const gbp = strFromU8(files[names[0]]);
      const row4 = multiCurrency().transactions[4];
      const amount = row4.Amount.replace(/^-/, '');
      expect(eur).toContain(amount);
      expect(eur.includes('BRITISH GAS')).toBe(false);
      expect(gbp).toContain('BRITISH GAS');
      // Each raw writer still holds one currency only: a part never mixes them.
      if (format === 'ofx' || format === 'qbo') expect(eur).toContain('<CURDEF>EUR');
    },
  );

  it.each(['csv', 'xlsx'] as const)('%s carries every currency', async (format) => {
    expect(() => writerFor(format).check(multiCurrency(), {})).not.toThrow();
    expect((await bytesOf(format, ctxOf(multiCurrency()))).length).toBeGreaterThan(0);
  });
});

describe('xero over 1,000 lines', () => {
  it('is a zip of CSVs of at most 1,000 lines each, in order', async () => {
    const big = bigResult(2501);
    const w = writerFor('xero');
    expect(w.contentTypeFor(big)).toBe('application/zip');
    expect(w.fileName('bank', big)).toBe('bank-xero.zip');
    const files = unzipSync(await bytesOf('xero', ctxOf(big, {}, 'bank')));
    const names = Object.keys(files);
    expect(names).toEqual(['bank-xero-1-of-3.csv', 'bank-xero-2-of-3.csv', 'bank-xero-3-of-3.csv']);
    const lines = names.map((n) => strFromU8(files[n]).trimEnd().split('\r\n'));
    expect(lines.map((l) => l.length - 1)).toEqual([1000, 1000, 501]);
    for (const l of lines) expect(l[0]).toBe('*Date,*Amount,Payee,Description,Reference,Cheque Number');
    expect(lines[1][1].split(',')[1]).toBe(big.transactions[1000].Amount);
    expect(lines[2][501].split(',')[1]).toBe(big.transactions[2500].Amount);
  });

  it('exactly 1,000 lines stay one CSV', async () => {
    expect(writerFor('xero').fileName('bank', bigResult(1000))).toBe('bank-xero.csv');
  });
});

describe('sage', () => {
  it('refuses an amount that does not fit Net Amount (8 digits + 2 decimals)', () => {
    const r = fixture();
    r.transactions[0].Amount = '-123456789.00';
    expect(() => writerFor('sage').check(r, {})).toThrow(/Row 1/);
  });
});

describe('qbo', () => {
  it(`writes the placeholder BID ${QBO_PLACEHOLDER_BID} unless qbo_bid is set`, async () => {
    const plain = (await bytesOf('qbo', ctxOf(fixture()))).toString('latin1');
    expect(plain).toContain(`<INTU.BID>${QBO_PLACEHOLDER_BID}\r\n`);
    const set = (await bytesOf('qbo', ctxOf(fixture(), { qbo_bid: '3000' }))).toString('latin1');
    expect(set).toContain('<INTU.BID>3000\r\n');
    expect(set).toContain('<FID>3000\r\n');
  });
});

describe('streaming', () => {
  it.each(FILE_FORMATS)(
    '%s writes a large result in several chunks',
    async (format) => {
      let chunks = 0;
      for await (const c of writerFor(format).write(ctxOf(bigResult(20_000)))) if (c.byteLength > 0) chunks++;
      expect(chunks).toBeGreaterThan(1);
    },
    30_000,
  );
});

describe('a statement with no rows', () => {
  it.each(FILE_FORMATS)('%s still writes a well-formed file', async (format) => {
    const r = fixture();
    r.transactions = [];
    r.provenance = [];
    r.transaction_count = 0;
    const bytes = await bytesOf(format, ctxOf(r));
    // FreeAgent's CSV has no header row: no rows is an empty file.
    if (format === 'freeagent') expect(bytes.length).toBe(0);
    else expect(bytes.length).toBeGreaterThan(0);
    if (format === 'ofx') expect(bytes.toString()).toContain('<BALAMT>2154.09</BALAMT>');
  });
});

describe('an engine bug', () => {
  it.each(FILE_FORMATS)('%s rejects a malformed date instead of hanging or writing it', async (format) => {
    const r = fixture();
    r.transactions[5].Date = '2025-03-06';
    await expect(bytesOf(format, ctxOf(r))).rejects.toThrow(/DD\/MM\/YYYY/);
  });
});

describe('numeric columns skip the formula guard, so they are checked', () => {
  it.each(FILE_FORMATS)('%s rejects an amount that is not a plain decimal', async (format) => {
    const r = fixture();
    r.transactions[3].Amount = '=1+1';
    r.transactions[3].Credit = '=1+1';
    await expect(bytesOf(format, ctxOf(r))).rejects.toThrow(/plain decimal/);
  });
});
