// Rules found by running beancount importers' test files (sixth round), each on a small made-up export:
// a header naming no text column, a total label a word ends, a dollar in a money header, a headerless
// broker report, and a headerless balance that goes overdrawn.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import type { EngineResult } from '../types.js';

const run = (text: string): Promise<EngineResult> => convert(new TextEncoder().encode(text), { filename: 'export.csv' });

describe('sixth round: exports of pension, brokerage and expense-sharing accounts', () => {
  it('a header naming no text column: the category is the type and unnamed words describe the row', async () => {
    const r = await run(
      [
        'Date;Category;Fund Label;Security Id;Units;Cash Flow;Balance',
        '2022-02-01;Deposit;;;;800.000000;800.000000',
        '2022-02-10;Buy;Alpha Bond Fund;XX0000000001;3.000000;-300.000000;500.000000',
        '2022-03-01;Fee;;;;-4.000000;496.000000',
        '2022-03-15;Sell;Beta Equity Fund;XX0000000002;-1.000000;105.000000;601.000000',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => t.Description)).toEqual(['Deposit', 'Buy Alpha Bond Fund', 'Fee', 'Sell Beta Equity Fund']);
    expect(r.reconcile_status).toBe('PASS');
  });

  it('a header with a text column keeps its category out of the Description', async () => {
    const r = await run('Date,Description,Category,Amount\n01/03/2024,CORNER SHOP,Groceries,-5.00\n02/03/2024,BUS CO,Transport,-2.00\n');
    expect(r.transactions.map((t) => t.Description)).toEqual(['CORNER SHOP', 'BUS CO']);
  });

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

  it('a dollar sign in a money header ("Amount ($)") names the currency', async () => {
    const r = await run('Run Date,Action,Amount ($)\n01/27/2023,DIRECT DEBIT POWER CO,-50.5\n01/23/2023,DIRECT DEPOSIT PAYROLL,900\n');
    expect(r.transactions.map((t) => t.Currency)).toEqual(['USD', 'USD']);
    expect(r.warnings.map((w) => w.code)).not.toContain('currency_assumed');
    const cad = await run('Date,Details,Amount (C$)\n27/01/2023,POWER CO,-50.50\n23/01/2023,PAYROLL,900.00\n');
    expect(cad.transactions[0].Currency).toBe('CAD');
  });

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
