// Rules found by running other converters' test files (csv2ofx, paisa, bankstatementparser), each on a
// small made-up export: a fund order column's buy/sell side, a column of masked card numbers, a French
// currency header abbreviated, and a dated row whose amount cannot be read.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import type { EngineResult } from '../types.js';

const run = (text: string): Promise<EngineResult> => convert(new TextEncoder().encode(text), { filename: 'export.csv' });

describe('exports from other converters’ test suites', () => {
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

  it('"Monn." (monnaie) names the currency column', async () => {
    const r = await run(
      [
        'Produit;Monn.;Description;Date de valeur;Débit;Crédit;Solde',
        'Compte 1;CHF;Frais;05.01.2024;5.00;;995.00',
        'Compte 1;CHF;Virement;06.01.2024;;100.00;1095.00',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => t.Currency)).toEqual(['CHF', 'CHF']);
    expect(r.warnings.map((w) => w.code)).not.toContain('currency_assumed');
  });

  it('a dated row whose amount cannot be read is left out, and the warning says which it lacked', async () => {
    const r = await run(['Date,Description,Amount,Currency', '2024-04-02,Good row,100.00,EUR', '2024-04-03,Bad row,12..34,EUR'].join('\n'));
    expect(r.transactions).toHaveLength(1);
    const w = r.warnings.find((x) => x.code === 'rows_skipped');
    expect(w?.message).toMatch(/date or amount could not be read/);
    expect(r.reconcile_status).not.toBe('PASS');
  });
});
