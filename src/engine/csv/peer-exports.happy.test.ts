// Export shapes found by running other projects' own test files (the third cross-check), written small
// and inline: header words, a lost currency symbol, NUL padding, card sides, balance-only rows.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import type { EngineResult } from '../types.js';

const enc = (text: string) => new TextEncoder().encode(text);
const run = (text: string | Uint8Array): Promise<EngineResult> => convert(typeof text === 'string' ? enc(text) : text, { filename: 'export.csv' });
const amounts = (r: EngineResult) => r.transactions.map((t) => t.Amount);

describe('exports from other projects test suites', () => {
  it('reads "Posted On" as the date and "Running Total" as the balance', async () => {
    const r = await run('Posted On,Details,Money Out,Money In,Running Total\n14/09/2026,SHOP A,10.00,,990.00\n15/09/2026,PAY IN,,100.00,1090.00\n');
    expect(amounts(r)).toEqual(['-10.00', '100.00']);
    expect(r.transactions.map((t) => t.Balance)).toEqual(['990.00', '1090.00']);
    expect(r.reconcile_status).toBe('PASS');
  });
  it('reads Finnish "Pvm", "Funds Out"/"Funds In", a "CAD$" amount and a "Disponible" balance', async () => {
    const fi = await run(
      '"Pvm";"Saaja/Maksaja";"Määrä";"Saldo"\n"07.03.2017";"Food Place";"-8,50";"2 649,54"\n"02.03.2017";"Evil Corp";"1 424,00";"2 658,04"\n',
    );
    expect(amounts(fi)).toEqual(['-8.50', '1424.00']);
    expect(fi.reconcile_status).toBe('PASS');
    const simplii = await run('Date, Transaction Details, Funds Out, Funds In\n06/10/2017,PAYROLL DEPOSIT,,123.45\n07/10/2017,RENT,50.00,\n');
    expect(amounts(simplii)).toEqual(['123.45', '-50.00']);
    const rbc = await run('"Account Type","Transaction Date","Description 1","CAD$","USD$"\nChequing,6/10/2017,"Merchant",-4.00,\n');
    expect(amounts(rbc)).toEqual(['-4.00']);
    const bbva = await run('Fecha;Concepto;Importe;Disponible\n30/06/2023;Dia;-6,89;109,60\n29/06/2023;Simply;-4,55;116,49\n');
    expect(bbva.transactions.map((t) => t.Balance)).toEqual(['109.60', '116.49']);
  });
  it('reads a figure whose currency symbol was lost to a code-page mix-up (U+FFFD)', async () => {
    const r = await run(
      '"Date","Transaction type","Description","Paid out","Paid in","Balance"\n"21 Nov 2013","Transfer from","A","","\uFFFD120.00","\uFFFD120.00"\n"25 Nov 2013","Transfer from","B","","\uFFFD300.00","\uFFFD420.00"\n',
    );
    expect(amounts(r)).toEqual(['120.00', '300.00']);
  });
  it('reads a text export ended by a line of NUL bytes (RBC), and still refuses a file with NULs inside', async () => {
    const text = enc('Date,Description,Amount\n01/02/2014,MISC PAYMENT,-1635.00\n');
    const padded = new Uint8Array([...text, 0, 0x0d, 0x0a]);
    expect(amounts(await run(padded))).toEqual(['-1635.00']);
    const inside = new Uint8Array([...text.subarray(0, 10), 0, ...text.subarray(10)]);
    await expect(run(inside)).rejects.toMatchObject({ code: 'unsupported_file_type' });
  });
  it('turns an issuer-side card export whose negative rows are the payment and a refund (Aqua)', async () => {
    const r = await run(
      [
        'Date,Description,Note,Amount(GBP)',
        '21/09/2026,"PAYMENT RECEIVED - THANK YOU","",-42.34',
        '05/09/2026,"Trainline","TRAINLINE.COM LONDON",-8.5',
        '03/09/2026,"Trainline","TRAINLINE.COM LONDON",30',
        '01/09/2026,"Tesco","TESCO STORES 3297",12.34',
      ].join('\n'),
    );
    expect(amounts(r)).toEqual(['42.34', '8.50', '-30.00', '-12.34']);
  });
  it('turns a NatWest/RBS card export (the bank profile, a lone closing balance) and keeps its balance row out', async () => {
    const r = await run(
      [
        'Date, Type, Description, Value, Balance, Account Name, Account Number',
        '13 Mar 2023,Purchase,"AMAZON",7.19,,"M ORR","543484******5254",',
        '04 Apr 2023,Fee,"NON-STERLING TRANSACTION FEE",.54,,"M ORR","543484******5254",',
        '05 Apr 2023,Payment,"DIRECT DEBIT PAYMENT - THANK YOU",-1088.91,,"M ORR","543484******5254",',
        '19 Jun 2023,Purchase,"APPLE.COM/BILL",10.99,,"M ORR","543484******5254",',
        '19 Jun 2023,,"Balance as at 19 Jun 2023",,400.28,"M ORR","543484******5254"',
      ].join('\n'),
    );
    expect(amounts(r)).toEqual(['-7.19', '-0.54', '1088.91', '-10.99']);
    expect(r.warnings).toEqual([]);
  });
  it('a dated balance with no amount under the rows is checked, not skipped: PASS when it agrees', async () => {
    const head = 'Date,Type,Description,Value,Balance,Account Name,Account Number';
    const rows = ['17 Aug 2026,DEB,TESCO,-24.50,1500.00,Current,12345678', '20 Aug 2026,FPI,SALARY,2300.00,3800.00,Current,12345678'];
    const ok = await run([head, ...rows, '25 Aug 2026,,Balance as at 25 Aug 2026,,3800.00,Current,12345678'].join('\n'));
    expect(amounts(ok)).toEqual(['-24.50', '2300.00']);
    expect(ok.reconcile_status).toBe('PASS');
    const off = await run([head, ...rows, '25 Aug 2026,,Balance as at 25 Aug 2026,,3700.00,Current,12345678'].join('\n'));
    expect(off.reconcile_status).toBe('RECONCILE_WARN');
  });
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
  it('reads Dutch "Beschrijving" as the description (NIBC)', async () => {
    const r = await run('Nr v/d verrichting;Boekhdk. datum;Beschrijving;Bedrag v/d verrichting;Munt\n0000016;30-09-2021;Renteuitkering;0,51;EUR\n');
    expect(r.transactions.map((t) => t.Description)).toEqual(['Renteuitkering']);
  });
  it('rows a status column marks as not booked are left out, and the booked rows may PASS (Revolut PENDING)', async () => {
    const r = await run(
      [
        'Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance',
        'CARD_PAYMENT,Current,2026-08-02 09:14:22,2026-08-03 04:11:02,Tesco Stores,-23.45,0.00,EUR,COMPLETED,1476.55',
        'CARD_PAYMENT,Current,2026-08-03 12:40:10,2026-08-04 02:00:00,Caffe Nero,-3.80,0.00,EUR,COMPLETED,1472.75',
        'CARD_PAYMENT,Current,2026-08-10 11:11:11,,Amazon EU,-45.00,0.00,EUR,PENDING,',
        'TRANSFER,Current,2026-08-12 10:00:00,2026-08-12 10:00:00,Payment from ACME LTD,2500.00,0.00,EUR,COMPLETED,3972.75',
      ].join('\n'),
    );
    expect(amounts(r)).toEqual(['-23.45', '-3.80', '2500.00']);
    expect(r.reconcile_status).toBe('PASS');
    expect(r.warnings.find((w) => w.code === 'rows_skipped')?.message).toMatch(/^1 row\(s\) the file marks as not booked/);
    // A status that says nothing of booking leaves the rows alone (Danske's "Tila": Toteutunut).
    const fi = await run(
      '"Pvm";"Saaja/Maksaja";"Määrä";"Saldo";"Tila"\n"07.03.2017";"Food";"-8,50";"2 649,54";"Toteutunut"\n"02.03.2017";"Corp";"1 424,00";"2 658,04";"Toteutunut"\n',
    );
    expect(amounts(fi)).toEqual(['-8.50', '1424.00']);
  });
  it('a card column empty on the first rows does not split the export into accounts (Wise)', async () => {
    const r = await run(
      [
        'TransferWise ID,Date,Amount,Currency,Description,Running Balance,Card Last Four Digits',
        'BALANCE-1,20-02-2025,2000.00,CHF,Salary,3500.75,',
        'CARD-2,21-02-2025,-52.40,CHF,Bistro,3448.35,1234',
        'CARD-3,22-02-2025,-30.90,CHF,Shop,3417.45,1234',
      ].join('\n'),
    );
    expect(r.warnings.map((w) => w.code)).not.toContain('multiple_accounts');
    expect(r.reconcile_status).toBe('PASS');
  });
});
