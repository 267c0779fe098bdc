// The page's (and the render endpoint's) verdict of corrected rows: the engine's own equations checked
// again against the rows as they stand, decided by the engine's rule and table. Exact, honest.
import { describe, expect, it } from 'vitest';
import { proofOf } from '../../../engine/proof.js';
import { reconcile, type DraftRow } from '../../../engine/reconcile.js';
import type { EngineResult, Transaction } from '../../../engine/types.js';
import { WARNINGS } from '../../../engine/warnings.js';
import { verdictOf, type RowNow } from './recheck.js';

const row = (date: string, amount: bigint, balance?: bigint | null): DraftRow => ({ date, description: ['Row'], amount, balance, provenance: { page: 1 } });

/** The engine's result as the page receives it: the proof in the contract's form. */
function engine(rows: DraftRow[], figures = {}): EngineResult & { proof: ReturnType<typeof proofOf> } {
  const r = reconcile({ bank: 'generic', currency: 'GBP', rows, figures, meta: { inputKind: 'pdf' } });
  return { ...r, proof: proofOf(r) } as EngineResult & { proof: ReturnType<typeof proofOf> };
}
const asRead = (r: { transactions: Transaction[] }): RowNow<Transaction>[] => r.transactions.map((t, key) => ({ t: { ...t }, key }));
const amount = (t: Transaction, a: string): Transaction => ({
  ...t,
  Amount: a,
  Debit: a.startsWith('-') ? a.slice(1) : '',
  Credit: a.startsWith('-') ? '' : a,
});

// Opening 1,000.00; three rows to a closing of 850.10, a balance printed after the first row only.
const read = () =>
  engine([row('2026-03-01', -10000n, 90000n), row('2026-03-02', -10n), row('2026-03-03', -4980n)], { GBP: { opening: 100000n, closing: 85010n } });

