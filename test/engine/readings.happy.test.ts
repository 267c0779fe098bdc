// Whole-statement readings the balances choose from (docs/pdf-engine.md): where the page leaves the
// direction of the figures open, the balances decide; where they cannot tell (a mirror), the page's
// own marks and words do, never a flip of a printed minus.
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/engine/convert.js';
import { BANK_LAYOUTS } from '../fixtures/pdf/bank-layouts.js';
import { renderStatement, type BankStyle } from '../fixtures/pdf/render-statement.js';

const rowsOf = (ts: { Date: string; Description: string; Amount: string }[]) => ts.map((t) => [t.Date, t.Description, t.Amount]);

async function read(style: BankStyle, opts: Parameters<typeof renderStatement>[1]) {
  const { bytes, truth } = await renderStatement(style, { rows: 25, seed: 5, ...opts });
  const r = await convert(bytes, { filename: opts?.as === 'pdf' ? 's.pdf' : 's.txt' });
  return { r, truth };
}

describe('readings', () => {
  for (const as of ['text', 'pdf'] as const) {
    it(`unnamed in/out columns with only an opening and a closing (one printed minus): the columns turn, the minus does not (${as})`, async () => {
      // Read with the columns as placed and the balances' minus read as a card issuer's, every figure
      // would be the mirror of the truth and close the same equation.
      const { r, truth } = await read({ ...BANK_LAYOUTS.headerlessInOut, balance: 'none' }, { as });
      expect(rowsOf(r.transactions)).toEqual(rowsOf(truth.transactions));
      expect(r.reconcile_status).toBe('PASS');
    });
    it(`unnamed in/out columns where money in is rare (3 rows in 40): the sparse column is still a column (${as})`, async () => {
      // Fewer than a tenth of the dated lines print money in; the balances confirm each of them.
      const { r, truth } = await read(BANK_LAYOUTS.headerlessInOut, { as, rows: 40, seed: 7, creditShare: 0.06 });
      const credits = truth.transactions.filter((t) => !t.Amount.startsWith('-')).length;
      expect(credits).toBeGreaterThanOrEqual(2);
      expect(credits * 10).toBeLessThan(40);
      expect(rowsOf(r.transactions)).toEqual(rowsOf(truth.transactions));
      expect(r.reconcile_status).toBe('PASS');
    });
    it(`one unsigned amount column with balances printed once a day: each day's signs from its balance (${as})`, async () => {
      const { r, truth } = await read({ ...BANK_LAYOUTS.headerlessUnsigned, balance: 'day-end' }, { as });
      expect(rowsOf(r.transactions)).toEqual(rowsOf(truth.transactions));
      expect(r.reconcile_status).toBe('PASS');
    });
  }
});
