// Day/month against month/day where every date reads both ways: a second date column and the order
// the printed balances fix settle it; with neither, the guess is named (date_order_ambiguous).
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import type { EngineResult } from '../types.js';

const run = (text: string): Promise<EngineResult> => convert(new TextEncoder().encode(text), { filename: 'export.csv' });
const codes = (r: EngineResult) => r.warnings.map((w) => w.code);

describe('date order from the rest of the table', () => {
  it('a transaction date and a posting date days apart read month-first (a month apart day-first)', async () => {
    const r = await run(
      [
        'Transaction Date,Post Date,Description,Amount',
        '04/03/2024,04/05/2024,APPLE.COM/BILL,-1.23',
        '04/02/2024,04/03/2024,COSTCO WHSE #01234,-4.56',
        '04/01/2024,04/02/2024,GITHUB INC.,-4.00',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => t.Date)).toEqual(['05/04/2024', '03/04/2024', '02/04/2024']);
    expect(codes(r)).not.toContain('date_order_ambiguous');
  });
  it('balances that run down the page make the dates run down it too (two rows)', async () => {
    const r = await run(
      [
        'Details,Posting Date,Description,Amount,Type,Balance',
        'DEBIT,11/06/2024,Online ACH Payment,-37.50,ACH_PAYMENT,4555.10',
        'DEBIT,12/02/2024,ACH FEE,-2.50,FEE_TRANSACTION,4552.60',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => t.Date)).toEqual(['06/11/2024', '02/12/2024']);
    expect(r.reconcile_status).toBe('PASS');
    expect(codes(r)).not.toContain('date_order_ambiguous');
  });
  it('with nothing else to go by the guess is named', async () => {
    const r = await run(['Date,Description,Amount', '11/04/2021,Payment Thank You,4000.00'].join('\n'));
    expect(codes(r)).toContain('date_order_ambiguous');
  });
});
