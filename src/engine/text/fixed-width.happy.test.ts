// Fixed-width text through the shared layout: balance only on a day's last row, D suffix, year from
// the statement date, brought/carried forward as anchors.
import { describe, expect, it } from 'vitest';
import { convertFixedWidth } from './index.js';

const TEXT = [
  'Statement date:',
  '08 Jan 2024',
  ' Date     Type Description                         Paid out     Paid in    Balance (\u00a3)',
  ' 28 Dec            Balance brought forward                                100.00 D',
  ' 29 Dec DD         BRITISH GAS                        20.00',
  ' 29 Dec CR         CLIENT\u00a0PAYMENT                              150.00      30.00',
  ' 03 Jan VIS        TESCO                              45.50                 15.50 D',
  ' 08 Jan            Balance carried forward                                 15.50 D',
  'Statements produced from 13 July 2014 are available in PDF format.',
].join('\n');

describe('fixed-width text', () => {
  it('reads rows, signs, years across December to January, and passes', async () => {
    const r = await convertFixedWidth(TEXT, { bank: 'auto', filename: 's.txt' });
    expect(r.reconcile_status).toBe('PASS');
    expect(r.transactions.map((t) => [t.Date, t.Description, t.Amount, t.Balance])).toEqual([
      ['29/12/2023', 'DD BRITISH GAS', '-20.00', '-120.00'],
      ['29/12/2023', 'CR CLIENT PAYMENT', '150.00', '30.00'],
      ['03/01/2024', 'VIS TESCO', '-45.50', '-15.50'],
    ]);
    expect(r.provenance[0]?.lines).toEqual([5]);
  });
  it('warns on the row whose balance does not chain', async () => {
    const r = await convertFixedWidth(TEXT.replace('45.50 ', '46.50 '), { bank: 'auto', filename: 's.txt' });
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.warnings.some((w) => w.code === 'balance_mismatch' && w.row === 3)).toBe(true);
  });
});
