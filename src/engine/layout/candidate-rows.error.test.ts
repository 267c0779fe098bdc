// A line that reads like a total where no printed balance can tell whether it is a transaction: it
// stays a row with its text, and rows_undecided names it and keeps the result from PASS.
import { describe, expect, it } from 'vitest';
import { WARNINGS } from '../warnings.js';
import { convert } from '../convert.js';

describe('a total-like line nothing decides', () => {
  it('stays a row, named by a blocking warning', async () => {
    const text = [
      'Test Bank plc',
      'Statement period 1 March 2024 to 31 March 2024',
      'Date       Description                          Amount',
      '02 Mar 24  TESCO STORES                         10.00',
      '03 Mar 24  MONTHLY FEE                           2.50',
      '           TOTAL CHARGES TO 28 FEB              99.00',
      '04 Mar 24  SALARY ACME                        -500.00',
    ].join('\n');
    const r = await convert(new TextEncoder().encode(text), { filename: 's.txt' });
    expect(r.transactions.map((t) => t.Description)).toContain('TOTAL CHARGES TO 28 FEB');
    const w = r.warnings.find((x) => x.code === 'rows_undecided');
    expect(w?.row).toBe(3);
    expect(WARNINGS.rows_undecided.blocks).toBe(true);
    expect(r.reconcile_status).not.toBe('PASS');
  });
});
