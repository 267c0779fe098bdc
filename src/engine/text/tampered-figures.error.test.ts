// Laid-out text whose printed figures or dates contradict each other (a tampered statement, a
// misprint, an OCR slip): the verdict is never PASS on what was not read as printed.
import { describe, expect, it } from 'vitest';
import { convertFixedWidth } from './index.js';

const head = 'Date        Description                      Paid out     Paid in      Balance';
const row = (date: string, text: string, out: string, inn: string, bal: string) =>
  `${date.padEnd(12)}${text.padEnd(33)}${out.padStart(8)}${inn.padStart(13)}${bal.padStart(13)}`;

describe('printed figures read as printed', () => {
  // "-50.00" printed in the paid-in column, and the two balances printed after it.
  const minusPaidIn = (after: string, last: string) =>
    [
      head,
      row('01/03/2024', 'OPENING CREDIT', '', '100.00', '1,100.00'),
      row('02/03/2024', 'SHOP', '20.00', '', '1,080.00'),
      row('03/03/2024', 'CREDIT RETURNED', '', '-50.00', after),
      row('04/03/2024', 'SHOP', '10.00', '', last),
    ].join('\n');
  it('a minus in the paid-in column takes the money out again, as in a delimited export', async () => {
    const r = await convertFixedWidth(minusPaidIn('1,030.00', '1,020.00'), { bank: 'auto', filename: 's.txt' });
    expect(r.transactions.map((t) => t.Amount)).toEqual(['100.00', '-20.00', '-50.00', '-10.00']);
    expect(r.reconcile_status).toBe('PASS');
  });
  it('a paid-in figure given a minus the balances do not follow is a break, not a PASS', async () => {
    const r = await convertFixedWidth(minusPaidIn('1,130.00', '1,120.00'), { bank: 'auto', filename: 's.txt' });
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.warnings.some((w) => w.code === 'balance_mismatch' && w.row === 3)).toBe(true);
  });
  it('a date whose month reads 13 as the other dates are read is turned round and named, and the verdict is not PASS', async () => {
    const text = [
      'Buchungstag  Verwendungszweck                        Betrag EUR       Saldo',
      '01.13.2024   GUTSCHRIFT                                498,35 H      998,35',
      '01.12.2024   LASTSCHRIFT                               154,23 S      844,12',
      '02.12.2024   KARTENZAHLUNG                              44,12 S      800,00',
    ].join('\n');
    const r = await convertFixedWidth(text, { bank: 'auto', filename: 's.txt' });
    expect(r.transactions.map((t) => t.Date)).toEqual(['13/01/2024', '01/12/2024', '02/12/2024']);
    expect(r.warnings.find((w) => w.code === 'date_invalid')?.row).toBe(1);
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
  });
});

