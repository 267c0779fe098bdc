// Totals lines in the statement's language ("Suma obciążeń" / "Suma uznań", "Summe Soll/Haben",
// "Total débit/crédit") are told by their figures: each is the sum of its column, checked as such
// (a total one cent off is a totals_mismatch), and never read as a row.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';

const read = async (lines: string[]) => {
  const r = await convert(new TextEncoder().encode(lines.join('\n')), { filename: 's.txt' });
  return { r, rows: r.transactions.map((t) => [t.Date, t.Description, t.Amount]) };
};

const ROWS = (a: string, b: string, c: string, d: string) => [
  ['02/03/2024', a, '-45.00'],
  ['03/03/2024', b, '-10.00'],
  ['04/03/2024', c, '500.00'],
  ['05/03/2024', d, '-20.00'],
];

const polish = (out: string, inn: string) => [
  'Bank Testowy S.A.',
  'Wyciąg za okres 01.03.2024 - 31.03.2024',
  'Data        Opis operacji                            Obciążenia   Uznania      Saldo',
  '01.03.2024  Saldo początkowe                                                   1 000,00',
  '02.03.2024  BIEDRONKA                                45,00                       955,00',
  '03.03.2024  ORLEN STACJA                             10,00                       945,00',
  '04.03.2024  WYNAGRODZENIE ACME                                    500,00       1 445,00',
  '05.03.2024  ZABKA                                    20,00                     1 425,00',
  `            Suma obciążeń                            ${out}`,
  `            Suma uznań                                            ${inn}`,
  '31.03.2024  Saldo końcowe                                                      1 425,00',
];

const german = (line: string) => [
  'Testbank AG',
  'Kontoauszug 1. März 2024 bis 31. März 2024',
  'Datum       Verwendungszweck                         Soll         Haben        Saldo',
  '01.03.2024  Alter Kontostand                                                   1.000,00',
  '02.03.2024  REWE MARKT                               45,00                       955,00',
  '03.03.2024  ARAL TANKSTELLE                          10,00                       945,00',
  '04.03.2024  GEHALT ACME                                           500,00       1.445,00',
  '05.03.2024  EDEKA                                    20,00                     1.425,00',
  line,
  '31.03.2024  Neuer Kontostand                                                   1.425,00',
];

const french = (line: string) => [
  'Banque Test',
  'Relevé de compte du 1 mars 2024 au 31 mars 2024',
  'Date        Libellé                                  Débit        Crédit       Solde',
  '01/03/2024  Ancien solde                                                       1 000,00',
  '02/03/2024  CARREFOUR                                45,00                       955,00',
  '03/03/2024  SNCF                                     10,00                       945,00',
  '04/03/2024  SALAIRE ACME                                          500,00       1 445,00',
  '05/03/2024  MONOPRIX                                 20,00                     1 425,00',
  line,
  '31/03/2024  Nouveau solde                                                      1 425,00',
];

const mismatch = (r: Awaited<ReturnType<typeof convert>>) => r.warnings.filter((w) => w.code === 'totals_mismatch');

describe('totals lines in the language, told by their figures', () => {
  it('Polish "Suma obciążeń" / "Suma uznań": the columns\' sums, no rows (PASS)', async () => {
    const { r, rows } = await read(polish('75,00', '500,00'));
    expect(rows).toEqual(ROWS('BIEDRONKA', 'ORLEN STACJA', 'WYNAGRODZENIE ACME', 'ZABKA'));
    expect(r.reconcile_status).toBe('PASS');
    expect(mismatch(r)).toEqual([]);
  });

  it("Polish: a total that is not its column's sum is a totals_mismatch", async () => {
    const { r, rows } = await read(polish('75,00', '600,00'));
    expect(rows).toHaveLength(4);
    expect(mismatch(r)).toHaveLength(1);
    expect(r.reconcile_status).not.toBe('PASS');
  });

  it('German "Summe Soll/Haben" over both columns: each figure its column\'s total (PASS)', async () => {
    const line = '            Summe Soll/Haben                         75,00        500,00';
    const { r, rows } = await read(german(line));
    expect(rows).toEqual(ROWS('REWE MARKT', 'ARAL TANKSTELLE', 'GEHALT ACME', 'EDEKA'));
    expect(r.reconcile_status).toBe('PASS');
    const off = await read(german(line.replace('500,00', '600,00')));
    expect(mismatch(off.r)).toHaveLength(1);
    expect(off.r.reconcile_status).not.toBe('PASS');
  });

  it('French "Total débit/crédit" over both columns (PASS), and checked', async () => {
    const line = '            Total débit/crédit                       75,00        500,00';
    const { r, rows } = await read(french(line));
    expect(rows).toEqual(ROWS('CARREFOUR', 'SNCF', 'SALAIRE ACME', 'MONOPRIX'));
    expect(r.reconcile_status).toBe('PASS');
    const off = await read(french(line.replace('75,00', '76,00')));
    expect(mismatch(off.r)).toHaveLength(1);
    expect(off.r.reconcile_status).not.toBe('PASS');
  });
});
