// A second table on a later page that is not the account's transactions (standing orders, a summary
// by month) is never read as rows under PASS: a header of labels that heads no transactions ends the
// account's table (structure); a table whose header names a date is left to the chain, which then
// blocks PASS.
import { describe, expect, it } from 'vitest';
import { courierLinesPdf as pdfOf } from '../../../test/helpers/pdfkit.js';
import { convert } from '../convert.js';

const read = async (lines: string[]) => {
  const r = await convert(await pdfOf(lines), { filename: 's.pdf' });
  return { r, rows: r.transactions.map((t) => [t.Date, t.Description, t.Amount]) };
};

const german = (rest: string[]) => [
  'Testbank AG',
  'Kontoauszug 1. März 2024 bis 31. März 2024',
  'Alter Kontostand 1.000,00          Neuer Kontostand 1.435,00',
  'Datum       Verwendungszweck                         Soll         Haben        Saldo',
  '02.03.2024  REWE MARKT                               45,00                       955,00',
  '03.03.2024  GEHALT ACME                                           500,00       1.455,00',
  '04.03.2024  ARAL TANKSTELLE                          20,00                     1.435,00',
  'Seite 1 von 2',
  '\f',
  'Testbank AG',
  ...rest,
  'Seite 2 von 2',
];
const GERMAN_ROWS = [
  ['02/03/2024', 'REWE MARKT', '-45.00'],
  ['03/03/2024', 'GEHALT ACME', '500.00'],
  ['04/03/2024', 'ARAL TANKSTELLE', '-20.00'],
];

const english = (header: string) => [
  'Test Bank plc',
  'Statement period 1 March 2024 to 31 March 2024',
  'Opening balance 1,000.00          Closing balance 1,435.00',
  'Date        Description                          Paid out     Paid in      Balance',
  '02 Mar 24   TESCO STORES                            45.00                   955.00',
  '03 Mar 24   SALARY ACME                                         500.00    1,455.00',
  '04 Mar 24   SHELL FUEL                              20.00                 1,435.00',
  'Page 1 of 2',
  '\f',
  'Test Bank plc',
  'Your standing orders',
  header,
  '15 Apr 24      LANDLORD LTD                       650.00       Monthly',
  '20 Apr 24      SAVINGS POT                        100.00       Monthly',
  '01 May 24      GYM CLUB                            35.00       Monthly',
  'Page 2 of 2',
];

describe("a second table that is not the account's transactions", () => {
  it('German standing orders ("Nächste Ausführung | Empfänger | Betrag | Turnus"): not rows (PASS)', async () => {
    const { r, rows } = await read(
      german([
        'Ihre Daueraufträge',
        'Nächste Ausführung  Empfänger                        Betrag       Turnus',
        '15.04.2024          VERMIETER GMBH                   650,00       monatlich',
        '20.04.2024          SPARKONTO                        100,00       monatlich',
        '01.05.2024          FITNESSSTUDIO                     35,00       monatlich',
      ]),
    );
    expect(rows).toEqual(GERMAN_ROWS);
    expect(r.reconcile_status).toBe('PASS');
  });

  it('German summary by month ("Monat | Eingänge | Ausgänge | Saldo"): not rows (PASS)', async () => {
    const { r, rows } = await read(
      german([
        'Umsatzübersicht',
        'Monat           Eingänge        Ausgänge        Saldo',
        '01.01.2024      1.200,00        1.100,00        900,00',
        '01.02.2024        800,00          700,00      1.000,00',
        '01.03.2024        500,00           65,00      1.435,00',
      ]),
    );
    expect(rows).toEqual(GERMAN_ROWS);
    expect(r.reconcile_status).toBe('PASS');
  });

  it('English standing orders ("Next payment | Payee | Amount | Frequency"): not rows (PASS)', async () => {
    const { r, rows } = await read(english('Next payment   Payee                              Amount       Frequency'));
    expect(rows.map((x) => x[1])).toEqual(['TESCO STORES', 'SALARY ACME', 'SHELL FUEL']);
    expect(r.reconcile_status).toBe('PASS');
  });

  it('a second table whose header names a date is left to the chain: never PASS with its rows', async () => {
    const { r, rows } = await read(english('Date           Payee                              Amount       Frequency'));
    // (Its header heads a table of dated figures like a transaction table's; the balances refuse them.)
    expect(rows.length).toBeGreaterThan(3);
    expect(r.reconcile_status).not.toBe('PASS');
  });
});
