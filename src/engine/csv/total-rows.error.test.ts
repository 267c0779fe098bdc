// A line labelled as a total whose figure is no sum of the rows, with no printed balance around it to
// check it, may have moved money: it is named, and the result is not PASS.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';

describe('a total-worded line whose figure is no sum', () => {
  it('is named by a blocking rows_skipped and keeps the result from PASS', async () => {
    const text = 'Date,Description,Amount\n01/03/2024,TESCO,-10.00\n02/03/2024,SALARY,500.00\n,Total,99.00\n,Closing balance,1490.00\n';
    const r = await convert(new TextEncoder().encode(`Opening balance,1000.00\n${text}`), { filename: 's.csv' });
    const w = r.warnings.find((x) => x.code === 'rows_skipped' && x.message.includes('Total 99.00'));
    expect(w?.blocks).toBe(true);
    expect(r.reconcile_status).not.toBe('PASS');
  });
});
