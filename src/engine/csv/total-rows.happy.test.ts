// Rows that print a total or a balance rather than a transaction are figures to check, not lines to
// skip.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import type { EngineResult } from '../types.js';

const run = (text: string): Promise<EngineResult> => convert(new TextEncoder().encode(text), { filename: 'export.csv' });
const amounts = (r: EngineResult) => r.transactions.map((t) => t.Amount);

describe('total and balance rows', () => {
  it('"Transactions Total" under the rows is a total, not a skipped line', async () => {
    const r = await run(
      [
        '"Date","Action","Description","Amount"',
        '"05/02/2023","Deposit","Payroll","$100.00"',
        '"05/01/2023","Buy","Index Fund","-$40.00"',
        '"Transactions Total","","","$60.00",',
      ].join('\n'),
    );
    expect(r.transactions).toHaveLength(2);
    expect(r.warnings.map((w) => w.code)).not.toContain('rows_skipped');
  });

  it('a dated balance with no amount under the rows is checked, not skipped: PASS when it agrees', async () => {
    const head = 'Date,Type,Description,Value,Balance,Account Name,Account Number';
    const rows = ['17 Aug 2026,DEB,TESCO,-24.50,1500.00,Current,12345678', '20 Aug 2026,FPI,SALARY,2300.00,3800.00,Current,12345678'];
    const ok = await run([head, ...rows, '25 Aug 2026,,Balance as at 25 Aug 2026,,3800.00,Current,12345678'].join('\n'));
    expect(amounts(ok)).toEqual(['-24.50', '2300.00']);
    expect(ok.reconcile_status).toBe('PASS');
    const off = await run([head, ...rows, '25 Aug 2026,,Balance as at 25 Aug 2026,,3700.00,Current,12345678'].join('\n'));
    expect(off.reconcile_status).toBe('RECONCILE_WARN');
  });
});
