// Every format's import check (issue 18): what the writer splits or adjusts for its package's documented
// rules, as the X-Import-Notes header says it; and the FreeAgent CSV itself.
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { bigResult, ctxOf, fixture } from '../../test/formats/fixture.js';
import { bytesOf, textOf } from '../../test/formats/helpers.js';
import { importNotes, importNotesHeader } from './import-checks.js';
import { writerFor } from './index.js';
import { QUICKBOOKS_MAX_BYTES } from './quickbooks.writer.js';
import type { EngineResult } from '../engine/types.js';

const twoAccounts = (): EngineResult => {
  const r = fixture();
  const s = (last4: string, first: number, count: number) => ({
    account: { name: null, sort_code: '20-00-00', number_last4: last4, iban_masked: null, currency: 'GBP', kind: null },
    period: { from: '2025-03-01', to: '2025-03-31' },
    opening_balance: null,
    closing_balance: null,
    reconcile_status: 'PASS' as const,
    reconcile_diff: 0,
    first_row: first,
    row_count: count,
  });
  r.statements = [s('1111', 1, 6), s('2222', 7, 7)];
  r.statementIds = [
    { accountId: '11111111', bankId: '20-00-00' },
    { accountId: '22222222', bankId: '20-00-00' },
  ];
  return r;
};

describe('import checks per accounting format', () => {
  it('QuickBooks: zero amounts left out, and a file over 350 KB split into a ZIP of parts under it', async () => {
    expect(importNotes(writerFor('quickbooks'), fixture())).toEqual([
      '1 row with a zero amount left out (QuickBooks Online: zero amounts must be blank, and Amount is required).',
    ]);
    const big = bigResult(12_000);
    const notes = importNotes(writerFor('quickbooks'), big);
    expect(notes.join(' ')).toMatch(/at most 350 KB: split into \d+ files/);
    const w = writerFor('quickbooks');
    expect(w.contentTypeFor(big)).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await bytesOf('quickbooks', ctxOf(big))));
    const parts = Object.values(files);
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(QUICKBOOKS_MAX_BYTES);
    const rows = parts.reduce((n, p) => n + strFromU8(p).trim().split('\r\n').length - 1, 0);
    expect(rows).toBe(big.transactions.filter((t) => !/^-?0*(\.0*)?$/.test(t.Amount)).length);
  });

  it('Xero: more than 1,000 lines split', () => {
    expect(importNotes(writerFor('xero'), fixture())).toEqual([]);
    expect(importNotes(writerFor('xero'), bigResult(2500))[0]).toMatch(/at most 1,000 lines per file: split into 3 files/);
  });

  it('Sage: one-line descriptions, Details and Reference cut to their fields', () => {
    const r = fixture();
    r.transactions[0].Description = 'LINE ONE\nLINE TWO';
    r.transactions[1].Reference = 'R'.repeat(31);
    const notes = importNotes(writerFor('sage'), r);
    expect(notes).toEqual([
      '1 description of several lines written on one line (Sage takes one-line Details).',
      "1 description cut to Sage's 60-character Details field.",
      "1 reference cut to Sage's 30-character Reference field.",
    ]);
  });

  it('FreeAgent: commas, quotes and line breaks counted; OFX/QBO: long payees and the QBO placeholder BID; QIF: the date order', () => {
    expect(importNotes(writerFor('freeagent'), fixture())[0]).toMatch(/^3 descriptions had commas, quote marks or line breaks/);
    const r = fixture();
    r.payees = r.transactions.map(() => 'A VERY LONG PAYEE NAME THAT DOES NOT FIT IN OFX');
    expect(importNotes(writerFor('ofx'), r)).toEqual([`13 payees longer than OFX's 32-character NAME cut at a word; the full text is in MEMO.`]);
    expect(importNotes(writerFor('qbo'), fixture())[0]).toMatch(/placeholder 99999/);
    expect(importNotes(writerFor('qbo'), fixture(), { qbo_bid: '12345' })).toEqual([]);
    expect(importNotes(writerFor('qif'), fixture(), { date_format: 'mdy' })[0]).toMatch(/MM\/DD\/YYYY/);
    expect(importNotes(writerFor('csv'), fixture())).toEqual([]);
    expect(importNotes(writerFor('xlsx'), fixture())).toEqual([]);
  });

  it('several accounts in a one-account format: one note about the ZIP per statement; the header is ASCII', () => {
    expect(importNotes(writerFor('sage'), twoAccounts())[0]).toMatch(/ZIP of one file per statement/);
    const h = importNotesHeader(writerFor('qbo'), fixture());
    expect(h['X-Import-Notes']).toMatch(/^[\x20-\x7e]+$/);
    expect(importNotesHeader(writerFor('csv'), fixture())).toEqual({});
  });
});

describe('FreeAgent CSV', () => {
  it('three columns, no header, dd/mm/yyyy, signed amounts, no commas or quotes anywhere', async () => {
    const text = await textOf('freeagent', ctxOf(fixture()));
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(fixture().transactions.length);
    expect(lines[0]).toBe('03/03/2025,-45.67,DD BRITISH GAS & ELECTRIC <SERVICES>');
    expect(lines[1]).toBe('03/03/2025,-12.50,VIS TESCO STORES 2341 LONDON 1234 56 X');
    for (const l of lines) {
      expect(l.split(',')).toHaveLength(3);
      expect(l).not.toContain('"');
      expect(l.split(',')[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(l.split(',')[1]).toMatch(/^-?\d+\.\d{2}$/);
    }
    // The formula guard still applies to the text column.
    expect(lines[3].split(',')[2].startsWith("'=")).toBe(true);
    expect(writerFor('freeagent').fileName('bank', fixture())).toBe('bank-freeagent.csv');
  });

  it('several accounts: a ZIP of one FreeAgent file per statement', async () => {
    const files = unzipSync(new Uint8Array(await bytesOf('freeagent', ctxOf(twoAccounts(), {}, 'bank'))));
    expect(Object.keys(files).sort()).toEqual(['bank-1-1111-2025-03-01-freeagent.csv', 'bank-2-2222-2025-03-01-freeagent.csv']);
    expect(strFromU8(files['bank-2-2222-2025-03-01-freeagent.csv']).trim().split('\r\n')).toHaveLength(7);
  });
});
