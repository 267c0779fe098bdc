// Several statements in one PDF (issue 18): each reconciled on its own, the verdict the worst of them.
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/engine/convert.js';
import { generateMultiStatementPdf } from '../fixtures/pdf/multi-statement.js';

describe('statements inside one PDF', () => {
  it('reads a current and a savings account printed one after the other as two statements', async () => {
    const { bytes, truth } = await generateMultiStatementPdf([
      { number: '12345678', from: '2024-01-01', to: '2024-01-31', rows: 40, seed: 3 },
      { number: '87654321', sortCode: '12-34-57', title: 'Business Savings Account', from: '2024-01-01', to: '2024-01-31', rows: 6, seed: 5, opening: 500000 },
    ]);
    const r = await convert(bytes, { filename: 'two-accounts.pdf' });
    expect(r.statements).toHaveLength(2);
    const [a, b] = r.statements!;
    expect(a.account.number_last4).toBe('5678');
    expect(a.account.sort_code).toBe('12-34-56');
    expect(b.account.number_last4).toBe('4321');
    expect(a).toMatchObject({
      first_row: 1,
      row_count: 40,
      reconcile_status: 'PASS',
      opening_balance: truth[0].opening,
      closing_balance: truth[0].closing,
      period: { from: '2024-01-01', to: '2024-01-31' },
    });
    expect(b).toMatchObject({ first_row: 41, row_count: 6, reconcile_status: 'PASS', opening_balance: truth[1].opening, closing_balance: truth[1].closing });
    expect(r.reconcile_status).toBe('PASS');
    expect(r.transactions.map((t) => t.Amount)).toEqual([...truth[0].rows, ...truth[1].rows].map((t) => t.Amount));
    expect(r.warnings.map((w) => w.code)).toContain('multiple_accounts');
    expect(Object.keys(r.transactions[0])).toEqual(['Date', 'Description', 'Type', 'Debit', 'Credit', 'Amount', 'Balance', 'Reference', 'Currency']);
  });

  it('reads joined months of one account as statements of their periods; a break in one makes the verdict RECONCILE_WARN', async () => {
    const { bytes, truth } = await generateMultiStatementPdf([
      { number: '12345678', from: '2024-01-01', to: '2024-01-31', rows: 10, seed: 3 },
      { number: '12345678', from: '2024-02-01', to: '2024-02-29', rows: 10, seed: 4, opening: 0, plantBreak: 4 },
      { number: '12345678', from: '2024-03-01', to: '2024-03-31', rows: 10, seed: 6 },
    ]);
    const r = await convert(bytes, { filename: 'year.pdf' });
    expect(r.statements!.map((s) => [s.period.from, s.period.to, s.reconcile_status])).toEqual([
      ['2024-01-01', '2024-01-31', 'PASS'],
      ['2024-02-01', '2024-02-29', 'RECONCILE_WARN'],
      ['2024-03-01', '2024-03-31', 'PASS'],
    ]);
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.reconcile_diff).toBe(r.statements![1].reconcile_diff);
    const breakWarning = r.warnings.find((w) => w.code === 'balance_mismatch');
    expect(breakWarning?.row).toBeGreaterThan(10);
    expect(breakWarning?.message).toMatch(/^Statement 2 /);
    expect(r.warnings.map((w) => w.code)).toContain('multiple_statements');
    expect(r.statements![2].opening_balance).toBe(truth[2].opening);
  });

  it('keeps a one-statement PDF as it was: no statements field', async () => {
    const { bytes } = await generateMultiStatementPdf([{ number: '12345678', from: '2024-01-01', to: '2024-01-31', rows: 70, seed: 3 }]);
    const r = await convert(bytes, { filename: 'one.pdf' });
    expect(r.statements).toBeUndefined();
    expect(r.reconcile_status).toBe('PASS');
    expect(r.transaction_count).toBe(70);
  });
});
