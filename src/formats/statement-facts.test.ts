import { describe, expect, it } from 'vitest';
import { FIXED_NOW, fixture } from '../../test/formats/fixture.js';
import { ledgerBalance, statementSpan } from './statement-facts.js';

describe('statement facts', () => {
  it('ledger balance: printed closing, else last row, else opening + rows, else zero', () => {
    const r = fixture();
    expect(ledgerBalance(r)).toEqual({ amount: '2154.09', source: 'closing_balance' });
    r.meta.closingBalance = null;
    expect(ledgerBalance(r)).toEqual({ amount: '2154.09', source: 'last_row_balance' });
    r.transactions.reverse(); // newest first: the balance of the first row is the latest
    expect(ledgerBalance(r)).toEqual({ amount: '2154.09', source: 'last_row_balance' });
    for (const t of r.transactions) t.Balance = '';
    expect(ledgerBalance(r)).toEqual({ amount: '2154.09', source: 'opening_plus_rows' });
    r.meta.openingBalance = null;
    expect(ledgerBalance(r)).toEqual({ amount: '0.00', source: 'none' });
  });

  it('span: printed period, else row dates, else the day of writing', () => {
    const r = fixture();
    expect(statementSpan(r, FIXED_NOW)).toEqual({ start: { y: 2025, m: 3, d: 1 }, end: { y: 2025, m: 3, d: 31 } });
    r.meta.periodStart = r.meta.periodEnd = null;
    expect(statementSpan(r, FIXED_NOW)).toEqual({ start: { y: 2025, m: 3, d: 3 }, end: { y: 2025, m: 3, d: 14 } });
    r.transactions = [];
    expect(statementSpan(r, FIXED_NOW)).toEqual({ start: { y: 2025, m: 4, d: 1 }, end: { y: 2025, m: 4, d: 1 } });
  });
});
