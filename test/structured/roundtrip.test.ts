// Statements written by our own OFX, QBO and QIF writers read back by the structured readers: the same
// rows (date, amount, description within the format's limits, reference); and real structured files
// converted to OFX and back. The OFX writer keeps the FITIDs a downloaded OFX gave.
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/engine/convert.js';
import { sniff } from '../../src/engine/sniff.js';
import type { EngineResult } from '../../src/engine/types.js';
import { toCp1252Text } from '../../src/formats/cp1252.js';
import { severalAccounts } from '../../src/formats/per-account.js';
import { statementOfResult } from '../../src/engine/statements/merge.js';
import { ctxOf, fixture } from '../formats/fixture.js';
import { bytesOf } from '../formats/helpers.js';
import { CAMT_DIR, convertFile, MT940_DIR, OFX_DIRS, filesUnder, HAS_CORPUS } from './corpus.js';

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const back = async (format: 'ofx' | 'qbo' | 'qif', result: EngineResult, options = {}) => {
  const bytes = await bytesOf(format, ctxOf(result, options));
  const kind = sniff(new Uint8Array(bytes)).kind;
  expect(kind).toBe(format === 'qif' ? 'qif' : 'ofx');
  return convert(new Uint8Array(bytes), {});
};
const rowsOf = (r: EngineResult, text = (s: string) => s) =>
  r.transactions.map((t) => ({
    Date: t.Date,
    Type: t.Type,
    Amount: t.Amount,
    Description: text(squash(t.Description)),
    Reference: squash(t.Reference),
    Currency: t.Currency,
  }));

describe('round trips through our own writers', () => {
  const result = fixture();

  it('OFX (2.x XML): same rows; the ledger balance comes back as the closing balance', async () => {
    const r = await back('ofx', result);
    expect(rowsOf(r)).toEqual(rowsOf(result));
    expect(r.reconcile_status).toBe('NO_BAL');
    expect(r.statements![0]).toMatchObject({ closing_balance: '2154.09', opening_balance: null, period: { from: '2025-03-01', to: '2025-03-31' } });
    // The writer prints the account id masked to its last four (docs/payees.md); that is what comes back.
    expect(r.meta.accountId).toBe(`XXXX${result.meta.accountId!.slice(-4)}`);
  });

  it('QBO (OFX 1.0.2 SGML, Windows-1252): same rows, text as cp1252 can hold it', async () => {
    const r = await back('qbo', result, { qbo_bid: '12345' });
    expect(rowsOf(r)).toEqual(rowsOf(result, toCp1252Text));
  });

  it('QIF (day/month and month/day): same rows; QIF states no balance and no currency', async () => {
    for (const date_format of ['dmy', 'mdy'] as const) {
      const r = await back('qif', result, { date_format });
      expect(rowsOf(r)).toEqual(rowsOf(result));
      expect(r.reconcile_status).toBe('NO_BAL');
      expect(r.warnings.map((w) => w.code)).toContain('currency_assumed');
    }
  });

  it.skipIf(!HAS_CORPUS)('OFX written twice from one download keeps its FITIDs (a re-import dedupes in the bank feed)', async () => {
    const f = filesUnder(OFX_DIRS[1], (n) => n === 'Extrait-de-compte-20220802.pdf.ofx')[0];
    const first = await convertFile(f);
    const bytes = (await bytesOf('ofx', ctxOf(first))).toString('utf8');
    const fitids = [...bytes.matchAll(/<FITID>([^<]*)<\/FITID>/g)].map((m) => m[1]);
    expect(fitids).toEqual(first.sourceIds);
    const again = await back('ofx', first);
    expect(again.sourceIds).toEqual(first.sourceIds);
    expect(rowsOf(again)).toEqual(rowsOf(first));
  });

  it.skipIf(!HAS_CORPUS)('a repeated FITID in the source (Ally) is written once; the repeat gets a derived id', async () => {
    const f = filesUnder(OFX_DIRS[0], (n) => n === 'transactions.qfx')[0];
    const r = await convertFile(f);
    const bytes = (await bytesOf('ofx', ctxOf(r))).toString('utf8');
    const fitids = [...bytes.matchAll(/<FITID>([^<]*)<\/FITID>/g)].map((m) => m[1]);
    expect(fitids[0]).toBe('21302970191741');
    expect(new Set(fitids).size).toBe(2);
  });

  for (const [name, file] of [
    ['MT940 (Rabobank)', `${MT940_DIR}/jejik/rabobank-iban.sta`],
    ['MT940 (sepa, reversal rows)', `${MT940_DIR}/betterplace/with_binary_character.sta`],
    ['camt.053', `${CAMT_DIR}/camt053_no_namespace.xml`],
  ] as const) {
    it.skipIf(!HAS_CORPUS)(`${name} -> OFX -> back gives the same rows`, async () => {
      // A file of several accounts is written as a ZIP of one OFX per account (issue 18): the first is read back.
      const whole = await convertFile(file);
      const first = severalAccounts(whole) ? statementOfResult(whole, 1) : whole;
      const r = await back('ofx', first);
      // NAME holds 32 characters and MEMO 255: longer descriptions come back cut at 255.
      expect(rowsOf(r)).toEqual(rowsOf(first, (s) => [...s].slice(0, 255).join('')));
      expect(r.statements![0].closing_balance).toBe(first.meta.closingBalance);
    });
  }
});