describe("a summary box's totals are equations too", () => {
  const table = [
    head,
    row('01/03/2024', 'SALARY', '', '1,000.00', '2,000.00'),
    row('02/03/2024', 'RENT', '700.00', '', '1,300.00'),
    row('03/03/2024', 'SHOP', '50.00', '', '1,250.00'),
  ];
  const box = (moneyIn: string, moneyOut: string) => [
    'MR A HOLDER                                    Opening balance          £1,000.00',
    '1 HIGH STREET                                  Money in                 £' + moneyIn,
    'LEEDS                                          Money out                  £' + moneyOut,
    'LS1 1AA                                        Closing balance          £1,250.00',
    '',
  ];
  it('totals named by the column words alone ("Money in £1,000.00") that agree keep the PASS', async () => {
    const r = await convertFixedWidth([...box('1,000.00', '750.00'), ...table].join('\n'), { bank: 'auto', filename: 's.txt' });
    expect(r.transactions.map((t) => t.Amount)).toEqual(['1000.00', '-700.00', '-50.00']);
    expect(r.reconcile_status).toBe('PASS');
  });
  it('a money-out total one penny off is a contradiction: no PASS', async () => {
    const r = await convertFixedWidth([...box('1,000.00', '750.01'), ...table].join('\n'), { bank: 'auto', filename: 's.txt' });
    expect(r.transactions).toHaveLength(3);
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.warnings.map((w) => w.code)).toContain('totals_mismatch');
  });
  it('the same words inside the table or a description total nothing', async () => {
    const text = [
      head,
      row('01/03/2024', 'CASH PAID IN', '', '1,000.00', '2,000.00'),
      row('02/03/2024', 'RENT', '700.00', '', '1,300.00'),
      'Money out                                           1.00',
      row('03/03/2024', 'SHOP', '50.00', '', '1,250.00'),
    ].join('\n');
    const r = await convertFixedWidth(text, { bank: 'auto', filename: 's.txt' });
    expect(r.warnings.map((w) => w.code)).not.toContain('totals_mismatch');
    expect(r.transactions.map((t) => t.Amount).slice(0, 2)).toEqual(['1000.00', '-700.00']);
  });
  it('a box of labels over figures naming a balance reads "Paid In" and "Withdrawn" as its totals, and each dated balance its own date', async () => {
    const over = (paidIn: string) => [
      '   Balance on 1 March 2024      Paid In        Withdrawn      Balance on 31 March 2024',
      '',
      `   £1,000.00                    £${paidIn}      £750.00        £1,250.00`,
      '',
    ];
    const ok = await convertFixedWidth([...over('1,000.00'), ...table].join('\n'), { bank: 'auto', filename: 's.txt' });
    expect(ok.reconcile_status).toBe('PASS');
    expect(ok.meta.openingBalance).toBe('1000.00');
    const off = await convertFixedWidth([...over('1,000.10'), ...table].join('\n'), { bank: 'auto', filename: 's.txt' });
    expect(off.reconcile_status).toBe('RECONCILE_WARN');
  });
  it('a table opening on "Balance from statement 107" is an opening the summary start balance must agree with', async () => {
    const text = (start: string) =>
      [
        'MR A HOLDER                                    Start balance            £' + start,
        '',
        head,
        '            Balance from statement 107 dated 29/02/2024                               1,000.00',
        row('01/03/2024', 'SALARY', '', '1,000.00', '2,000.00'),
        row('02/03/2024', 'RENT', '700.00', '', '1,300.00'),
      ].join('\n');
    expect((await convertFixedWidth(text('1,000.00'), { bank: 'auto', filename: 's.txt' })).reconcile_status).toBe('PASS');
    expect((await convertFixedWidth(text('1,000.01'), { bank: 'auto', filename: 's.txt' })).reconcile_status).toBe('RECONCILE_WARN');
  });
  it("a total the box leaves blank (nil) takes no neighbour's figure", async () => {
    const outOnly = [head, row('01/03/2024', 'RENT', '700.00', '', '300.00'), row('02/03/2024', 'SHOP', '50.00', '', '250.00')];
    const box = [
      '   Previous Balance             Paid In        Withdrawn      New Balance',
      '   £1,000.00                                   £750.00        £250.00',
      '',
    ];
    const r = await convertFixedWidth([...box, ...outOnly].join('\n'), { bank: 'auto', filename: 's.txt' });
    expect(r.warnings.map((w) => w.code)).not.toContain('totals_mismatch');
    expect(r.reconcile_status).toBe('PASS');
  });
});

describe('an anchor label whose figure is missing', () => {
  it('"BALANCE CARRIED FORWARD" or a dated "STATEMENT CLOSING BALANCE" without its figure is no row text', async () => {
    const text = [
      'Opening balance                         1,000.00',
      'Closing balance                           950.00',
      '',
      head,
      row('01/03/2024', 'SHOP', '20.00', '', ''),
      row('02/03/2024', 'CAFE', '30.00', '', ''),
      '            BALANCE CARRIED FORWARD DR',
      row('03/03/2024', 'BAKERY', '10.00', '', ''),
      row('03/03/2024', 'REFUND', '', '10.00', ''),
      '03 Mar 24   STATEMENT CLOSING BALANCE',
    ].join('\n');
    const r = await convertFixedWidth(text, { bank: 'auto', filename: 's.txt' });
    expect(r.transactions.map((t) => [t.Description, t.Amount])).toEqual([
      ['SHOP', '-20.00'],
      ['CAFE', '-30.00'],
      ['BAKERY', '-10.00'],
      ['REFUND', '10.00'],
    ]);
    expect(r.reconcile_status).toBe('PASS');
  });
});
