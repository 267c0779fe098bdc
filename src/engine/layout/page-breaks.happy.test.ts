// What a page break leaves between a table's rows: small print on the next page, a carry-over line.
import { describe, expect, it } from 'vitest';
import { courierLinesPdf } from '../../../test/helpers/pdfkit.js';
import { convert } from '../convert.js';

/** Pages of fixed-width lines (Courier 8 pt, each word at its character column, lines 10 pt apart), as a statement's columns are set. */
const pdf = (pages: string[][]) => courierLinesPdf(pages.flatMap((lines, i) => (i ? ['\f', ...lines] : lines)));
const run = async (text: string) => convert(new TextEncoder().encode(text), { filename: 'statement.txt' });

describe('page breaks', () => {
  it('figures on an entry last line stay with their entry when the next page is small print (HSBC UK)', async () => {
    const table = [
      'Your Bank Account details',
      'Date       Details                               Paid out      Paid in      Balance',
      '',
      '10 Dec 22      BALANCE BROUGHT FORWARD                                        95.41',
      '16 Dec 22  DD  LCXMVD LO                            12.00                     83.41',
      '21 Dec 22  CR  KVPHLHHGV XCM                                     10.05',
      '           DD  CRIMM                                10.00                     83.46',
      '02 Jan 23  CR  A Testname',
      '               MJKXRFYQR IKVRRXVR                               400.00',
      '           TFR 001122 12345678',
      '               XCFVKCVF FKQCRDVK                   300.00                    183.46',
      '03 Jan 23  DD  MGXM RWVCF PP&RZ                     20.00',
      '           DD  KCGX                                  3.00                    160.46',
      '10 Jan 23      BALANCE CARRIED FORWARD                                       160.46',
    ];
    // Ten paragraphs of small print in the table's type, each a run of text no row takes.
    const smallPrint = Array.from({ length: 10 }, (_, k) => [
      `               Terms paragraph ${k + 1} of the account`,
      '               and its conditions',
      '',
      '',
    ]).flat();
    const r = await convert(await pdf([table, smallPrint]), { filename: 'hsbc.pdf' });
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Description])).toEqual([
      ['16/12/2022', '-12.00', 'DD LCXMVD LO'],
      ['21/12/2022', '10.05', 'CR KVPHLHHGV XCM'],
      ['21/12/2022', '-10.00', 'DD CRIMM'],
      ['02/01/2023', '400.00', 'CR A Testname MJKXRFYQR IKVRRXVR'],
      ['02/01/2023', '-300.00', 'TFR 001122 12345678 XCFVKCVF FKQCRDVK'],
      ['03/01/2023', '-20.00', 'DD MGXM RWVCF PP&RZ'],
      ['03/01/2023', '-3.00', 'DD KCGX'],
    ]);
    expect(r.reconcile_status).toBe('PASS');
  });

  it('a carry-over line at a page break ("Übertrag auf Blatt 2") is no row (Raiffeisen)', async () => {
    const r = await run(
      [
        'Bu-Tag Wert   Vorgang                                                   Betrag',
        '01.12. 01.12. BASISLASTSCHRIFT PN:931                                   42,13 S',
        '02.12. 02.12. GUTSCHRIFT PN:931                                         10,00 H',
        '                       Übertrag auf Blatt 2                           7.390,48 H',
        '\f',
        'Bu-Tag Wert   Vorgang                                                   Betrag',
        '                       Übertrag von Blatt 1                           7.390,48 H',
        '04.12. 04.12. EURO-UEBERWEISUNG PN:801                                 123,34 S',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => t.Amount)).toEqual(['-42.13', '10.00', '-123.34']);
  });
});
