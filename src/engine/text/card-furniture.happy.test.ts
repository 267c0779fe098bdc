// Fixed-width text through the shared layout: a card statement's own furniture (dates set with spaced
// separators, an account summary ending in the total amount due, a reward points summary after the
// transactions, a one-letter mark in a column of its own, a heading naming a cardholder) read for what it is.
import { describe, expect, it } from 'vitest';
import { convertFixedWidth } from './index.js';

const TEXT = [
  'Statement Date        18-Jul-2025',
  '                                   Account Summary',
  '                          Opening Balance                 2,000.00',
  '                          Purchases & Debits                150.00',
  '                          Payments & Credits              2,000.00',
  '                          Total Amount Due                  150.00',
  '                 Transaction Summary',
  '    Date           Transaction Description                        Amount',
  '  23 / 06 / 2025   BOOKSHOP CITY                                   100.00 Dr.',
  '  30 / 06 / 2025   PAYMENT RECEIVED                              2,000.00 Cr.',
  '  04 / 07 / 2025   CAFE CITY                                        50.00 Dr.',
  '                 Reward Point Summary',
  'Opening Balance     Earned     Redeemed     Closing Balance',
  '     1,200.00        15.00         0.00            1,215.00',
].join('\n');

describe('card statement furniture', () => {
  it('dates set as "23 / 06 / 2025" date their rows; the total amount due closes; reward points are no row', async () => {
    const r = await convertFixedWidth(TEXT, { bank: 'auto', filename: 'card.txt' });
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Description])).toEqual([
      ['23/06/2025', '-100.00', 'BOOKSHOP CITY'],
      ['30/06/2025', '2000.00', 'PAYMENT RECEIVED'],
      ['04/07/2025', '-50.00', 'CAFE CITY'],
    ]);
    expect(r.reconcile_status).toBe('PASS');
  });
  it('reward points named above the table end nothing: only a points summary after its rows does', async () => {
    const text = ['Reward Points', '4,026', ...TEXT.split('\n')].join('\n');
    const r = await convertFixedWidth(text, { bank: 'auto', filename: 'card.txt' });
    expect(r.transactions.map((t) => t.Amount)).toEqual(['-100.00', '2000.00', '-50.00']);
  });
  it('a one-letter mark set apart in a column of its own signs its figure; a heading naming a cardholder is no row text', async () => {
    const text = [
      '    Date           Transaction Details                         Amount',
      '  01 Jul 25        CARD CASHBACK CREDIT                         46.00   C',
      '  02 Jul 25        PAYMENT RECEIVED 0000123                    774.00   C',
      '                   TRANSACTIONS FOR JANE DOE',
      '  03 Jul 25        CAFE CITY                                   306.00   D',
      '  04 Jul 25        BOOKSHOP CITY                                53.00   D',
    ].join('\n');
    const r = await convertFixedWidth(text, { bank: 'auto', filename: 'card.txt' });
    expect(r.transactions.map((t) => [t.Amount, t.Description])).toEqual([
      ['46.00', 'CARD CASHBACK CREDIT'],
      ['774.00', 'PAYMENT RECEIVED 0000123'],
      ['-306.00', 'CAFE CITY'],
      ['-53.00', 'BOOKSHOP CITY'],
    ]);
  });
});
