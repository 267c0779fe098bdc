// Statement layouts found by running other projects' own test PDFs (the third cross-check): HSBC UK's
// figures printed on an entry's last line, with small print on the next page; a second date column
// printing two-digit years; "Received By Us" as the day the bank booked a card payment.
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';

/** Pages of fixed-width lines (Courier, so columns stay aligned), 10 points apart. */
async function pdf(pages: string[][]): Promise<Uint8Array> {
  const d = new PDFDocument({ size: 'A4', margin: 30, autoFirstPage: false });
  const chunks: Buffer[] = [];
  d.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((res) => d.on('end', () => res()));
  for (const lines of pages) {
    d.addPage();
    d.font('Courier').fontSize(8);
    // Word by word at its character column (Courier is 0.6 em wide), as a statement's columns are set.
    lines.forEach((l, i) => {
      for (const m of l.matchAll(/\S+/g)) d.text(m[0], 30 + m.index * 4.8, 40 + i * 10, { lineBreak: false });
    });
  }
  d.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
const run = async (text: string) => convert(new TextEncoder().encode(text), { filename: 'statement.txt' });

describe('layouts from other projects test PDFs', () => {
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
  it('a second date column printing "09 Dec 22" leaves no year in the description; the booking day is the Date', async () => {
    const rows = [
      '08 Dec 22          09 Dec 22      SHOP ONE                 7.00',
      '09 Dec 22          10 Dec 22      SHOP TWO                 5.09',
      '09 Dec 22          12 Dec 22      SHOP THREE              45.02',
    ];
    const booked = await run(['Transaction Date   Posting Date   Details                 Amount', ...rows].join('\n'));
    expect(booked.transactions.map((t) => [t.Date, t.Description])).toEqual([
      ['09/12/2022', 'SHOP ONE'],
      ['10/12/2022', 'SHOP TWO'],
      ['12/12/2022', 'SHOP THREE'],
    ]);
    const received = await run(
      ['Received By Us   Transaction Date   Details                 Amount', ...rows.map((l) => l.replace(/^(\S+ \S+ \S+)(\s+)(\S+ \S+ \S+)/, '$3$2$1'))].join(
        '\n',
      ),
    );
    expect(received.transactions.map((t) => [t.Date, t.Description])).toEqual([
      ['09/12/2022', 'SHOP ONE'],
      ['10/12/2022', 'SHOP TWO'],
      ['12/12/2022', 'SHOP THREE'],
    ]);
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
  it('reads BBVA "F.Oper." / "F.Valor" labels, with the value date left of its label out of the text', async () => {
    const r = await run(
      [
        'F.Oper.    F.Valor                     Concepto                            Importe        Saldo',
        '                SALDO ANTERIOR                                                            865,19',
        '31/01 31/01 PAGO CON TARJETA EN SUPERMERCADOS                               -2,26         862,93',
        '31/01 31/01 TRANSFERENCIA RECIBIDA                                          10,00         872,93',
        '31/01 31/01 COMISION                                                        -1,00         871,93',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => [t.Amount, t.Description])).toEqual([
      ['-2.26', 'PAGO CON TARJETA EN SUPERMERCADOS'],
      ['10.00', 'TRANSFERENCIA RECIBIDA'],
      ['-1.00', 'COMISION'],
    ]);
  });
  it('two bookings printed one a line with no header are a table; a currency code after the figure is no text (Vivid)', async () => {
    const r = await run('Vivid Money Statement\n07.01.2026 NETFLIX -12,99 EUR\n08.01.2026 Cashback 3,00 EUR\n');
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Description, t.Currency])).toEqual([
      ['07/01/2026', '-12.99', 'NETFLIX', 'EUR'],
      ['08/01/2026', '3.00', 'Cashback', 'EUR'],
    ]);
    // Two dated lines apart from each other in a letter are not a table.
    await expect(run('Dear customer\n07.01.2026 we wrote to you about 12,99\n\nKind regards\n\n08.01.2026 a reminder of 3,00\n')).rejects.toMatchObject({
      code: 'no_transactions_found',
    });
  });
  it('a figure quoted in the text keeps its place in the description, its currency code with it', async () => {
    const r = await run(
      [
        'Date      Description                                              Money out      Balance',
        '01/02/2024 BALANCE BROUGHT FORWARD                                                 2,690.25',
        '05/02/2024 CASH WITHDRAWAL AT TESCO BELFAST, 30.00 GBP , ON 03-02-2024     30.00      2,660.25',
        '06/02/2024 CARD PAYMENT TO CAFFE NERO                                       3.98      2,656.27',
        '07/02/2024 CARD PAYMENT TO BOOTS                                            6.27      2,650.00',
      ].join('\n'),
    );
    expect(r.transactions[0].Description).toBe('CASH WITHDRAWAL AT TESCO BELFAST, 30.00 GBP , ON 03-02-2024');
  });
  it('a title standing over two labels of the header below is no label; the money label beside it is (HSBC UK cards)', async () => {
    const r = await run(
      [
        'Your Transaction Details                                                                    Amount',
        'Received By Us   Transaction Date   Details',
        '09 Dec 22        08 Dec 22          ))) SHOP ONE           LONDON                            7.00',
        '10 Dec 22        09 Dec 22          SHOP TWO               LONDON                            5.09',
        '10 Dec 22        09 Dec 22          SHOP THREE             LONDON                           45.02',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Description])).toEqual([
      ['09/12/2022', '7.00', '))) SHOP ONE LONDON'],
      ['10/12/2022', '5.09', 'SHOP TWO LONDON'],
      ['10/12/2022', '45.02', 'SHOP THREE LONDON'],
    ]);
  });
});
