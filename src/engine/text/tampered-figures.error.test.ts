// Laid-out text whose printed figures or dates contradict each other (a tampered statement, a
// misprint, an OCR slip): the verdict is never PASS on what was not read as printed.
import { describe, expect, it } from 'vitest';
import { convertFixedWidth } from './index.js';

const head = 'Date        Description                      Paid out     Paid in      Balance';
const row = (date: string, text: string, out: string, inn: string, bal: string) =>
  `${date.padEnd(12)}${text.padEnd(33)}${out.padStart(8)}${inn.padStart(13)}${bal.padStart(13)}`;

describe('printed figures read as printed', () => {
  it('a minus in the paid-in column takes the money out again, as in a delimited export', async () => {
    const text = [
      head,
      row('01/03/2024', 'OPENING CREDIT', '', '100.00', '1,100.00'),
      row('02/03/2024', 'SHOP', '20.00', '', '1,080.00'),
      row('03/03/2024', 'CREDIT RETURNED', '', '-50.00', '1,030.00'),
      row('04/03/2024', 'SHOP', '10.00', '', '1,020.00'),
    ].join('\n');
    const r = await convertFixedWidth(text, { bank: 'auto', filename: 's.txt' });
    expect(r.transactions.map((t) => t.Amount)).toEqual(['100.00', '-20.00', '-50.00', '-10.00']);
    expect(r.reconcile_status).toBe('PASS');
  });
  it('a paid-in figure given a minus the balances do not follow is a break, not a PASS', async () => {
    const text = [
      head,
      row('01/03/2024', 'OPENING CREDIT', '', '100.00', '1,100.00'),
      row('02/03/2024', 'SHOP', '20.00', '', '1,080.00'),
      row('03/03/2024', 'REFUND', '', '-50.00', '1,130.00'),
      row('04/03/2024', 'SHOP', '10.00', '', '1,120.00'),
    ].join('\n');
    const r = await convertFixedWidth(text, { bank: 'auto', filename: 's.txt' });
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
