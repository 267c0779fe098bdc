// Columns that say which way an unsigned amount goes: a debit mark, a buy/sell order side.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import type { EngineResult } from '../types.js';

const run = (text: string): Promise<EngineResult> => convert(new TextEncoder().encode(text), { filename: 'export.csv' });
const amounts = (r: EngineResult) => r.transactions.map((t) => t.Amount);

describe('direction columns', () => {
  it('a debit mark beside an unsigned amount, in a column that prints its own minus elsewhere, is the alternative (Rabobank "db")', async () => {
    const r = await run(
      [
        '"Datum","Bedrag","saldo na boeking","Naam tegenpartij","Transactie soort","Omschrijving-1"',
        '"02-09-2023","-3,50","1234.56","Piet Puk","db","Allowance"',
        '"02-09-2023","3,50","1234.56","Piet Puk","db","Returned allowance"',
      ].join('\n'),
    );
    expect(amounts(r)).toEqual(['-3.50', '3.50']);
    expect(r.reconcile_status).not.toBe('PASS');
  });

  it('an order column of buy/sell is the cash the trade moves: a buy is paid out, a sale comes in', async () => {
    const r = await run(
      [
        'Date, Folio, Fund, Order, Units, NAV, Amount (INR)',
        '2024-02-01,111,Example Index Fund,buy,10.000,12.5000,125.00',
        '2024-02-15,111,Example Index Fund,sell,4.000,13.0000,52.00',
        '2024-03-01,222,Sample Bond Fund,Buy,2.000,50.0000,100.00',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => t.Amount)).toEqual(['-125.00', '52.00', '-100.00']);
    expect(r.reconcile_status).toBe('NO_BAL');
  });
});
