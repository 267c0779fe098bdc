import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { reconcile, reconcileBest, type DraftRow, type DraftStatement } from './reconcile.js';

const row = (date: string, amount: bigint, balance?: bigint | null, extra: Partial<DraftRow> = {}): DraftRow => ({
  date,
  description: ['Row'],
  amount,
  balance,
  provenance: { page: 1, lines: [0] },
  ...extra,
});
const stmt = (rows: DraftRow[], extra: Partial<DraftStatement> = {}): DraftStatement => ({
  bank: 'generic',
  currency: 'GBP',
  rows,
  meta: { inputKind: 'csv' },
  ...extra,
});

describe('reconcile verdicts', () => {
  it('PASS when every balance chains', () => {
    const r = reconcile(stmt([row('2024-01-01', -1000n, 9000n), row('2024-01-02', 500n, 9500n)]));
    expect(r.reconcile_status).toBe('PASS');
    expect(r.transactions[0]).toEqual({
      Date: '01/01/2024',
      Description: 'Row',
      Type: 'debit',
      Debit: '10.00',
      Credit: '',
      Amount: '-10.00',
      Balance: '90.00',
      Reference: '',
      Currency: 'GBP',
    });
    expect(r.meta.openingBalance).toBe('100.00');
  });
  it('NO_BAL with empty balances when nothing is printed', () => {
    const r = reconcile(stmt([row('2024-01-01', -1000n), row('2024-01-02', 500n)]));
    expect(r.reconcile_status).toBe('NO_BAL');
    expect(r.transactions.map((t) => t.Balance)).toEqual(['', '']);
  });
  it('one warning per break, diff = closing - (opening + sum)', () => {
    const r = reconcile(
      stmt([row('2024-01-01', -1000n, 9000n), row('2024-01-02', 500n, 9600n), row('2024-01-03', 100n, 9700n)], {
        figures: { GBP: { opening: 10000n, closing: 9700n } },
      }),
    );
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.warnings.filter((w) => w.code === 'balance_mismatch').map((w) => w.row)).toEqual([2]);
    expect(r.reconcile_diff).toBe(1);
  });
  it('fills balances for rows that print none (end of day balances)', () => {
    const r = reconcile(stmt([row('2024-01-01', -1000n, 9000n), row('2024-01-02', -200n), row('2024-01-02', 500n, 9300n)]));
    expect(r.reconcile_status).toBe('PASS');
    expect(r.transactions.map((t) => t.Balance)).toEqual(['90.00', '88.00', '93.00']);
  });
  it('rows after the last printed balance are not a PASS', () => {
    const r = reconcile(stmt([row('2024-01-01', -1000n, 9000n), row('2024-01-02', -100n, 8900n), row('2024-01-03', -200n)]));
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.warnings[0].code).toBe('rows_unverified');
    expect(r.warnings[0].row).toBe(3);
  });
  it('a lone printed balance checks nothing: NO_BAL, balances still computed from it', () => {
    const r = reconcile(stmt([row('2024-01-01', -1000n, 9000n), row('2024-01-02', -200n)]));
    expect(r.reconcile_status).toBe('NO_BAL');
    expect(r.transactions.map((t) => t.Balance)).toEqual(['90.00', '88.00']);
    expect(reconcile(stmt([row('2024-01-01', -1000n, 9000n)])).reconcile_status).toBe('NO_BAL');
  });
  it('a closing balance alone checks nothing, nor does an opening alone', () => {
    expect(reconcile(stmt([row('2024-01-01', -1000n), row('2024-01-02', -200n)], { figures: { GBP: { closing: 5000n } } })).reconcile_status).toBe('NO_BAL');
    expect(reconcile(stmt([row('2024-01-01', -1000n), row('2024-01-02', -200n)], { figures: { GBP: { opening: 5000n } } })).reconcile_status).toBe('NO_BAL');
  });
  it('opening + rows = closing verifies every row (a card summary)', () => {
    const r = reconcile(stmt([row('2024-01-01', -1000n), row('2024-01-02', 200n)], { figures: { GBP: { opening: -5000n, closing: -5800n } } }));
    expect(r.reconcile_status).toBe('PASS');
    expect(r.transactions.map((t) => t.Balance)).toEqual(['-60.00', '-58.00']);
  });
  it('a balance printed outside the rows that the rows never reach is a contradiction, not a PASS', () => {
    const rows = [row('2024-01-01', -1000n), row('2024-01-02', 200n)];
    const figures = (between: bigint[]) => ({ figures: { GBP: { opening: -5000n, closing: -5800n, between } } });
    // The balance after the first row (carried forward), the closing again, and the closing marked the other way.
    expect(reconcile(stmt(rows, figures([-6000n, -5800n, 5800n]))).reconcile_status).toBe('PASS');
    const r = reconcile(stmt(rows, figures([-5700n])));
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.warnings.find((w) => w.code === 'balance_mismatch')?.message).toContain('-57.00 GBP');
  });
  it('several rows before the first printed balance, with no opening, are unverified', () => {
    const r = reconcile(stmt([row('2024-01-01', -1000n), row('2024-01-01', -100n, 8900n), row('2024-01-02', -200n, 8700n)], { order: 'asc' }));
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.warnings.find((w) => w.code === 'rows_unverified')?.row).toBe(1);
  });
  it('printed totals in and out that agree verify every row', () => {
    const r = reconcile(stmt([row('2024-01-01', -1000n), row('2024-01-02', 200n)], { figures: { GBP: { totalIn: 200n, totalOut: 1000n } } }));
    expect(r.reconcile_status).toBe('PASS');
    const half = reconcile(stmt([row('2024-01-01', -1000n), row('2024-01-02', 200n)], { figures: { GBP: { totalIn: 200n } } }));
    expect(half.reconcile_status).toBe('RECONCILE_WARN');
    expect(half.warnings.find((w) => w.code === 'rows_unverified')?.row).toBe(1);
  });
  it('newest-first order chains bottom-up and keeps the printed order', () => {
    const r = reconcile(stmt([row('2021-05-03', -10000n, 20000n), row('2021-05-03', 12000n, 30000n)]));
    expect(r.reconcile_status).toBe('PASS');
    expect(r.transactions.map((t) => t.Amount)).toEqual(['-100.00', '120.00']);
    expect(r.meta.openingBalance).toBe('180.00');
  });
  it('picks the alternative the balance confirms', () => {
    const r = reconcile(
      stmt([row('2024-01-01', 1000n, 9000n), row('2024-01-02', 500n, 8500n, { alternatives: [-500n] })], { figures: { GBP: { opening: 8000n } } }),
    );
    expect(r.reconcile_status).toBe('PASS');
    expect(r.transactions[1].Amount).toBe('-5.00');
  });
  it('several ambiguous rows before one printed balance: the one combination that lands is taken', () => {
    const r = reconcile(
      stmt(
        [
          row('2024-01-01', 1000n, undefined, { alternatives: [-1000n] }),
          row('2024-01-01', 300n, undefined, { alternatives: [-300n] }),
          row('2024-01-01', 50n, 8650n, { alternatives: [-50n] }),
        ],
        { figures: { GBP: { opening: 10000n } }, order: 'asc' },
      ),
    );
    expect(r.transactions.map((t) => t.Amount)).toEqual(['-10.00', '-3.00', '-0.50']);
    expect(r.reconcile_status).toBe('PASS');
  });
  it('several combinations that land are a guess: the rows are not verified', () => {
    // +10 -10 and -10 +10 both leave the balance where it was.
    const r = reconcile(
      stmt([row('2024-01-01', 1000n, undefined, { alternatives: [-1000n] }), row('2024-01-01', 1000n, 10000n, { alternatives: [-1000n] })], {
        figures: { GBP: { opening: 10000n } },
        order: 'asc',
      }),
    );
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.warnings.some((w) => w.code === 'rows_unverified')).toBe(true);
  });
  it('reconcileBest takes the reading with fewest breaks', () => {
    const rows = [row('2024-01-01', 1000n, 9000n), row('2024-01-02', 500n, 8500n)];
    const flipped = rows.map((r) => ({ ...r, amount: -r.amount }));
    expect(reconcileBest([stmt(rows), stmt(flipped)]).transactions.map((t) => t.Amount)).toEqual(['-10.00', '-5.00']);
  });
  it('reconcileBest builds a reading given as a function only when an earlier one breaks', () => {
    const rows = [row('2024-01-01', -1000n, 9000n), row('2024-01-02', -500n, 8500n)];
    let built = 0;
    const later = () => {
      built++;
      return stmt(rows.map((r) => ({ ...r, amount: -r.amount })));
    };
    expect(reconcileBest([stmt(rows), later]).reconcile_status).toBe('PASS');
    expect(built).toBe(0);
    const broken = rows.map((r) => ({ ...r, amount: -r.amount }));
    expect(reconcileBest([stmt(broken), () => stmt(rows)]).transactions.map((t) => t.Amount)).toEqual(['-10.00', '-5.00']);
  });
  it('the reading choice and the order choice agree with exhaustive counting on many breaks', () => {
    // Newest-first rows whose flipped reading breaks on every row: the early stop must not change the pick.
    const rows: DraftRow[] = [];
    let bal = 100000n;
    for (let i = 0; i < 50; i++) {
      rows.unshift(row(`2024-02-${String(1 + (i % 28)).padStart(2, '0')}`, BigInt(-(i + 1) * 10), bal - BigInt((i + 1) * 10)));
      bal -= BigInt((i + 1) * 10);
    }
    const flipped = rows.map((r) => ({ ...r, amount: -r.amount }));
    const r = reconcileBest([stmt(flipped), stmt(rows)]);
    expect(r.reconcile_status).toBe('PASS');
    expect(r.transactions[0].Amount).toBe('-5.00');
  });
  it('chains balances per currency', () => {
    const r = reconcile(
      stmt([
        row('2024-01-01', -100n, 900n, { currency: 'EUR' }),
        row('2024-01-01', -5n, 95n, { currency: 'JPY' }),
        row('2024-01-02', -100n, 800n, { currency: 'EUR' }),
        row('2024-01-02', -10n, 85n, { currency: 'JPY' }),
      ]),
    );
    expect(r.reconcile_status).toBe('PASS');
    expect(r.transactions.map((t) => `${t.Currency} ${t.Amount} ${t.Balance}`)).toEqual(['EUR -1.00 9.00', 'JPY -5 95', 'EUR -1.00 8.00', 'JPY -10 85']);
  });
  it('totals that disagree warn', () => {
    const r = reconcile(stmt([row('2024-01-01', -1000n, 9000n)], { figures: { GBP: { totalOut: 999n } } }));
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.warnings[0].code).toBe('totals_mismatch');
  });
});

