// A category column is the row's type only where no text column is named; beside a description it
// stays out of the Description.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import type { EngineResult } from '../types.js';

const run = (text: string): Promise<EngineResult> => convert(new TextEncoder().encode(text), { filename: 'export.csv' });

describe('category columns', () => {
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
});
