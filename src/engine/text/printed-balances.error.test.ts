// Balances printed outside the rows besides the opening and closing the chain uses: a second closing
// that disagrees stops a PASS; a page's carried forward or a repeated closing that agrees does not.
import { describe, expect, it } from 'vitest';
import { convertFixedWidth } from './index.js';

const table = (summaryClosing: string, pageEnd: string) =>
  [
    'ACME BANK - Account Statement',
    'Opening balance: 100.00',
    `Closing balance: ${summaryClosing}`,
    'Date       Description      Type      Amount    Balance',
    '2026-01-02 Coffee shop      Debit       5.00      95.00',
    '2026-01-05 Salary credit    Credit     50.00     145.00',
    `Balance carried forward: ${pageEnd}`,
    'Date       Description      Type      Amount    Balance',
    '2026-01-09 Groceries        Debit      15.00     130.00',
    'Closing balance: 130.00',
  ].join('\n');
const read = (text: string) => convertFixedWidth(text, { bank: 'auto', filename: 's.txt' });

describe('balances printed outside the rows', () => {
  it('a second closing balance the rows never reach stops a PASS and is named', async () => {
    const r = await read(table('131.00', '145.00'));
    expect(r.transactions.map((t) => t.Amount)).toEqual(['-5.00', '50.00', '-15.00']);
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.warnings.find((w) => w.code === 'balance_mismatch')?.message).toContain('131.00 GBP');
  });
  it('a carried-forward figure between pages that no row reaches stops a PASS', async () => {
    const r = await read(table('130.00', '146.00'));
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.warnings.find((w) => w.code === 'balance_mismatch')?.message).toContain('146.00 GBP');
  });
  it("a figure far left of a label whose own figure is no money (reward points) is not that label's balance", async () => {
    const text = table('130.00', '145.00') + '\n' + '   3,852.00                                  Previous Balance      26,227';
    const r = await read(text);
    expect(r.reconcile_status).toBe('PASS');
  });
  it('a "Closing Balance" column label in a header row copied as text is no closing figure', async () => {
    const text = [
      'Statement From : 01/03/19 TO : 29/03/19',
      'Date Narration Chq. / Ref No. Value Date Withdrawal Amount Deposit Amount Closing Balance*',
      '01/03/2019 ATM WITHDRAWAL 7253 01/03/2019 15,000.00 0.00 4,10,300.00',
      '09/03/2019 FUNDS TRANSFER 5500 09/03/2019 45,000.00 0.00 3,65,300.00',
      '25/03/2019 SALARY CREDIT 9084 25/03/2019 0.00 20,000.00 3,85,300.00',
    ].join('\n');
    const r = await read(text);
    expect(r.transactions.map((t) => t.Amount)).toEqual(['-15000.00', '-45000.00', '20000.00']);
    expect(r.warnings.filter((w) => w.code === 'balance_mismatch')).toEqual([]);
  });
  it('the closing printed twice and a carried forward the rows reach still PASS', async () => {
    const r = await read(table('130.00', '145.00'));
    expect(r.reconcile_status).toBe('PASS');
    expect(r.warnings.filter((w) => w.code === 'balance_mismatch')).toEqual([]);
  });
});
