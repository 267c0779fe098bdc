// Layouts seen in real bank exports (shapes taken from public test fixtures), written small and inline.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import type { EngineResult } from '../types.js';

const run = (text: string, filename = 'export.csv'): Promise<EngineResult> => convert(new TextEncoder().encode(text), { filename });
const amounts = (r: EngineResult) => r.transactions.map((t) => t.Amount);

describe('real export layouts', () => {
  it('ING NL: an "Af Bij" column signs unsigned amounts', async () => {
    const r = await run(
      '"Datum","Naam / Omschrijving","Code","Af Bij","Bedrag (EUR)"\n"20200213","Kosten","DV","Af","1,25"\n"20200214","Salaris","OV","Bij","20,00"\n',
    );
    expect(amounts(r)).toEqual(['-1.25', '20.00']);
    expect(r.meta.currency).toBe('EUR');
  });
  it('Knab: a CreditDebet column of D/C', async () => {
    const r = await run(
      'Rekeningnummer;Transactiedatum;Valutacode;CreditDebet;Bedrag;Omschrijving\n"NL1";"21-06-2019";"EUR";"D";"827,75";"Tresorie"\n"NL1";"22-06-2019";"EUR";"C";"10,00";"Rente"\n',
    );
    expect(amounts(r)).toEqual(['-827.75', '10.00']);
  });
  it('John Lewis card: a payment marked CR in an unnamed column is money in, and the mark is not description', async () => {
    const r = await run('Date Processed,Description,Amount,\n28-Mar-2020,AMAZON,£99.99,\n21-Apr-2020,PAYMENT RECEIVED,"+ £1,234.56",CR\n');
    expect(amounts(r)).toEqual(['-99.99', '1234.56']);
    expect(r.transactions.map((t) => t.Description)).toEqual(['AMAZON', 'PAYMENT RECEIVED']);
  });
  it('Swedbank: dated opening/closing rows are figures and turnover rows are totals', async () => {
    const r = await run(
      [
        '"Account No","Date","Details","Amount","Currency","D/K"',
        '"LT1","2014-10-01","Opening balance","100.00","EUR","K"',
        '"LT1","2014-10-01","SHOP","15.31","EUR","D"',
        '"LT1","2014-10-02","SALARY","50.00","EUR","K"',
        '"LT1","2014-10-02","Turnover","15.31","EUR","D"',
        '"LT1","2014-10-02","Turnover","50.00","EUR","K"',
        '"LT1","2014-10-02","Closing balance","134.69","EUR","K"',
      ].join('\n'),
    );
    expect(amounts(r)).toEqual(['-15.31', '50.00']);
    expect(r.reconcile_status).toBe('PASS');
    expect(r.meta.openingBalance).toBe('100.00');
  });
  it('Swedbank: a second closing row that the rows never reach stops a PASS; the closing printed twice does not', async () => {
    const text = (again: string) =>
      [
        '"Account No","Date","Details","Amount","Currency","D/K"',
        '"LT1","2014-10-01","Opening balance","100.00","EUR","K"',
        '"LT1","2014-10-01","SHOP","15.31","EUR","D"',
        '"LT1","2014-10-02","SALARY","50.00","EUR","K"',
        `"LT1","2014-10-02","Closing balance","${again}","EUR","K"`,
        '"LT1","2014-10-02","Closing balance","134.69","EUR","K"',
      ].join('\n');
    expect((await run(text('134.69'))).reconcile_status).toBe('PASS');
    const r = await run(text('135.69'));
    expect(amounts(r)).toEqual(['-15.31', '50.00']);
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.warnings.find((w) => w.code === 'balance_mismatch')?.message).toContain('135.69 EUR');
  });
  it('ASN Bank: a headerless balance-before column chains, and the last row stays unverified', async () => {
    const r = await run(
      [
        "17-06-2022,NL00ASNB1,NL99,Z Z,EUR,130.44,EUR,223.77,NGM,'one'",
        "17-06-2022,NL00ASNB1,NL11,ICS,EUR,354.21,EUR,-200.00,IDM,'two'",
        "25-06-2022,NL00ASNB1,,,EUR,154.21,EUR,-2.20,MSC,'three'",
      ].join('\n'),
    );
    expect(amounts(r)).toEqual(['223.77', '-200.00', '-2.20']);
    expect(r.transactions.map((t) => t.Balance)).toEqual(['354.21', '154.21', '152.01']);
    expect(r.meta.openingBalance).toBe('130.44');
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.warnings.map((w) => w.code)).toContain('rows_unverified');
  });
  it('a list of daily balances is not a transaction list', async () => {
    await expect(run('"Datum","Boeksaldo","Valutair saldo"\n"2020-05-30","13,20","13,20"\n"2020-05-29","13,20","13,20"\n')).rejects.toMatchObject({
      code: 'no_transactions_found',
    });
  });
  it('a headerless ";" file whose lines each hold one decimal comma is split on ";"', async () => {
    const r = await run(
      '18.09.2017;"HOFER 18.09. 17:20";18.09.2017;-33,87;EUR;;\n18.09.2017;"POS 23,55 AT";16.09.2017;-23,55;EUR;;\n19.09.2017;"LIDL";16.09.2017;-24,11;EUR;;\n',
    );
    expect(amounts(r)).toEqual(['-33.87', '-23.55', '-24.11']);
    expect(r.meta.currency).toBe('EUR');
  });
  it('a headerless export whose descriptions quote a foreign amount takes its currency from the code cell', async () => {
    const r = await run(
      '20000134083;Bookshop Online|USD 7,35|5543286117;29.06.2011;28.06.2011;-5,18;EUR\n20000134083;Fee|USD 7,35|5543286117;29.06.2011;28.06.2011;-0,05;EUR\n20000134083;SONY ONLINE|9550551117;28.06.2011;24.06.2011;-15,00;EUR\n',
    );
    expect(r.meta.currency).toBe('EUR');
  });
  it('Barclaycard headerless: an unsigned charge is money out', async () => {
    const r = await run('10 Feb 18," Shop Name, AnyTown",Visa,MR A SURNAME,Household,,20.59\n');
    expect(r.bank).toBe('barclaycard');
    expect(amounts(r)).toEqual(['-20.59']);
  });
  it('POSB headerless: an unsigned figure before a column empty on every row is money out; a trailing empty field or a sign changes nothing', async () => {
    expect(amounts(await run("27 Feb 2018,UMC-, 7.80, ,MCDONALD'S (TAM KIOSK) SI NG 22FEB,,,\n"))).toEqual(['-7.80']);
    expect(amounts(await run('27 Feb 2018,UMC,7.80,,SHOP A\n28 Feb 2018,UMC,2.10,,SHOP B\n'))).toEqual(['-7.80', '-2.10']);
    // An empty last field (a trailing delimiter) is no money-in column; a printed sign makes a signed amount.
    expect(amounts(await run('27 Feb 2018,SHOP A,7.80,\n28 Feb 2018,SHOP B,2.10,\n'))).toEqual(['7.80', '2.10']);
    expect(amounts(await run('27 Feb 2018,UMC,-7.80,,SHOP A\n28 Feb 2018,UMC,2.10,,SHOP B\n'))).toEqual(['-7.80', '2.10']);
  });
  it('a currency code in a description does not name the account currency', async () => {
    const r = await run('Date,Details,Debit,Credit,Balance\n01/09/2017,POS CHG USD 5,0.08,,100.00\n02/09/2017,PAY,,10.00,110.00\n');
    expect(r.meta.currency).toBe('GBP');
    expect(r.warnings.map((w) => w.code)).toContain('currency_assumed');
  });
  it('Schwab checking: two rows whose unsigned balances close only read as a sum owed stay as printed, not PASS', async () => {
    const r = await run(
      [
        '"Date","Status","Type","CheckNumber","Description","Withdrawal","Deposit","RunningBalance"',
        '"07/31/2022","Posted","INTADJUST","","Interest Paid","","$1.00","$2.00"',
        '"02/03/2022","Posted","ACH","","Electronic Withdrawal","$2.00","","$3.00"',
      ].join('\n'),
    );
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.transactions.map((t) => [t.Amount, t.Balance])).toEqual([
      ['1.00', '2.00'],
      ['-2.00', '3.00'],
    ]);
  });
  it('an owed balance column is read as one when the chain checks two equations or more', async () => {
    const r = await run(
      'Date,Description,Withdrawal,Deposit,Balance\n13/02/2024,CARD,12.34,,112.34\n14/02/2024,CARD,5.00,,117.34\n15/02/2024,PAYMENT,,100.00,17.34\n',
    );
    expect(r.reconcile_status).toBe('PASS');
    expect(r.transactions.map((t) => t.Balance)).toEqual(['-112.34', '-117.34', '-17.34']);
  });
  it('ZKB: "Booking text" is the description, and a mostly empty "Details" column only adds to it', async () => {
    const r = await run(
      [
        '"Date";"Booking text";"Curr";"ZKB reference";"Debit CHF";"Credit CHF";"Value date";"Balance CHF";"Payment purpose";"Details"',
        '"01.01.2024";"Credit salary: Test Employer";"";"Z001";"";"5000.00";"01.01.2024";"5000.00";"";""',
        '"10.01.2024";"Debit eBill: Test Utility Company";"";"Z002";"150.00";"";"10.01.2024";"4850.00";"";"Test Utility Company"',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => t.Description)).toEqual(['Credit salary: Test Employer', 'Debit eBill: Test Utility Company']);
  });
  it('Dr and Cr headers are the money out and money in columns', async () => {
    const r = await run('Date,Particulars,Dr,Cr,Balance\n01/04/2024,ATM,500.00,,1500.00\n04/04/2024,NEFT CREDIT,,"1,25,000.00","1,26,500.00"\n');
    expect(r.transactions.map((t) => [t.Amount, t.Balance])).toEqual([
      ['-500.00', '1500.00'],
      ['125000.00', '126500.00'],
    ]);
  });
  it('Mint: a header printed again below the rows does not hide the debit/credit column', async () => {
    const head = 'Date,Description,Original Description,Amount,Transaction Type,Category,Account Name,Labels,Notes';
    const r = await run(
      `\r\r${head}\r6/12/15,Transfer,Account Transfer,"1,000.00",debit,Checking,Savings,,\r6/13/15,Refund,Refund,"20.00",credit,Savings,Checking,,\r${head}`,
    );
    expect(amounts(r)).toEqual(['-1000.00', '20.00']);
  });
  it('Schwab: a date cell "04/17/2023 as of 04/15/2023" is the first date', async () => {
    const r = await run(
      '"Date","Action","Description","Amount"\n"04/17/2023 as of 04/15/2023","Bank Interest","BANK INT","$0.03"\n"04/20/2023","Journal","TRANSFER","-$5.00"\n',
    );
    expect(r.transactions.map((t) => [t.Date, t.Amount])).toEqual([
      ['17/04/2023', '0.03'],
      ['20/04/2023', '-5.00'],
    ]);
  });
  it('figures printed with more decimals than the currency has are decimals ("1000.000000", "1000.000")', async () => {
    const r = await run('Date;Category;Cash Flow;Balance\n2023-01-01;Deposit;1000.000;1000.000\n2023-01-15;Buy;-500.000;500.000\n');
    expect(r.transactions.map((t) => [t.Amount, t.Balance])).toEqual([
      ['1000.00', '1000.00'],
      ['-500.00', '500.00'],
    ]);
    expect(r.reconcile_status).toBe('PASS');
  });
  it('every figure "12.500": thousands or three decimals, which the balances cannot tell: said, and not PASS', async () => {
    const r = await run(
      'Date,Description,Amount,Balance\n01/02/2024,Shop,-12.500,487.500\n02/02/2024,Salary,250.750,738.250\n03/02/2024,Cafe,-1.250,737.000\n',
    );
    expect(r.warnings.some((w) => w.code === 'decimal_ambiguous')).toBe(true);
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    // A figure with no separator settles it: thousands.
    const settled = await run('Date,Description,Amount,Balance\n01/02/2024,Shop,-12.500,487.500\n02/02/2024,Salary,250,737.500\n');
    expect(settled.warnings.some((w) => w.code === 'decimal_ambiguous')).toBe(false);
  });
  it('Nordic headers: Swedish booking and transaction dates, Danish amounts, Finnish descriptions, a possessive payee', async () => {
    const se = await run('Reskontradatum;Transaktionsdatum;Text;Belopp;Saldo\n2025-01-03;2025-01-02;blipp;-228;1017.4\n2025-01-02;2025-01-01;ICA;-238;779.4\n');
    expect(se.transactions.map((t) => [t.Date, t.Amount])).toEqual([
      ['03/01/2025', '-228.00'],
      ['02/01/2025', '-238.00'],
    ]);
    const dk = await run('Bogføringsdato;Tekst;Beløb\n02.01.2025;Netto;-45,50\n');
    expect(dk.transactions.map((t) => [t.Description, t.Amount])).toEqual([['Netto', '-45.50']]);
    const fi = await run('Kirjauspäivä;Saaja/Maksaja;Selite;Määrä\n02.01.2025;K-Market;Korttiosto;-12,30\n');
    expect(fi.transactions.map((t) => [t.Description, t.Amount])).toEqual([['K-Market Korttiosto', '-12.30']]);
    const ee = await run('Date;"Beneficiary\'s name";Amount;Description\n02.01.2025;Elisa Eesti AS;-20,00;88476148\n');
    expect(ee.transactions.map((t) => t.Description)).toEqual(['Elisa Eesti AS 88476148']);
  });
  it('Fidelity: a settlement date column that most rows leave empty is not the Date, and the Action column is the description', async () => {
    const r = await run(
      [
        'Run Date,Action,Symbol,Description,Type,Amount ($),Cash Balance ($),Settlement Date',
        '01/28/2026,YOU BOUGHT ACME INC (ACME) (Cash),ACME,ACME INC,Cash,-9373.92,626.08,01/29/2026',
        '01/26/2026,DIRECT DEPOSIT PAYROLL (Cash),,No Description,Cash,5000.00,10000.00,',
        '01/20/2026,DIVIDEND RECEIVED (Cash),,No Description,Cash,12.00,5000.00,',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => [t.Date, t.Description])).toEqual([
      ['28/01/2026', 'YOU BOUGHT ACME INC (ACME) (Cash)'],
      ['26/01/2026', 'DIRECT DEPOSIT PAYROLL (Cash)'],
      ['20/01/2026', 'DIVIDEND RECEIVED (Cash)'],
    ]);
  });
  it('Fintro: "Uitvoeringsdatum" is the execution (booking) date, the value date second', async () => {
    const r = await run('Volgnummer;Uitvoeringsdatum;Valutadatum;Bedrag;Valuta rekening;Details\n2017-0001;27/02/2017;26/02/2017;-191,13;EUR;BETALING\n');
    expect(r.transactions.map((t) => t.Date)).toEqual(['27/02/2017']);
  });
  it('ABN AMRO headerless text: a start balance, an end balance and the amount between them on every row', async () => {
    const r = await run(
      '123456789\tEUR\t20160102\t15,00\t10,00\t20160102\t-5,00\tSHOP\n123456789\tEUR\t20160102\t10,00\t0,00\t20160102\t-10,00\tRENT\n',
      'abn.tab',
    );
    expect(r.transactions.map((t) => [t.Amount, t.Balance, t.Description])).toEqual([
      ['-5.00', '10.00', 'SHOP'],
      ['-10.00', '0.00', 'RENT'],
    ]);
    expect(r.reconcile_status).toBe('PASS');
  });
  it('Banco do Brasil: a dated "Saldo Anterior" row with a document number in its own column is the opening balance', async () => {
    const r = await run(
      '"Data","Dependencia Origem","Historico","Numero do documento","Valor"\n"10/31/2012","","Saldo Anterior","0","100.00"\n"11/01/2012","0000-9","Transferencia on line","224885","100.00"\n',
    );
    expect(r.transactions.map((t) => t.Amount)).toEqual(['100.00']);
  });
  it('DKB: gender-inclusive headers name the payer and the payee', async () => {
    const r = await run(
      '"Buchungsdatum";"Zahlungspflichtige*r";"Zahlungsempfänger*in";"Verwendungszweck";"Betrag (€)"\n"01.07.23";"COMPANY INC";"";"";"2500,00"\n',
    );
    expect(r.transactions.map((t) => t.Description)).toEqual(['COMPANY INC']);
  });
  it('an OFX date-time written into an export ("20091224120000[0:GMT]") is a date', async () => {
    const r = await run('DEBIT,20091224120000[0:GMT],"HOST SLICEHOST",-85.00\nCHECK,20091225120000[0:GMT],"Book Store",-20.00\n');
    expect(r.transactions.map((t) => t.Date)).toEqual(['24/12/2009', '25/12/2009']);
  });
  it("a date column repeating one date on every row (the statement's start) yields to the one that varies", async () => {
    const r = await run(
      'initial_date,final_date,transaction_date,amount\n2019-11-01,2019-11-30,2019-11-02,1500.00\n2019-11-01,2019-11-30,2019-11-10,-500.00\n',
    );
    expect(r.transactions.map((t) => t.Date)).toEqual(['02/11/2019', '10/11/2019']);
  });
  it('Fineco card: rows of one day share their date, and a pending row without a booking date keeps its operation date', async () => {
    const r = await run(
      'Numero carta,Data operazione,Data registrazione,Descrizione,Stato operazione,Importo\n0000,31/12/2024,,Pending shop,autorizzato,-50\n0000,31/12/2024,31/12/2024,Booked shop,contabilizzato,-50\n',
    );
    expect(r.transactions.map((t) => [t.Date, t.Amount])).toEqual([
      ['31/12/2024', '-50.00'],
      ['31/12/2024', '-50.00'],
    ]);
  });
  it('a minus beside a mark saying credit: the printed minus is the reading, a checked balance may overturn it, and an unchecked one is not PASS', async () => {
    const r = await run(
      [
        '"Buchung";"Valuta";"Auftraggeber/Empfänger";"Buchungstext";"Verwendungszweck";"Saldo";"Währung";"Betrag";"Währung"',
        '08.06.2018;08.06.2018;REWE;Gutschrift;REWE SAGT DANKE;1.234,00;EUR;-500,00;EUR',
        '08.06.2018;08.06.2018;LIDL;Lastschrift;LIDL SAGT DANKE;1.200,00;EUR;-34,00;EUR',
        '15.06.2018;08.06.2018;ARBEIT;Gutschrift;Lohn;2.200,00;EUR;1.000,00;EUR',
      ].join('\n'),
    );
    // (ING Germany: "Gutschrift" beside "-500,00" on the first row, which no printed figure checks.)
    expect(amounts(r)).toEqual(['-500.00', '-34.00', '1000.00']);
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.warnings.find((w) => w.code === 'rows_unverified')?.row).toBe(1);
    // A D/C column beside amounts printed the bank's way round: the balances pick the mark's reading.
    const oca = await run(
      [
        '"Date","Label","Amount","D/C","Balance"',
        '"12/15/2018","Supplier","33.50","D","-23.50"',
        '"12/16/2018","Your payment","-1,533.50","C","1,510.00"',
      ].join('\n'),
    );
    expect(amounts(oca)).toEqual(['-33.50', '1533.50']);
    expect(oca.reconcile_status).toBe('PASS');
  });
  it('PayPal: "Gross", "Fee" and "Net" amounts, headers set off by ", "; the fee is taken from the gross where the balances say so', async () => {
    const r = await run(
      [
        'Date, Time, Time Zone, Name, Type, Status, Currency, Gross, Fee, Net, Transaction ID, Balance',
        '"6/14/2016","10:46:49","PDT","Jane Doe","Payment Received","Completed","USD","100.00","-3.20","96.80","X1","196.80"',
        '"6/15/2016","11:00:00","PDT","Shop","Payment Sent","Completed","USD","-20.00","0.00","-20.00","X2","176.80"',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Balance])).toEqual([
      ['14/06/2016', '96.80', '196.80'],
      ['15/06/2016', '-20.00', '176.80'],
    ]);
  });
  it('a headerless export: a column of long account numbers is no amount', async () => {
    const r = await run(
      [
        '2019 10 11,42132000000000000000000000,SHOP A,-1008.03,PLN,394.63',
        '2019 10 11,42132000000000000000000000,SALARY,1000.00,PLN,1394.63',
        '2019 10 12,42132000000000000000000000,FEE,-5.00,PLN,1389.63',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Balance])).toEqual([
      ['11/10/2019', '-1008.03', '394.63'],
      ['11/10/2019', '1000.00', '1394.63'],
      ['12/10/2019', '-5.00', '1389.63'],
    ]);
  });
  it("a card export printed from the issuer's side (purchases positive, the payment to the card negative) is read from the holder's", async () => {
    const r = await run(
      [
        'Date,Description,Amount(GBP)',
        '06/06/2019,Trainline London GBR,19.87',
        '27/05/2019, PAYMENT RECEIVED - THANK YOU,-59.64',
        '20/05/2019,TESCO STORES,5.00',
      ].join('\n'),
    );
    expect(amounts(r)).toEqual(['-19.87', '59.64', '-5.00']);
    // A current account: money out is negative whatever it is, so nothing turns.
    const current = await run(
      ['Date,Description,Amount', '06/06/2019,SALARY,1000.00', '27/05/2019,TESCO STORES,-59.64', '20/05/2019,PAYMENT RECEIVED - THANK YOU,-5.00'].join('\n'),
    );
    expect(amounts(current)).toEqual(['1000.00', '-59.64', '-5.00']);
    // A merchant's own "thank you" is no payment to a card.
    const thanks = await run(
      ['Date,Description,Amount', '01/06/2023,Lohn und Gehalt,1000.00', '15/06/2023,EDEKA SAGT DANKE,-8.67', '16/06/2023,THANK YOU CAFE,-3.00'].join('\n'),
    );
    expect(amounts(thanks)).toEqual(['1000.00', '-8.67', '-3.00']);
  });
  it('header words in Norwegian (Inn/Ut, account columns left out), Hebrew, Romanian and Japanese', async () => {
    const sb1 = await run(
      [
        'Dato;Beskrivelse;Rentedato;Inn;Ut;Til konto;Fra konto;',
        '"28.02.2025";"KIWI MAJORSTUEN";;;"-348,56";"12345678901";"98765432109";',
        '"14.02.2025";"Lønn KOMPLETT AS";;"28750,34";;"12345678901";"55555555555";',
      ].join('\n'),
    );
    expect(sb1.transactions.map((t) => [t.Amount, t.Description])).toEqual([
      ['-348.56', 'KIWI MAJORSTUEN'],
      ['28750.34', 'Lønn KOMPLETT AS'],
    ]);
    const max = await run(
      ['תאריך עסקה,תאריך חיוב,שם בית העסק,סכום עסקה', '01/02/2026,10/02/2026,סופר פארם,123.45', '13/02/2026,10/03/2026,AMAZON,89.90'].join('\n'),
    );
    expect(max.transactions.map((t) => [t.Date, t.Description, t.Currency])).toEqual([
      ['01/02/2026', 'סופר פארם', 'ILS'],
      ['13/02/2026', 'AMAZON', 'ILS'],
    ]);
    const ro = await run(
      [
        'Data inregistrare,Descrierea tranzactiei,Suma debit,Suma credit,Sold',
        '02.03.2024,Plata card,200.00,,800.00',
        '05.03.2024,Incasare,,100.00,900.00',
      ].join('\n'),
    );
    expect(amounts(ro)).toEqual(['-200.00', '100.00']);
    const rakuten = await run(
      ['取引日,入出金(円),取引後残高(円),入出金内容', '20230407,3146,5113,あいうえお', '20230427,-3086,2027,ラクテンカード'].join('\n'),
    );
    expect(rakuten.transactions.map((t) => [t.Date, t.Amount, t.Currency])).toEqual([
      ['07/04/2023', '3146', 'JPY'],
      ['27/04/2023', '-3086', 'JPY'],
    ]);
    expect(rakuten.reconcile_status).toBe('PASS');
    const card = await run(['"利用日","利用店名・商品名","利用者","支払方法","利用金額"', '"2019/09/07","ローソン","本人","1回払い","1051"'].join('\n'));
    expect(card.transactions.map((t) => [t.Date, t.Description, t.Currency])).toEqual([['07/09/2019', 'ローソン', 'JPY']]);
  });
  it("SEB: a header printed over two records that fill each other's empty cells is one header", async () => {
    const r = await run(
      [
        'PRIVATKONTO                      ,Saldo,Disponibelt belopp,Beviljad kredit,,',
        '52570117951,1559.84,1442.94,0,,',
        ',,,,,',
        'Bokförings-                      datum,Valuta-                datum,Verifikations-       nummer,,,',
        ',,,Text / mottagare,Belopp,Saldo',
        '2011-12-14,2011-12-14,5484418939 ,ADVICE DOGS,-200,1559.84',
        '2011-12-12,2011-12-12,5490990004 ,LOLCATS    ,-100,1759.84',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Balance, t.Description, t.Reference])).toEqual([
      ['14/12/2011', '-200.00', '1559.84', 'ADVICE DOGS', '5484418939'],
      ['12/12/2011', '-100.00', '1759.84', 'LOLCATS', '5490990004'],
    ]);
    expect(r.reconcile_status).toBe('PASS');
  });
  it('lines ended by a bare CR (old Mac exports) and a "Posted" date column', async () => {
    const cr = await run('Date;Description;Amount\r01/03/2026;Shop;-3.50\r02/03/2026;Cafe;-2.00\r');
    expect(amounts(cr)).toEqual(['-3.50', '-2.00']);
    const posted = await run('Posted,Payee,Amount\n01/03/2026,Shop,-3.50\n02/03/2026,Cafe,-2.00\n');
    expect(posted.transactions.map((t) => [t.Date, t.Description])).toEqual([
      ['01/03/2026', 'Shop'],
      ['02/03/2026', 'Cafe'],
    ]);
  });
});
