import { describe, expect, it } from 'vitest';
import { convertFixedWidth } from '../text/index.js';

const read = (rows: string[]) =>
  convertFixedWidth(
    [
      'ACME BANK - Account Statement   All amounts in GBP',
      'Date       Description                     Amount    Balance',
      '           Opening balance                           100.00',
      ...rows,
      '           Closing balance                           130.00',
    ].join('\n'),
    { bank: 'auto', filename: 's.txt' },
  );

describe('entries the balance skips', () => {
  it('a declined payment (amount printed, balance unchanged) is left out, the chain deciding', async () => {
    const r = await read([
      '2026-01-02 Coffee shop                      -5.00     95.00',
      '2026-01-03 ONLINE PURCHASE                 -40.00     95.00',
      '2026-01-05 Salary credit                    50.00    145.00',
      '2026-01-09 Groceries                       -15.00    130.00',
    ]);
    expect(r.transactions.map((t) => t.Amount)).toEqual(['-5.00', '50.00', '-15.00']);
    expect(r.warnings.find((w) => w.code === 'rows_skipped')?.message).toContain('ONLINE PURCHASE');
    expect(r.reconcile_status).toBe('PASS');
  });
  it('a repeated balance the next row does not move on from is kept and reported', async () => {
    const r = await read([
      '2026-01-02 Coffee shop                      -5.00     95.00',
      '2026-01-03 ONLINE PURCHASE                 -40.00     95.00',
      '2026-01-05 Salary credit                    50.00    105.00',
      '2026-01-09 Groceries                        25.00    130.00',
    ]);
    expect(r.transactions).toHaveLength(4);
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
  });
});
