// Several statements in one CSV export (issue 18): an account column with several accounts, and
// exports of consecutive months joined with their header repeated.
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/engine/convert.js';
import { joinedStatementsCsv, multiStatementCsv } from '../fixtures/pdf/multi-statement.js';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('statements inside one CSV', () => {
  it('splits an export of two accounts by its account column, each reconciled on its own', async () => {
    const { text, truth } = multiStatementCsv([
      { number: '12345678', from: '2024-01-01', to: '2024-01-31', rows: 8, seed: 3 },
      { number: '87654321', from: '2024-01-01', to: '2024-01-31', rows: 5, seed: 5, opening: 300000 },
    ]);
    const r = await convert(bytes(text), { filename: 'accounts.csv' });
    expect(r.statements!.map((s) => [s.account.number_last4, s.account.sort_code, s.first_row, s.row_count, s.reconcile_status])).toEqual([
      ['5678', '12-34-56', 1, 8, 'PASS'],
      ['4321', '12-34-56', 9, 5, 'PASS'],
    ]);
    expect(r.transactions.map((t) => t.Balance)).toEqual([...truth[0].rows, ...truth[1].rows].map((t) => t.Balance));
    expect(r.warnings.map((w) => w.code)).toContain('multiple_accounts');
    expect(r.statementIds).toEqual([
      { accountId: '12345678', bankId: '12-34-56' },
      { accountId: '87654321', bankId: '12-34-56' },
    ]);
  });

  it('splits exports of consecutive months joined into one file at their repeated header', async () => {
    const { text } = joinedStatementsCsv([
      { number: '12345678', from: '2024-01-01', to: '2024-01-31', rows: 6, seed: 3 },
      { number: '12345678', from: '2024-02-01', to: '2024-02-29', rows: 7, seed: 4 },
    ]);
    const r = await convert(bytes(text), { filename: 'joined.csv' });
    expect(r.statements!.map((s) => [s.period.from, s.period.to, s.row_count, s.reconcile_status])).toEqual([
      ['2024-01-01', '2024-01-31', 6, 'PASS'],
      ['2024-02-01', '2024-02-29', 7, 'PASS'],
    ]);
    expect(r.warnings.map((w) => w.code)).not.toContain('rows_skipped');
    expect(r.reconcile_status).toBe('PASS');
  });

  it('names accounts by an account column of names when no number names them', async () => {
    const text = 'Date,Description,Amount,Account\n08/02/2015,A,-10.00,Checking\n09/02/2015,B,-20.00,Checking\n24/03/2015,C,-3.00,Cash\n';
    const r = await convert(bytes(text), { filename: 'ledger.csv' });
    expect(r.statements!.map((s) => [s.account.name, s.row_count])).toEqual([
      ['Checking', 2],
      ['Cash', 1],
    ]);
    expect(r.warnings.map((w) => w.code)).toContain('multiple_accounts');
  });

  it('keeps interleaved account values (supplementary cards) as one statement in printed order', async () => {
    const text = 'Date,Card Number,Description,Amount\n01/02/2024,XXXX1111,TESCO,-10.00\n02/02/2024,XXXX2222,SHELL,-20.00\n03/02/2024,XXXX1111,COSTA,-3.00\n';
    const r = await convert(bytes(text), { filename: 'cards.csv' });
    expect(r.statements).toBeUndefined();
    expect(r.transactions.map((t) => t.Description)).toEqual(['TESCO', 'SHELL', 'COSTA']);
  });

  it('leaves a one-account export with an account column as one statement', async () => {
    const { text } = multiStatementCsv([{ number: '12345678', from: '2024-01-01', to: '2024-01-31', rows: 8, seed: 3 }]);
    const r = await convert(bytes(text), { filename: 'one.csv' });
    expect(r.statements).toBeUndefined();
    expect(r.meta.accountId).toBe('12345678');
  });
});
