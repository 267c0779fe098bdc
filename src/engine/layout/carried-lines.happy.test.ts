// Lines carrying a balance or the columns' subtotals over a page break ("Übertrag", "A reporter",
// "Report") in the language tables' words are candidates the figures decide: left out where the
// balance they print is the one printed before them and the balances close without them; never on
// their word alone. A payee's name holding such a word ("TRANSPORT FOR LONDON") stays a row.
import { describe, expect, it } from 'vitest';
import { courierLinesPdf as pdfOf } from '../../../test/helpers/pdfkit.js';
import { convert } from '../convert.js';

const read = async (lines: string[]) => {
  const r = await convert(await pdfOf(lines), { filename: 's.pdf' });
  return { r, rows: r.transactions.map((t) => [t.Date, t.Description, t.Amount]) };
};

const DE_HEAD = 'Datum       Verwendungszweck                         Soll         Haben        Saldo';
const german = (foot: string, head: string) => [
  'Testbank AG',
  'Kontoauszug 1. März 2024 bis 31. März 2024',
  DE_HEAD,
  '01.03.2024  Alter Kontostand                                                   1.000,00',
  '02.03.2024  REWE MARKT                               45,00                       955,00',
  '03.03.2024  TRANSPORT FOR LONDON                     10,00                       945,00',
  foot,
  'Seite 1 von 2',
  '\f',
  'Testbank AG',
  DE_HEAD,
  head,
  '04.03.2024  GEHALT ACME                                           500,00       1.445,00',
  '            TRANSPORT FOR LONDON                     20,00                     1.425,00',
  '31.03.2024  Neuer Kontostand                                                   1.425,00',
  'Seite 2 von 2',
];
const GERMAN_ROWS = [
  ['02/03/2024', 'REWE MARKT', '-45.00'],
  ['03/03/2024', 'TRANSPORT FOR LONDON', '-10.00'],
  ['04/03/2024', 'GEHALT ACME', '500.00'],
  ['04/03/2024', 'TRANSPORT FOR LONDON', '-20.00'],
];

describe('carried-forward lines, decided by their figures', () => {
  it('German: "Übertrag" with the columns\' subtotals and the balance at a page foot and head (PASS)', async () => {
    const line = '            Übertrag                                 55,00          0,00         945,00';
    const { r, rows } = await read(german(line, line));
    expect(rows).toEqual(GERMAN_ROWS);
    expect(r.reconcile_status).toBe('PASS');
  });

  it('German: "Übertrag" with the balance alone (PASS)', async () => {
    const line = '            Übertrag                                                             945,00';
    const { r, rows } = await read(german(line, line));
    expect(rows).toEqual(GERMAN_ROWS);
    expect(r.reconcile_status).toBe('PASS');
  });

  it('French: "A reporter" at the foot, "Report" at the head, with subtotals (PASS)', async () => {
    const head = 'Date        Libellé                                  Débit        Crédit       Solde';
    const { r, rows } = await read([
      'Banque Test',
      'Relevé de compte du 1 mars 2024 au 31 mars 2024',
      head,
      '01/03/2024  Ancien solde                                                       1 000,00',
      '02/03/2024  CARREFOUR                                45,00                       955,00',
      '03/03/2024  TRANSPORT FOR LONDON                     10,00                       945,00',
      '            A reporter                               55,00          0,00         945,00',
      '\f',
      'Banque Test',
      head,
      '            Report                                   55,00          0,00         945,00',
      '04/03/2024  SALAIRE ACME                                          500,00       1 445,00',
      '05/03/2024  TRANSPORT DUPONT                         20,00                     1 425,00',
      '31/03/2024  Nouveau solde                                                      1 425,00',
    ]);
    expect(rows).toEqual([
      ['02/03/2024', 'CARREFOUR', '-45.00'],
      ['03/03/2024', 'TRANSPORT FOR LONDON', '-10.00'],
      ['04/03/2024', 'SALAIRE ACME', '500.00'],
      ['05/03/2024', 'TRANSPORT DUPONT', '-20.00'],
    ]);
    expect(r.reconcile_status).toBe('PASS');
  });

  it('a carried line whose balance is not the one before it is never dropped on its word', async () => {
    const line = '            Übertrag                                 55,00          0,00         999,00';
    const { r, rows } = await read(german(line, line));
    expect(rows.filter((x) => x[1] === 'Übertrag')).toHaveLength(2);
    expect(r.reconcile_status).not.toBe('PASS');
  });
});
