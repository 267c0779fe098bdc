// Export layouts met in public converters' test data, rebuilt here from invented rows: CamelCase
// headers, German outgoing/incoming columns with "DD.MM.YY, HH:MM" dates, a "Partner Name" payee, and
// headers that name no description column (the text must still come through).
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/engine/convert.js';

const run = (name: string, text: string) => convert(new TextEncoder().encode(text), { filename: name });

describe('extra CSV layouts', () => {
  it('reads CamelCase headers as words (NetAmount is the amount, not the id column)', async () => {
    const r = await run(
      'journal.csv',
      [
        'EntryNumber,EntryDate,AccountName,NetAmount,Reference,Description',
        '7,02-Mar-21,Cash,1250,R-1,Pens',
        '8,03-Mar-21,Cash,-300,R-2,Paper',
        '9,05-Mar-21,Cash,45,R-3,Ink',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Description])).toEqual([
      ['02/03/2021', '1250.00', 'Pens'],
      ['03/03/2021', '-300.00', 'Paper'],
      ['05/03/2021', '45.00', 'Ink'],
    ]);
    expect(r.reconcile_status).toBe('NO_BAL');
  });

  it('reads ausgehend/eingehend columns, an available-balance column and dates with a time', async () => {
    const r = await run(
      'konto.csv',
      [
        'Datum der Buchung,Art,Partner Name,Betrag ausgehend,Betrag eingehend,Verfügbares Guthaben',
        '"03.02.23, 09:15",Ausgang,Kiosk Lindner,12.50,0.00,487.50',
        '"04.02.23, 18:40",Eingang,Max Beispiel,0.00,100.00,587.50',
        '"06.02.23, 07:05",Ausgang,Bäckerei Sonne,7.25,0.00,580.25',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Balance])).toEqual([
      ['03/02/2023', '-12.50', '487.50'],
      ['04/02/2023', '100.00', '587.50'],
      ['06/02/2023', '-7.25', '580.25'],
    ]);
    expect(r.transactions[1].Description).toContain('Max Beispiel');
    expect(r.reconcile_status).toBe('PASS');
  });

  it('takes the free-text column, with its numbered siblings, when no header names a description', async () => {
    const r = await run(
      'refs.csv',
      [
        'Date,Code,Paid Out,Paid In,Text Ref1,Text Ref2,Owner',
        '11 Jan 2022,POS,12.30,,CORNER SHOP 10JAN,CARD 9911,A B Person',
        '12 Jan 2022,TRF,,250.00,SALARY JAN,ACME WORKS LTD,A B Person',
        '14 Jan 2022,POS,8.99,,BOOK STALL 13JAN,CARD 9911,A B Person',
        '15 Jan 2022,ATM,40.00,,CASH MAIN ST,,A B Person',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => t.Amount)).toEqual(['-12.30', '250.00', '-8.99', '-40.00']);
    // The type code may lead; the owner column (the same name on every row) is not text of the booking.
    const texts = ['CORNER SHOP 10JAN CARD 9911', 'SALARY JAN ACME WORKS LTD', 'BOOK STALL 13JAN CARD 9911', 'CASH MAIN ST'];
    r.transactions.forEach((t, i) => {
      expect(t.Description).toContain(texts[i]);
      expect(t.Description).not.toContain('Person');
    });
  });
});