describe('the page re-checks the engine equations', () => {
  it('gives the engine verdict for the rows as read, with exact decimals', () => {
    const r = read();
    expect(r.reconcile_status).toBe('PASS');
    const v = verdictOf(asRead(r), r, WARNINGS);
    expect(v).toMatchObject({ reconcile_status: 'PASS', reconcile_diff: 0, warnings: [] });
    expect(v.proof.map((e) => e.rows)).toEqual([[1], [2, 3]]);
  });
  it('names the row whose balance no longer follows after a correction, with the exact difference', () => {
    const r = read();
    const rows = asRead(r);
    rows[1].t = amount(rows[1].t, '-1.10');
    const v = verdictOf(rows, r, WARNINGS);
    expect(v.reconcile_status).toBe('RECONCILE_WARN');
    expect(v.reconcile_diff).toBe(1);
    expect(v.warnings[0]).toMatchObject({ code: 'balance_mismatch', equation: 2 });
    expect(v.warnings[0].message).toContain('849.10 GBP');
    expect(v.proof.map((e) => e.holds)).toEqual([true, false]);
  });
  it('turns a break the engine found into a PASS once the misread amount is corrected', () => {
    const r = engine([row('2026-03-01', -10000n, 90000n), row('2026-03-02', -2000n, 89000n)]);
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.warnings.map((w) => [w.code, w.equation])).toEqual([['balance_mismatch', 2]]);
    const rows = asRead(r);
    rows[1].t = amount(rows[1].t, '-10.00');
    expect(verdictOf(rows, r, WARNINGS)).toMatchObject({ reconcile_status: 'PASS', warnings: [] });
  });
  it('takes a missed row the person adds into the equation it belongs to', () => {
    // The statement: -100.00 to 900.00, -10.00, -49.80 to 840.20; the middle row was not read.
    const r = engine([row('2026-03-01', -10000n, 90000n), row('2026-03-03', -4980n, 84020n)]);
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    const rows = asRead(r);
    rows.splice(1, 0, { t: { ...rows[1].t, Amount: '-10.00', Debit: '10.00', Balance: '' }, key: 99, added: true });
    const v = verdictOf(rows, r, WARNINGS);
    expect(v.proof[1].rows).toEqual([2, 3]);
    expect(v.reconcile_status).toBe('PASS');
  });
  it('a deleted row leaves its equation, which then fails', () => {
    const r = read();
    const rows = asRead(r).filter((x) => x.key !== 1);
    expect(verdictOf(rows, r, WARNINGS).reconcile_status).toBe('RECONCILE_WARN');
  });
  it('a deleted row takes its printed balance with it: the next balance is checked from the one before', () => {
    const r = engine([row('2026-03-01', -10000n, 90000n), row('2026-03-02', -2000n, 88000n), row('2026-03-03', -500n, 87500n)], { GBP: { opening: 100000n } });
    const rows = asRead(r).filter((x) => x.key !== 1);
    const v = verdictOf(rows, r, WARNINGS);
    expect(v.proof.map((e) => [e.rows, e.start, e.end])).toEqual([
      [[1], '1000.00', '900.00'],
      [[2], '900.00', '875.00'],
    ]);
    expect(v.warnings).toMatchObject([{ code: 'balance_mismatch', row: 2 }]);
  });
  it('a corrected printed balance moves the figure its equations start or end at', () => {
    const r = engine([row('2026-03-01', -10000n, 90000n), row('2026-03-02', -2000n, 87000n)]);
    const rows = asRead(r);
    rows[0].t = { ...rows[0].t, Balance: '890.00' };
    expect(verdictOf(rows, r, WARNINGS).reconcile_status).toBe('PASS');
  });
  it('keeps every warning the table says blocks PASS, whatever the balances say', () => {
    const r = read();
    const blocked = { ...r, warnings: [{ code: 'direction_ambiguous' as const, message: 'd' }] };
    expect(verdictOf(asRead(r), blocked, WARNINGS).reconcile_status).toBe('RECONCILE_WARN');
    for (const code of ['date_invalid', 'decimal_ambiguous', 'grouping_uncertain', 'rows_undecided', 'page_unread'] as const) {
      expect(verdictOf(asRead(r), { ...r, warnings: [{ code, message: 'x' }] }, WARNINGS).reconcile_status).toBe('RECONCILE_WARN');
    }
    // Notes do not block; an instance that says it does not block does not; a code nobody declared does.
    expect(verdictOf(asRead(r), { ...r, warnings: [{ code: 'year_inferred', message: 'y', blocks: false }] }, WARNINGS).reconcile_status).toBe('PASS');
    expect(verdictOf(asRead(r), { ...r, warnings: [{ code: 'rows_skipped', message: 's' }] }, WARNINGS).reconcile_status).toBe('RECONCILE_WARN');
    expect(verdictOf(asRead(r), { ...r, warnings: [{ code: 'made_up', message: 'm' }] }, WARNINGS).reconcile_status).toBe('RECONCILE_WARN');
  });
  it('keeps a contradiction no equation owns (a balance printed outside the rows) after any correction', () => {
    const r = engine([row('2026-03-01', -10000n, 90000n), row('2026-03-02', -2000n, 88000n)], { GBP: { between: [12345n] } });
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    const rows = asRead(r);
    rows[0].t = { ...rows[0].t, Description: 'Corrected' };
    expect(verdictOf(rows, r, WARNINGS).reconcile_status).toBe('RECONCILE_WARN');
  });
  it('a printed total takes every row of its direction: a row turned round moves between totals', () => {
    const r = engine([row('2026-03-01', -1000n), row('2026-03-02', 500n)], { GBP: { totalIn: 500n, totalOut: 1000n } });
    expect(r.reconcile_status).toBe('PASS');
    const rows = asRead(r);
    rows[1].t = amount(rows[1].t, '-5.00');
    const v = verdictOf(rows, r, WARNINGS);
    expect(v.reconcile_status).toBe('RECONCILE_WARN');
    expect(v.warnings.map((w) => w.code).sort()).toEqual(['totals_mismatch', 'totals_mismatch']);
  });
  it('stays NO_BAL when nothing printed checks anything, and never passes a lone balance', () => {
    const none = engine([row('2026-03-01', -500n), row('2026-03-02', -100n)]);
    expect(verdictOf(asRead(none), none, WARNINGS).reconcile_status).toBe('NO_BAL');
    const lone = engine([row('2026-03-01', -500n, 1000n), row('2026-03-02', -100n)]);
    expect(lone.reconcile_status).toBe('NO_BAL');
    expect(verdictOf(asRead(lone), lone, WARNINGS).reconcile_status).toBe('NO_BAL');
  });
});
