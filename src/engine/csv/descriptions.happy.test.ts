// Which text makes a row's Description and Reference (column-text.ts): every describing column in column
// order, a user's note only as a fallback, no constant column, no machine category, payment codes first,
// unnamed trailing fields kept, an embedded type/number moved to Reference.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import type { EngineResult } from '../types.js';

const run = (text: string): Promise<EngineResult> => convert(new TextEncoder().encode(text), { filename: 'export.csv' });
const described = async (text: string) => (await run(text)).transactions.map((t) => (t.Reference ? `${t.Description} [${t.Reference}]` : t.Description));

describe('descriptions from text columns', () => {
  it('payee, description and memo columns all join, in column order', async () => {
    expect(
      await described(
        'Date,Memo,Payee,Amount,Description\n01/03/2024,Invoice 12,ACME LTD,-5.00,Faster payment\n02/03/2024,Thanks,JOHN SMITH,7.00,Transfer in\n',
      ),
    ).toEqual(['Invoice 12 ACME LTD Faster payment', 'Thanks JOHN SMITH Transfer in']);
  });

  it('a counterparty column holding account numbers (ING\'s English "Counterparty") is no text; Notifications is', async () => {
    expect(
      await described(
        [
          '"Date";"Name / Description";"Counterparty";"Debit/credit";"Amount (EUR)";"Notifications"',
          '"20240301";"ACME BV";"NL12ABCD0123456789";"Debit";"12,00";"Invoice 77"',
          '"20240302";"J JANSEN";"NL34EFGH9876543210";"Credit";"30,00";"Dinner"',
          '"20240303";"CAFE";"";"Debit";"3,10";"Card 1234"',
        ].join('\n'),
      ),
    ).toEqual(['ACME BV Invoice 77', 'J JANSEN Dinner', 'CAFE Card 1234']);
  });

  it("Caisse d'Epargne: the simplified label and the further information join", async () => {
    expect(
      await described(
        [
          'Date comptable;Libelle simplifie;Informations complementaires;Debit;Credit',
          '15/01/2024;LOYER SCI;Loyer mensuel;;3500,00',
          '14/01/2024;EDF;Facture 0124;85,10;',
        ].join('\n'),
      ),
    ).toEqual(['LOYER SCI Loyer mensuel', 'EDF Facture 0124']);
  });

  it('a user note is used only where the row has no other text', async () => {
    expect(await described('Date,Description,Amount,Notes\n01/03/2024,TESCO,-5.00,milk\n02/03/2024,,-7.00,bus fare\n')).toEqual(['TESCO', 'bus fare']);
  });

  it('a column repeating one value on every row (the holder, a product) is left out', async () => {
    expect(
      await described('Date,Name,Details,Amount\n01/03/2024,MR A SMITH,TESCO,-5.00\n02/03/2024,MR A SMITH,SHELL,-7.00\n03/03/2024,MR A SMITH,SALARY,70.00\n'),
    ).toEqual(['TESCO', 'SHELL', 'SALARY']);
  });

  it('a type column of program identifiers is a category, not printed text', async () => {
    expect(await described('Type,Completed Date,Description,Amount\nCARD_PAYMENT,2024-03-01,shop a,-5.00\nTOPUP,2024-03-02,Top-Up,50.00\n')).toEqual([
      'shop a',
      'Top-Up',
    ]);
  });

  it('a type column of payment codes starts the Description', async () => {
    expect(await described('Date,Type,Description,Amount\n01/03/2024,DD,OCTOPUS ENERGY,-50.00\n02/03/2024,SO,RENT,-500.00\n')).toEqual([
      'DD OCTOPUS ENERGY',
      'SO RENT',
    ]);
  });

  it('fields beyond the header keep describing the row (a labelled reference read into Reference too); zero-amount notices are no rows', async () => {
    expect(
      await described(
        'Buchungsdatum;Betrag;Buchungstext;Umsatztext\n2024-03-01;150,00;Gutschrift;A name;"A text";REF: 1\n2024-03-02;0,00;Verständigung;Zinsänderung;"Bonuszins 0,60 %"\n2024-03-03;-10,00;Auftrag;B name\n',
      ),
    ).toEqual(['Gutschrift A name A text REF: 1 [1]', 'Auftrag B name']);
  });

  it('a type/number of one shape inside a padded text field goes to Reference', async () => {
    expect(
      await described(
        'AT01;Interest credit                 BG/000000001   ;01.01.2024;01.01.2024;+1,23;EUR\nAT01;Card payment SHOP                FE/000000002   ;02.01.2024;02.01.2024;-4,56;EUR\n',
      ),
    ).toEqual(['Interest credit [BG/000000001]', 'Card payment SHOP [FE/000000002]']);
  });

  it('a headerless export keeps every free-text column: counterparty and payment text', async () => {
    expect(
      await described(
        "17-06-2022,NL01BANK0001,Optimal BV,EUR,100.00,EUR,20.00,OVS,'DIVIDEND 2022'\n18-06-2022,NL01BANK0001,Energy Co,EUR,120.00,EUR,-5.00,IDM,'Bill June'\n",
      ),
    ).toEqual(["Optimal BV 'DIVIDEND 2022'", "Energy Co 'Bill June'"]);
  });
  it('a description column of a handful of repeated values beside a varied reference column: the type, and the reference is the text', async () => {
    // Swedbank: "Beskrivning" holds the payment type, "Referens" the merchant.
    const merchants = [
      'ANTIKVARIAT NORD',
      'Klaraspar',
      'NOVARA MEDIA',
      'HEMGLASS',
      'THE RED LION',
      'SNABB SKO',
      'TIER SE',
      'HEMMA HOS',
      'Tre Indier',
      'KOCKJOHAN',
    ];
    const types = ['Swish', 'Överföring', 'Kortköp/uttag'];
    const rows = merchants.map((m, k) => `${k + 1},SEK,2019-10-${14 - k},"${m}","${types[k % 3]}",-10.00`);
    const out = await described(['Radnummer,Valuta,Bokföringsdag,Referens,Beskrivning,Belopp', ...rows].join('\n'));
    expect(out.slice(0, 3)).toEqual(['Swish ANTIKVARIAT NORD', 'Överföring Klaraspar', 'Kortköp/uttag NOVARA MEDIA']);
    // A reference column of codes beside a varied description changes nothing.
    const plain = await described('Date,Description,Reference,Amount\n01/03/2024,TESCO,INV 1,-5.00\n02/03/2024,AMAZON,INV 2,-7.00\n');
    expect(plain).toEqual(['TESCO [INV 1]', 'AMAZON [INV 2]']);
  });
  it("a payment's reason (Outbank) joins the description, and stands alone where no name is printed", async () => {
    expect(await described('Date;Amount;Name;Reason\n4/2/19;-44,98;;"SHELL"\n4/2/19;-109,00;"Musikschule";"Gesang"\n')).toEqual([
      'SHELL',
      'Musikschule Gesang',
    ]);
  });
});
