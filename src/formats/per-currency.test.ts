// One currency of a multi-currency statement as a result of its own: its rows, equations, warnings and
// figures, and a verdict decided again on those alone.
import { describe, expect, it } from 'vitest';
import type { EngineResult, Transaction } from '../engine/types.js';
import { currenciesOf, currencyPart } from './per-currency.js';

const row = (amount: string, balance: string, currency: string): Transaction => ({
  Date: '01/03/2026',
  Description: `ROW ${amount} ${currency}`,
  Type: amount.startsWith('-') ? 'debit' : 'credit',
  Debit: amount.startsWith('-') ? amount.slice(1) : '',
  Credit: amount.startsWith('-') ? '' : amount,
  Amount: amount,
  Balance: balance,
  Reference: '',
  Currency: currency,
});

function twoCurrencies(): EngineResult {
  return {
    bank: 'generic',
    reconcile_status: 'RECONCILE_WARN',
    reconcile_diff: 1,
    transaction_count: 4,
    transactions: [row('-10.00', '90.00', 'GBP'), row('5.00', '95.00', 'GBP'), row('-1.00', '49.00', 'EUR'), row('-2.00', '46.00', 'EUR')],
    provenance: [null, null, null, null],
    warnings: [{ code: 'balance_mismatch', message: 'EUR break', row: 4, equation: 2 }],
    proof: [
      { rows: [0, 1], start: 10000n, end: 9500n, currency: 'GBP', startKind: 'opening', endKind: 'closing', holds: true },
      { rows: [2, 3], start: 5000n, end: 4600n, currency: 'EUR', startKind: 'opening', endKind: 'closing', holds: false },
    ],
    payees: ['a', 'b', 'c', 'd'],
    meta: {
      inputKind: 'pdf',
      pageCount: 1,
      currency: 'GBP',
      currencyExponent: 2,
      openingBalance: '100.00',
      closingBalance: '95.00',
      periodStart: null,
      periodEnd: null,
      accountId: null,
      bankId: null,
      accountType: 'bank',
    },
  };
}

describe('currencyPart', () => {
  it('keeps the GBP rows, their equation and figures: PASS on its own', () => {
    const r = twoCurrencies();
    expect(currenciesOf(r)).toEqual(['GBP', 'EUR']);
    const gbp = currencyPart(r, 'GBP');
    expect(gbp.transactions.map((t) => t.Currency)).toEqual(['GBP', 'GBP']);
    expect(gbp.proof).toHaveLength(1);
    expect(gbp.warnings).toEqual([]);
    expect(gbp.reconcile_status).toBe('PASS');
    expect(gbp.payees).toEqual(['a', 'b']);
    expect([gbp.meta.openingBalance, gbp.meta.closingBalance]).toEqual(['100.00', '95.00']);
  });

  it('keeps the EUR rows renumbered from 1, its break and its own figures: not PASS', () => {
    const eur = currencyPart(twoCurrencies(), 'EUR');
    expect(eur.transactions.map((t) => t.Amount)).toEqual(['-1.00', '-2.00']);
    expect(eur.proof![0].rows).toEqual([0, 1]);
    expect(eur.warnings).toEqual([{ code: 'balance_mismatch', message: 'EUR break', row: 2, equation: 1 }]);
    expect(eur.reconcile_status).toBe('RECONCILE_WARN');
    // 46.00 printed against 50.00 - 3.00 = 47.00.
    expect(eur.reconcile_diff).toBe(-1);
    expect([eur.meta.currency, eur.meta.openingBalance, eur.meta.closingBalance]).toEqual(['EUR', '50.00', '46.00']);
    expect(eur.payees).toEqual(['c', 'd']);
  });
});
