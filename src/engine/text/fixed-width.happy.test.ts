// Fixed-width text through the shared layout. Statements checked whole against an expected result (the
// D suffix, anchors, years across the new year, dated balances) are folders under test/engine-cases/.
import { describe, expect, it } from 'vitest';
import { convertFixedWidth } from './index.js';

describe('fixed-width text', () => {
  it("a card statement's terms read into its table (no running balance) still make it a card: purchases out, the payment in", async () => {
    const text = [
      'STATEMENT DATE: August 15, 2014',
      'TRANSACTION POSTING',
      'DATE        DATE           ACTIVITY DESCRIPTION                  AMOUNT($)',
      '                           PREVIOUS STATEMENT BALANCE            $6,619.48',
      'JUL 15      JUL 16         PAYMENT - THANK YOU                     -$211.00',
      'JUL 16      JUL 16         DOMINOS PIZZA 10322 TORONTO              $39.07',
      '                           You must pay at least the Minimum Payment by the Payment Due Date.',
      'JUL 19      JUL 21         WIND MOBILE 877-946-3184                 $48.59',
      '                           NEW BALANCE                           $6,496.14',
    ].join('\n');
    const r = await convertFixedWidth(text, { bank: 'auto', filename: 's.txt' });
    expect(r.transactions.map((t) => t.Amount)).toEqual(['211.00', '-39.07', '-48.59']);
  });
  // A savings account's yearly statement: the period (02/01/2020 to 04/01/2021) leaves "03/01" two years,
  // and the rows' order settles it; the header's third line names the description column, centred over
  // it, and each row's second line stays with it.
  const YEARLY = [
    '     RELEVE N 1 AU 04/01/2021',
    '  DATE                                                  DATE      DATE          DEBIT          CREDIT',
    ' COMPTA',
    '                        LIBELLE/REFERENCE             OPERATION  VALEUR         EUROS          EUROS',
    '               SOLDE CREDITEUR AU 02/01/2020                                                6 010,50',
    '  03/01     VIR ----------          9954500            03/01     01/01        1 000,00',
    '               Virement vers Compte Cheques',
    '  15/06     VIREMENT                0242220            15/06     15/06                       500,00',
    '               Virement de Epargne',
    '  22/12     VIR ----------          0573146            22/12     22/12          500,00',
    '               Virement vers Compte Cheques',
    '               SOLDE CREDITEUR AU 04/01/2021*                                               5 010,50',
  ].join('\n');
  it('a year-long period: a year-less date both ends of it could hold takes the year of its neighbours', async () => {
    const r = await convertFixedWidth(YEARLY, { bank: 'auto', filename: 'releve.txt' });
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Description])).toEqual([
      ['03/01/2020', '-1000.00', 'VIR ---------- 9954500 Virement vers Compte Cheques'],
      ['15/06/2020', '500.00', 'VIREMENT 0242220 Virement de Epargne'],
      ['22/12/2020', '-500.00', 'VIR ---------- 0573146 Virement vers Compte Cheques'],
    ]);
    expect(r.reconcile_status).toBe('PASS');
  });
  it('a row whose second line is its value date alone keeps the lines under it (ING: "Buchung" over "Valuta")', async () => {
    const text = [
      ' Buchung     Buchung / Verwendungszweck                Betrag (EUR)',
      ' Valuta',
      ' 07.12.2021  Gutschrift RANDI ZAKARIA                        183,68',
      ' 07.12.2021',
      '             Referenz: ZV0100323804198500000002',
      ' 09.12.2021  Lastschrift SPARKASSE MAINZ                    -205,90',
      ' 09.12.2021  MAINZ010//SPARKASSE MAINZ',
      '             Mandat: 175720',
    ].join('\n');
    const r = await convertFixedWidth(text, { bank: 'auto', filename: 'auszug.txt' });
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Description])).toEqual([
      ['07/12/2021', '183.68', 'Gutschrift RANDI ZAKARIA Referenz: ZV0100323804198500000002'],
      ['09/12/2021', '-205.90', 'Lastschrift SPARKASSE MAINZ MAINZ010//SPARKASSE MAINZ Mandat: 175720'],
    ]);
    expect(r.warnings.some((w) => w.code === 'grouping_uncertain')).toBe(false);
  });
  it('one row whose dated line prints no figures: figures-first would leave its date out, so the grouping is sure', async () => {
    const text = [
      'Date           Payment type and details                                 Paid out                 Paid in             Balance',
      '',
      '23 Nov 14             BALANCE BROUGHT FORWARD                                                                         533.28',
      '',
      '12 Dec 14      CR     BIG PIES LTD',
      '',
      '                      REFUND                                                                    1,207.44             1,740.72',
      '',
      '23 Dec 14             BALANCE CARRIED FORWARD                                                                        1,740.72',
    ].join('\n');
    const r = await convertFixedWidth(text, { bank: 'auto', filename: 'hsbc.txt' });
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Description])).toEqual([['12/12/2014', '1207.44', 'CR BIG PIES LTD REFUND']]);
    expect(r.reconcile_status).toBe('PASS');
  });
  it('a row whose text is printed over its dated line, apart from the row above, takes that text and says it is a guess', async () => {
    const text = [
      '  DATE     LIBELLE                                  DEBIT          CREDIT',
      '               SOLDE CREDITEUR AU 01/06/2019                          500,00',
      '  13/06    PRLV SEPA ORANGE                         30,99',
      '           CONTRAT 12345',
      '',
      '         F FRAIS/VIREMENT',
      '  13/06    9999999                                   4,10',
      '  14/06    VIREMENT SEPA                                            100,00',
      '               SOLDE CREDITEUR AU 14/06/2019                          564,91',
    ].join('\n');
    const r = await convertFixedWidth(text, { bank: 'auto', filename: 'releve.txt' });
    expect(r.transactions.map((t) => [t.Amount, t.Description])).toEqual([
      ['-30.99', 'PRLV SEPA ORANGE CONTRAT 12345'],
      ['-4.10', 'F FRAIS/VIREMENT 9999999'],
      ['100.00', 'VIREMENT SEPA'],
    ]);
    expect(r.warnings.find((w) => w.code === 'grouping_uncertain')?.message).toMatch(/row\(s\) [\d, ]*\b2\b/);
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
  });
  it('a header stacked under a title line, with one signed MONTANT column printing "- 2 264,40 €"', async () => {
    const text = [
      '     Votre relevé de compte annuel au 02/01/2024',
      '     *** C A S D E N-B P ***',
      '      DATE                                                   DATE       DATE',
      '                  LIBELLE / REFERENCE                                                      MONTANT',
      '     COMPTA                                              OPERATION    VALEUR',
      '                  SOLDE CREDITEUR AU 02/01/2023                                            5 954,72 €',
      '       12/01      VIR M PERPIGNAN                          12/01      01/01          - 500,00 €',
      '                    Virement vers Compte Cheques',
      '       30/01      VIR M PERPIGNAN                          30/01      01/02            500,00 €',
      '       12/03      VIR M PERPIGNAN                          12/03      01/03        - 2 264,40 €',
      '                  SOLDE CREDITEUR AU 02/01/2024*                                           3 690,32 €',
    ].join('\n');
    const r = await convertFixedWidth(text, { bank: 'auto', filename: 'releve.txt' });
    expect(r.transactions.map((t) => [t.Date, t.Amount])).toEqual([
      ['12/01/2023', '-500.00'],
      ['30/01/2023', '500.00'],
      ['12/03/2023', '-2264.40'],
    ]);
    expect(r.reconcile_status).toBe('PASS');
  });
  it('copied text of two rows under a header: the header vouches for the table; text printed around a mid-row date is said to be a guess', async () => {
    // Single spaces (no columns); each row's narration starts above its dated line and ends below it.
    const text = [
      'Current Account 00001234',
      'DATE NARRATION CREDIT DEBIT BALANCE',
      '03-05-2025 B/F 2,000.00',
      'NEFT/ACME LTD/',
      'SALARY',
      '07-05-2025 NEFT/REF001122 1,250.00 3,250.00',
      'MAY/',
      'ATM/MAIN ST/',
      '19-05-2025 ATM/REF998877 300.00 2,950.00',
      'CASH',
      'Total: 1,250.00 300.00 2,950.00',
    ].join('\n');
    const r = await convertFixedWidth(text, { bank: 'auto', filename: 'copied.txt' });
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Balance])).toEqual([
      ['07/05/2025', '1250.00', '3250.00'],
      ['19/05/2025', '-300.00', '2950.00'],
    ]);
    expect(r.warnings.map((w) => w.code)).toContain('grouping_uncertain');
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
  });
  it('copied text of two rows under a header, one line each, passes', async () => {
    const text = [
      'DATE NARRATION CREDIT DEBIT BALANCE',
      '03-05-2025 B/F 2,000.00',
      '07-05-2025 SALARY ACME 1,250.00 3,250.00',
      '19-05-2025 ATM MAIN ST 300.00 2,950.00',
    ].join('\n');
    const r = await convertFixedWidth(text, { bank: 'auto', filename: 'copied.txt' });
    expect(r.transactions.map((t) => [t.Date, t.Description, t.Amount])).toEqual([
      ['07/05/2025', 'SALARY ACME', '1250.00'],
      ['19/05/2025', 'ATM MAIN ST', '-300.00'],
    ]);
    expect(r.reconcile_status).toBe('PASS');
  });
  it("a panel of account details beside the table (Co-op): its words and figures are no row's, its date gives the year, its legend says S is a sub-total", async () => {
    const text = [
      '                      Summary        Date      Description              Money out    Money in      Balance',
      '',
      '   Account name                      12 June   BROUGHT FORWARD                                       33.72',
      '   MR A SAMPLE                       12 June   MR A SAMPLE                             100.00       133.72',
      '   Sort code 01-02-03                13 June   PAYPAL *MUSIC                1.49',
      '   Statement date 13 June 25         13 June   GREGGS PLC                   5.25',
      '      Opening balance                13 June   CAFE NERO                    6.00',
      '               33.72                 13 June   MR A SAMPLE                              50.00     170.98 S',
      '   Statement closing balance                   Statement closing balance                          170.98 S',
      '              170.98 S',
      'Abbreviations: S Sub Total (Intermediate Balance) OD Overdrawn Balance',
    ].join('\n');
    const r = await convertFixedWidth(text, { bank: 'auto', filename: 'coop.txt' });
    expect(r.transactions.map((t) => [t.Date, t.Description, t.Amount, t.Balance])).toEqual([
      ['12/06/2025', 'MR A SAMPLE', '100.00', '133.72'],
      ['13/06/2025', 'PAYPAL *MUSIC', '-1.49', '132.23'],
      ['13/06/2025', 'GREGGS PLC', '-5.25', '126.98'],
      ['13/06/2025', 'CAFE NERO', '-6.00', '120.98'],
      ['13/06/2025', 'MR A SAMPLE', '50.00', '170.98'],
    ]);
    expect(r.reconcile_status).toBe('PASS');
  });
  it('without that legend a trailing S is Soll, money owed', async () => {
    const text = [
      'Datum      Text                 Betrag        Saldo',
      '01.03.2024 Anfangssaldo                      100,00 S',
      '02.03.2024 Miete              50,00 S       150,00 S',
    ].join('\n');
    const r = await convertFixedWidth(text, { bank: 'auto', filename: 'konto.txt' });
    expect(r.transactions.map((t) => [t.Amount, t.Balance])).toEqual([['-50.00', '-150.00']]);
  });
  it('a header whose figure labels are split around its middle line ("Money" above, "out" below "Date Description Balance")', async () => {
    const text = [
      '                                     Money      Money',
      ' Date        Description                                   Balance',
      '                                      out         In',
      '             Balance brought forward                       1,000.00',
      ' 1 Mar 24    CARD PAYMENT SHOP        24.50                   975.50',
      ' 2 Mar 24    SALARY                              500.00     1,475.50',
      ' 3 Mar 24    RENT                    400.00                 1,075.50',
    ].join('\n');
    const r = await convertFixedWidth(text, { bank: 'auto', filename: 'split-labels.txt' });
    expect(r.transactions.map((t) => t.Amount)).toEqual(['-24.50', '500.00', '-400.00']);
    expect(r.reconcile_status).toBe('PASS');
  });
  it('Dutch labels (Rente datum over two lines, Bedrag af / bij) and day-month dates under the date column', async () => {
    const text = [
      'Rekeningafschrift                         Datum vanaf        Beginsaldo',
      '                                          01-06-2025        1.000,00 CR',
      '                                          Datum tot en met    Eindsaldo',
      '                                          30-06-2025          1.932,50 CR',
      '',
      'Rente  Type  Naam/omschrijving                  Bedrag af (debet)   Bedrag bij (credit)',
      'datum',
      '',
      '02-06  ei    VERZEKERING BV                               17,50',
      '             Kenmerk 12345',
      '03-06  bc    SUPERMARKT 14                                50,00',
      '05-06  cb    WERKGEVER BV                                                  1.000,00',
    ].join('\n');
    const r = await convertFixedWidth(text, { bank: 'auto', filename: 'afschrift.txt' });
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Description])).toEqual([
      ['02/06/2025', '-17.50', 'ei VERZEKERING BV Kenmerk 12345'],
      ['03/06/2025', '-50.00', 'bc SUPERMARKT 14'],
      ['05/06/2025', '1000.00', 'cb WERKGEVER BV'],
    ]);
    expect(r.reconcile_status).toBe('PASS');
  });
  it('thousands set off by a space before a decimal point, under figure columns headed in rand', async () => {
    const text = [
      'Posting Date  Description                     Money In (R)   Money Out (R)    Balance (R)',
      '01/06/2023    Opening Balance                                                   3 000.00',
      '02/06/2023    Card purchase Shop                                -65.00          2 935.00',
      '03/06/2023    Salary                           9 536.25                       12 471.25',
      '14/06/2023    ATM Withdrawal                                 -3 000.00          9 471.25',
      '15/06/2023    Fee ON 12                                         154.23          9 317.02',
    ].join('\n');
    const r = await convertFixedWidth(text, { bank: 'auto', filename: 'za.txt' });
    expect(r.transactions.map((t) => [t.Description, t.Amount, t.Balance, t.Currency])).toEqual([
      ['Card purchase Shop', '-65.00', '2935.00', 'ZAR'],
      ['Salary', '9536.25', '12471.25', 'ZAR'],
      ['ATM Withdrawal', '-3000.00', '9471.25', 'ZAR'],
      ['Fee ON 12', '-154.23', '9317.02', 'ZAR'],
    ]);
    expect(r.reconcile_status).toBe('PASS');
  });
  it('a day its month does not have ("29/02/2023") is given as the month\'s last day, said, and not PASS', async () => {
    const text = [
      'Date        Description            Paid out    Paid in     Balance',
      '01/02/2023  Balance brought forward                         100.00',
      '14/02/2023  SHOP                      10.00                  90.00',
      '29/02/2023  CAFE                       5.00                  85.00',
    ].join('\n');
    const r = await convertFixedWidth(text, { bank: 'auto', filename: 'bad-day.txt' });
    expect(r.transactions.map((t) => t.Date)).toEqual(['14/02/2023', '28/02/2023']);
    expect(r.warnings.find((w) => w.code === 'date_invalid')?.row).toBe(2);
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
  });
});