describe('reconcile properties', () => {
  const arb = fc.record({
    opening: fc.bigInt({ min: -(10n ** 8n), max: 10n ** 8n }),
    amounts: fc.array(
      fc.bigInt({ min: -(10n ** 7n), max: 10n ** 7n }).filter((a) => a !== 0n),
      { minLength: 2, maxLength: 40 },
    ),
  });
  const build = (opening: bigint, amounts: bigint[]) => {
    let b = opening;
    return amounts.map((a, i) => {
      b += a;
      return row(`2024-01-${String(1 + (i % 28)).padStart(2, '0')}`, a, b);
    });
  };
  it('PASS exactly when the chain holds', () => {
    fc.assert(
      fc.property(arb, ({ opening, amounts }) => {
        const r = reconcile(stmt(build(opening, amounts), { order: 'asc' }));
        expect(r.reconcile_status).toBe('PASS');
        expect(r.reconcile_diff).toBe(0);
      }),
    );
  });
  it('any single altered amount yields RECONCILE_WARN naming that row', () => {
    fc.assert(
      fc.property(arb, fc.nat(), fc.bigInt({ min: 1n, max: 10n ** 6n }), ({ opening, amounts }, k, delta) => {
        const rows = build(opening, amounts);
        const i = 1 + (k % (rows.length - 1)); // row 0 has no earlier balance to check it against
        rows[i] = { ...rows[i], amount: rows[i].amount + delta };
        const r = reconcile(stmt(rows, { order: 'asc' }));
        expect(r.reconcile_status).toBe('RECONCILE_WARN');
        expect(r.warnings.some((w) => w.code === 'balance_mismatch' && w.row === i + 1)).toBe(true);
      }),
    );
  });
  it('with a printed opening balance the first row is checked too', () => {
    fc.assert(
      fc.property(arb, fc.bigInt({ min: 1n, max: 10n ** 6n }), ({ opening, amounts }, delta) => {
        const rows = build(opening, amounts);
        rows[0] = { ...rows[0], amount: rows[0].amount - delta };
        const r = reconcile(stmt(rows, { order: 'auto', figures: { GBP: { opening } } }));
        expect(r.reconcile_status).toBe('RECONCILE_WARN');
        expect(r.warnings.some((w) => w.row === 1)).toBe(true);
      }),
    );
  });
});
