// Unsigned amounts take their direction from the printed balances. When a misprinted figure lets
// neither direction land on the balance, the row still breaks (RECONCILE_WARN at that row), and the
// direction that comes nearer the printed balance is kept rather than the default reading.
import { describe, expect, it } from 'vitest';
import { reconcile, type DraftRow } from '../../src/engine/reconcile.js';

const row = (date: string, amount: bigint, balance: bigint | null, ambiguous = true): DraftRow => ({
  date,
  description: ['ROW'],
  amount,
  alternatives: ambiguous ? [-amount] : undefined,
  balance,
});

describe('reconcile: a break on an ambiguous row', () => {
  it('keeps the direction nearer the printed balance (money out printed 1.00 too high)', () => {
    // 100.00 -> out 25.00 -> 75.00, but 26.00 is printed; default reading is money in.
    const r = reconcile({
      bank: 'generic',
      currency: 'GBP',
      meta: { inputKind: 'text' },
      order: 'asc',
      rows: [row('2024-03-01', 1000n, 10000n), row('2024-03-02', 2600n, 7500n), row('2024-03-03', 500n, 8000n)],
    });
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.transactions.map((t) => t.Amount)).toEqual(['10.00', '-26.00', '5.00']);
    const w = r.warnings.filter((x) => x.code === 'balance_mismatch');
    expect(w.map((x) => x.row)).toEqual([2]);
    expect(r.reconcile_diff).toBe(1);
  });

  it('keeps the default reading when both directions miss by the same amount', () => {
    const r = reconcile({
      bank: 'generic',
      currency: 'GBP',
      meta: { inputKind: 'text' },
      order: 'asc',
      rows: [row('2024-03-01', 1000n, 10000n), row('2024-03-02', 2500n, 10000n)],
    });
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.transactions[1].Amount).toBe('25.00');
  });

  it('still takes an exact fit, and leaves rows with a known direction alone', () => {
    const r = reconcile({
      bank: 'generic',
      currency: 'GBP',
      meta: { inputKind: 'text' },
      order: 'asc',
      rows: [row('2024-03-01', 1000n, 10000n), row('2024-03-02', 2500n, 7500n), row('2024-03-03', 500n, 9000n, false)],
    });
    expect(r.transactions.map((t) => t.Amount)).toEqual(['10.00', '-25.00', '5.00']);
    expect(r.warnings.filter((x) => x.code === 'balance_mismatch').map((x) => x.row)).toEqual([3]);
  });
});
