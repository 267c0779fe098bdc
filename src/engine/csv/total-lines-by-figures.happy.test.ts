// A CSV's total line is told by its figures, not its word: a "Total" line whose figure is the sum of
// the rows is no transaction, and a payee named with a total's word ("TOTAL FITNESS") is a row.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';

const run = (text: string) => convert(new TextEncoder().encode(text), { filename: 's.csv' });

describe('total lines in a CSV, told by their figures', () => {
  it('a total that sums the rows is left out without a word; a payee named TOTAL is a row (PASS)', async () => {
    const r = await run(
      'Date,Description,Amount,Balance\n01/03/2024,TESCO,-10.00,990.00\n02/03/2024,SALARY,500.00,1490.00\n03/03/2024,TOTAL FITNESS,-45.00,1445.00\n,Total,445.00,\n',
    );
    expect(r.transactions.map((t) => t.Description)).toEqual(['TESCO', 'SALARY', 'TOTAL FITNESS']);
    expect(r.warnings.map((w) => w.code)).not.toContain('rows_skipped');
    expect(r.reconcile_status).toBe('PASS');
  });

  it('a total of the money out and of the money in, each its column sum, is no transaction', async () => {
    const r = await run(
      'Date,Description,Paid out,Paid in,Balance\n01/03/2024,TESCO,10.00,,990.00\n02/03/2024,SALARY,,500.00,1490.00\n03/03/2024,GYM,45.00,,1445.00\n,Totals,55.00,500.00,\n',
    );
    expect(r.transactions).toHaveLength(3);
    expect(r.warnings.map((w) => w.code)).not.toContain('rows_skipped');
  });

  it('a total-worded line between two printed balances is checked by them (named, not blocking)', async () => {
    const r = await run(
      'Date,Description,Amount,Balance\n01/03/2024,TESCO,-10.00,990.00\n02/03/2024,SALARY,500.00,1490.00\n,Total,99.00,\n03/03/2024,VODAFONE,-45.00,1445.00\n',
    );
    const w = r.warnings.find((x) => x.code === 'rows_skipped');
    expect(w?.message).toContain('Total 99.00');
    expect(w?.blocks).toBe(false);
    expect(r.reconcile_status).toBe('PASS');
  });
});
