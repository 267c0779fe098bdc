// Exports with no header line are read from their contents: which column is the amount, which the
// balance, and each row's currency from a code cell.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import type { EngineResult } from '../types.js';

const run = (text: string): Promise<EngineResult> => convert(new TextEncoder().encode(text), { filename: 'export.csv' });

describe('headerless exports', () => {
  it('headerless broker report: the column of both signs is the amount, a column some rows fill is no balance, codes give each row its currency', async () => {
    const r = await run(
      [
        '"901","2024-02-01","BUY","USD","-250.10","ABC","5","250.00","50.00","-0.10","USD"',
        '"902","2024-02-03","Dividends","USD","12.40","ABC","","","","",""',
        '"903","2024-02-05","Deposits","EUR","3000","","","","","",""',
        '"904","2024-02-07","SELL","USD","1200.00","XYZ","-10","1201.00","120.10","-1.00","USD"',
        '"905","2024-02-09","Other Fees","USD","-3.00","","","","","",""',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => [t.Amount, t.Currency, t.Balance])).toEqual([
      ['-250.10', 'USD', ''],
      ['12.40', 'USD', ''],
      ['3000.00', 'EUR', ''],
      ['1200.00', 'USD', ''],
      ['-3.00', 'USD', ''],
    ]);
    expect(r.reconcile_status).toBe('NO_BAL');
  });

  it('headerless: a balance that goes overdrawn is still the balance, beside paid out and paid in', async () => {
    const r = await run(
      [
        '2024-03-01,CORNER SHOP LTD,50.00,,20.00',
        '2024-03-02,BUS COMPANY,30.00,,-10.00',
        '2024-03-03,SALARY ACME,,100.00,90.00',
        '2024-03-04,CAFE,5.00,,85.00',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => [t.Amount, t.Balance])).toEqual([
      ['-50.00', '20.00'],
      ['-30.00', '-10.00'],
      ['100.00', '90.00'],
      ['-5.00', '85.00'],
    ]);
  });

  it('a headerless export (no header line) is still read from its contents', async () => {
    const r = await run('2024-03-01,CORNER SHOP LTD,-5.00,95.00\n2024-03-02,BUS COMPANY,-2.00,93.00\n2024-03-03,SALARY ACME,100.00,193.00\n');
    expect(r.transactions.map((t) => t.Amount)).toEqual(['-5.00', '-2.00', '100.00']);
  });
});
