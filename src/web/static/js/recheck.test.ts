// The browser's (and the render endpoint's) balance check of corrected rows: exact, honest.
import { describe, expect, it } from 'vitest';
import { recheck, verdictOf } from './recheck.js';

const meta = { currency: 'GBP', currencyExponent: 2, openingBalance: '1000.00', closingBalance: '850.10' };
const row = (Date: string, Amount: string, Balance: string) => ({ Date, Amount, Balance, Currency: 'GBP' });
const rows = [row('01/03/2026', '-100.00', '900.00'), row('02/03/2026', '-0.10', ''), row('03/03/2026', '-49.80', '850.10')];

describe('recheck', () => {
  it('passes rows that chain from opening to closing, with exact decimals (0.1 + 0.2 style sums)', () => {
    expect(recheck(rows, meta)).toMatchObject({ status: 'PASS', diff: '0', warnings: [] });
    const tiny = [row('01/03/2026', '0.1', ''), row('01/03/2026', '0.2', '0.3')];
    expect(recheck(tiny, { ...meta, openingBalance: '0', closingBalance: null }).status).toBe('PASS');
  });
  it('names the row whose balance does not follow, with the exact difference', () => {
    const edited = [rows[0], row('02/03/2026', '-1.10', ''), rows[2]];
    const r = recheck(edited, meta);
    expect(r.status).toBe('RECONCILE_WARN');
    expect(r.diff).toBe('1.00');
    expect(r.warnings[0]).toMatchObject({ code: 'balance_mismatch', row: 3 });
    expect(r.warnings[0].message).toContain('849.10 GBP');
  });
  it('says NO_BAL when nothing can be checked, and never PASS for a lone balance', () => {
    expect(recheck([row('01/03/2026', '-5.00', '')], { ...meta, openingBalance: null, closingBalance: null }).status).toBe('NO_BAL');
    const lone = recheck([row('01/03/2026', '-5.00', '10.00'), row('02/03/2026', '-1.00', '')], { ...meta, openingBalance: null, closingBalance: null });
    expect(lone.status).toBe('NO_BAL');
    const half = recheck([row('01/03/2026', '-5.00', '10.00'), row('02/03/2026', '-1.00', '9.00')], { ...meta, openingBalance: null, closingBalance: null });
    expect(half.status).toBe('RECONCILE_WARN');
    expect(half.warnings[0]).toMatchObject({ code: 'rows_unverified', row: 1 });
  });
  it('reads newest-first rows bottom-up', () => {
    const desc = [rows[2], rows[1], rows[0]];
    expect(recheck(desc, meta).status).toBe('PASS');
  });
  it('keeps other warnings, and a blocking one keeps the verdict from PASS', () => {
    const v = verdictOf(
      rows,
      meta,
      [
        { code: 'balance_mismatch', message: 'old', row: 2 },
        { code: 'year_inferred', message: 'y' },
      ],
      'RECONCILE_WARN',
    );
    expect(v.reconcile_status).toBe('PASS');
    expect(v.warnings.map((w) => w.code)).toEqual(['year_inferred']);
    expect(verdictOf(rows, meta, [{ code: 'grouping_uncertain', message: 'g' }], 'PASS').reconcile_status).toBe('RECONCILE_WARN');
  });
  it('never turns rows the engine could not check into PASS (its balances may be computed)', () => {
    const unverified = [{ code: 'rows_unverified', message: 'u', row: 2 }];
    const v = verdictOf(rows, meta, unverified, 'RECONCILE_WARN');
    expect(v.reconcile_status).toBe('RECONCILE_WARN');
    expect(v.warnings).toEqual(unverified);
    expect(verdictOf(rows, meta, [], 'NO_BAL').reconcile_status).toBe('NO_BAL');
  });
});
