// A card export may be printed from the issuer's side (purchases positive): what names a card, and
// when the figures turn to the holder's side.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import type { EngineResult } from '../types.js';

const run = (text: string): Promise<EngineResult> => convert(new TextEncoder().encode(text), { filename: 'export.csv' });
const amounts = (r: EngineResult) => r.transactions.map((t) => t.Amount);

describe("card exports from the issuer's side", () => {
  it('turns an issuer-side card export whose negative rows are the payment and a refund (Aqua)', async () => {
    const r = await run(
      [
        'Date,Description,Note,Amount(GBP)',
        '21/09/2026,"PAYMENT RECEIVED - THANK YOU","",-42.34',
        '05/09/2026,"Trainline","TRAINLINE.COM LONDON",-8.5',
        '03/09/2026,"Trainline","TRAINLINE.COM LONDON",30',
        '01/09/2026,"Tesco","TESCO STORES 3297",12.34',
      ].join('\n'),
    );
    expect(amounts(r)).toEqual(['42.34', '8.50', '-30.00', '-12.34']);
  });

  it('turns a NatWest/RBS card export (the bank profile, a lone closing balance) and keeps its balance row out', async () => {
    const r = await run(
      [
        'Date, Type, Description, Value, Balance, Account Name, Account Number',
        '13 Mar 2023,Purchase,"AMAZON",7.19,,"M ORR","543484******5254",',
        '04 Apr 2023,Fee,"NON-STERLING TRANSACTION FEE",.54,,"M ORR","543484******5254",',
        '05 Apr 2023,Payment,"DIRECT DEBIT PAYMENT - THANK YOU",-1088.91,,"M ORR","543484******5254",',
        '19 Jun 2023,Purchase,"APPLE.COM/BILL",10.99,,"M ORR","543484******5254",',
        '19 Jun 2023,,"Balance as at 19 Jun 2023",,400.28,"M ORR","543484******5254"',
      ].join('\n'),
    );
    expect(amounts(r)).toEqual(['-7.19', '-0.54', '1088.91', '-10.99']);
    expect(r.warnings).toEqual([]);
  });

  it('a column of masked card numbers under a card header: positive figures are the card’s purchases', async () => {
    const r = await run(
      [
        '"Merchant Name","Card Used For Transaction","Date","Time","Amount"',
        '"CORNER CAFE","**** 9876","02/10/2024","08:15 AM","4.50"',
        '"BOOK SHOP","**** 9876","02/12/2024","01:30 PM","12.00"',
        '"CORNER CAFE","**** 5432","02/14/2024","09:05 AM","3.25"',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => t.Amount)).toEqual(['-4.50', '-12.00', '-3.25']);
    expect(r.reconcile_status).toBe('NO_BAL');
  });

  it('a card column of plain digits (not masked) does not turn the figures', async () => {
    const r = await run(['Date,Card,Description,Amount', '2024-02-01,1234,SALARY,900.00', '2024-02-02,1234,REFUND,5.00'].join('\n'));
    expect(r.transactions.map((t) => t.Amount)).toEqual(['900.00', '5.00']);
  });
});
