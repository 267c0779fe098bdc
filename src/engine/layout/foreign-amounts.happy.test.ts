// A card statement printing the amount spent in another currency on the row's own line ("USD 12.50",
// "45,00 EUR", or under an "Original amount" / "Originalbetrag" column) beside the account's amount:
// the account's amount is the row's figure; the foreign one never enters the money columns (its text
// may stay in the description).
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';

const read = async (lines: string[]) => {
  const r = await convert(new TextEncoder().encode(lines.join('\n')), { filename: 's.txt' });
  return { r, rows: r.transactions.map((t) => [t.Date, t.Amount]) };
};

const ENGLISH = [
  ['02/03/2024', '-10.05'],
  ['03/03/2024', '-20.00'],
  ['04/03/2024', '-38.60'],
  ['05/03/2024', '50.00'],
];
const GERMAN = [
  ['02/03/2024', '-11.50'],
  ['03/03/2024', '-20.00'],
  ['04/03/2024', '-52.50'],
  ['05/03/2024', '50.00'],
];
const english = (head: string, a: string, b: string) => [
  'Test Card Services',
  'Credit card statement 1 March 2024 to 31 March 2024',
  'Previous balance                                                  100.00',
  head,
  `02 Mar 24   AMAZON.COM SEATTLE                   ${a}           10.05`,
  '03 Mar 24   TESCO STORES                                                       20.00',
  `04 Mar 24   HOTEL PARIS                          ${b}           38.60`,
  '05 Mar 24   PAYMENT THANK YOU                                                  50.00 CR',
  'New balance                                                       118.65',
];

describe('foreign amounts beside the account amount', () => {
  it('"Original amount" column with the currency codes in its cells (PASS)', async () => {
    const { r, rows } = await read(
      english('Date        Description                          Original amount      Amount GBP', 'USD 12.50      ', '45,00 EUR      '),
    );
    expect(rows).toEqual(ENGLISH);
    expect(r.reconcile_status).toBe('PASS');
  });

  it('a currency column and an "Orig. amount" column of bare figures (PASS)', async () => {
    const { r, rows } = await read(
      english('Date        Description                          Currency  Orig. amount   Amount GBP', 'USD       12.50', 'EUR       45.00'),
    );
    expect(rows).toEqual(ENGLISH);
    expect(r.reconcile_status).toBe('PASS');
  });

  it('no header for it: "USD 12.50" / "45,00 EUR" in the description, the account amount taken (PASS)', async () => {
    const { r, rows } = await read(
      english('Date        Description                                              Amount', 'USD 12.50      ', '45,00 EUR      '),
    );
    expect(rows).toEqual(ENGLISH);
    expect(r.transactions[0].Description).toContain('USD 12.50');
    expect(r.reconcile_status).toBe('PASS');
  });

  it('German "Währung" and "Originalbetrag" columns before "Betrag EUR" (PASS)', async () => {
    const { r, rows } = await read([
      'Testbank Kreditkarte',
      'Kreditkartenabrechnung 1. März 2024 bis 31. März 2024',
      'Saldo der letzten Abrechnung                                                      100,00 -',
      'Datum       Verwendungszweck                    Währung   Originalbetrag          Betrag EUR',
      '02.03.2024  AMAZON.COM SEATTLE                  USD           12,50               11,50 -',
      '03.03.2024  REWE MARKT                                                            20,00 -',
      '04.03.2024  HOTEL LONDON                        GBP           45,00               52,50 -',
      '05.03.2024  ZAHLUNG DANKE                                                         50,00 +',
      'Neuer Saldo                                                                      134,00 -',
    ]);
    expect(rows).toEqual(GERMAN);
    expect(r.reconcile_status).toBe('PASS');
  });
});
