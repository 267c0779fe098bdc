import { describe, expect, it } from 'vitest';
import type { Transaction } from '../types.js';
import { classify } from './classify.js';
import { CATEGORIES, CATEGORY_IDS } from './taxonomy.data.js';

const tx = (Description: string, Amount: string, Date = '01/03/2024', extra: Partial<Transaction> = {}): Transaction => {
  const debit = Amount.startsWith('-');
  const unsigned = Amount.replace(/^-/, '');
  return {
    Date,
    Description,
    Type: debit ? 'debit' : 'credit',
    Debit: debit ? unsigned : '',
    Credit: debit ? '' : unsigned,
    Amount,
    Balance: '',
    Reference: '',
    Currency: 'GBP',
    ...extra,
  };
};

describe('classify', () => {
  it('returns one classification per transaction, in order, with a rounded confidence', () => {
    const out = classify([tx('DD OCTOPUS ENERGY', '-120.00'), tx('FPI ACORN JOINERY INV 22', '450.00')]);
    expect(out).toHaveLength(2);
    expect(out[0]).toEqual({
      classification: 'expense',
      category: 'utilities',
      confidence: 0.95,
      reason: 'Direct debit (DD) to a known energy supplier (OCTOPUS ENERGY)',
    });
    expect(out[1]).toMatchObject({ classification: 'income', category: 'sales' });
    for (const c of out) expect(Math.round(c.confidence * 100) / 100).toBe(c.confidence);
  });

  it('gives the same output for the same input', () => {
    const rows = [tx('TESCO STORES 2231', '-12.40'), tx('TFR 20-11-22 12345678', '-500', '02/03/2024'), tx('FPI A BLOGGS', '500', '02/03/2024')];
    expect(classify(rows)).toEqual(classify(rows.map((r) => ({ ...r }))));
  });

  it('handles an empty list', () => {
    expect(classify([])).toEqual([]);
  });

  it('lets the longest merchant name win', () => {
    expect(classify([tx('TESCO PFS 2841', '-55.00')])[0].category).toBe('fuel');
    expect(classify([tx('TESCO MOBILE', '-15.00')])[0].category).toBe('telephone_internet');
    expect(classify([tx('DD SHELL ENERGY RETAIL', '-90')])[0].category).toBe('utilities');
  });

  it('reads money in from a spending merchant as a refund, and from HMRC as tax', () => {
    expect(classify([tx('CURRYS PC WORLD', '249.00')])[0]).toMatchObject({ category: 'refunds', classification: 'income' });
    expect(classify([tx('HMRC VAT REFUND', '760.00')])[0]).toMatchObject({ category: 'hmrc_tax', classification: 'income' });
  });

  it('reads processors as takings in and fees out, and as intermediaries when a merchant follows', () => {
    expect(classify([tx('BGC STRIPE PAYMENTS UK', '1200')])[0].category).toBe('sales');
    expect(classify([tx('STRIPE PAYMENTS UK LTD', '-3.40')])[0].category).toBe('bank_charges');
    expect(classify([tx('SUMUP *THE HUNGRY BEAR CAFE', '-8.20')])[0].category).toBe('meals');
  });

  it('lets decisive type codes and explicit words win', () => {
    expect(classify([tx('CHG ACCOUNT FEE', '-8.50')])[0].category).toBe('bank_charges');
    expect(classify([tx('CPT LLOYDS BANK HIGH ST', '-100')])[0]).toMatchObject({ category: 'cash_withdrawals', classification: 'transfer' });
    expect(classify([tx('AMAZON.CO.UK REFUND', '23.99')])[0].category).toBe('refunds');
    expect(classify([tx('BUSINESS RESERVE INTEREST', '2.30')])[0].category).toBe('interest');
  });

  it('does not read the words of a type code as keywords', () => {
    expect(classify([tx('MOBILE PAYMENT TO DAVE', '-50')])[0].category).toBe('other');
  });

  it('takes the direction from Amount when Type is missing', () => {
    const row = { ...tx('SHELL OAKWOOD', '-62.15'), Type: undefined as unknown as 'debit' };
    expect(classify([row])[0].classification).toBe('expense');
  });

  describe('same-day amounts on both sides', () => {
    it('pairs a debit and a credit of the same amount on the same day as own transfers', () => {
      const out = classify([tx('FPO J SMITH', '-500.00', '03/03/2024'), tx('DEB GREGGS', '-3.10', '03/03/2024'), tx('FPI J SMITH', '500', '03/03/2024')]);
      expect(out[0]).toMatchObject({ category: 'own_transfers', classification: 'transfer', confidence: 0.75 });
      expect(out[0].reason).toContain('row 3');
      expect(out[2]).toMatchObject({ category: 'own_transfers', classification: 'transfer' });
      expect(out[1].category).toBe('meals');
    });

    it('does not pair across days, currencies, or named merchants', () => {
      expect(classify([tx('FPO J SMITH', '-500', '03/03/2024'), tx('FPI J SMITH', '500', '04/03/2024')])[0].category).toBe('other');
      expect(classify([tx('FPO J SMITH', '-500'), tx('FPI J SMITH', '500', undefined, { Currency: 'EUR' })])[0].category).toBe('other');
      const refund = classify([tx('AMAZON.CO.UK', '-20.00'), tx('AMAZON.CO.UK', '20.00')]);
      expect(refund.map((c) => c.category)).toEqual(['other', 'refunds']);
    });

    it('pairs each debit with one credit only', () => {
      const out = classify([tx('FPO A', '-10'), tx('FPO B', '-10'), tx('FPI C', '10.00')]);
      expect(out.map((c) => c.category)).toEqual(['own_transfers', 'other', 'own_transfers']);
    });
  });

  describe('user rules', () => {
    it('win over the built-in ones and say so', () => {
      const out = classify([tx('DD OCTOPUS ENERGY', '-120.00')], [{ id: 'r1', pattern: 'octopus', category: 'rent' }]);
      expect(out[0]).toMatchObject({ category: 'rent', classification: 'expense', confidence: 1 });
      expect(out[0].reason).toContain('Your rule "octopus" (id r1)');
      expect(out[0].reason).toContain('win over the built-in');
    });

    it('apply in order, accept /regex/, and may set the classification', () => {
      const rules = [
        { id: 'a', pattern: '/^fpi .*acme/', category: 'sales' as const },
        { id: 'b', pattern: 'acme', category: 'drawings_capital' as const, classification: 'expense' as const },
      ];
      const out = classify([tx('FPI ACME LTD', '100'), tx('FPO ACME LTD', '-100')], rules);
      expect(out.map((c) => [c.category, c.classification])).toEqual([
        ['sales', 'income'],
        ['drawings_capital', 'expense'],
      ]);
    });

    it('keep ruled rows out of same-day pairing', () => {
      const out = classify([tx('FPO J SMITH', '-500'), tx('FPI J SMITH', '500')], [{ id: 'r', pattern: 'FPI', category: 'sales' }]);
      expect(out.map((c) => c.category)).toEqual(['other', 'sales']);
    });
  });

  it('exports a taxonomy with unique ids and names for every category', () => {
    expect(CATEGORIES.map((c) => c.id)).toEqual([...CATEGORY_IDS]);
    expect(new Set(CATEGORIES.map((c) => c.name)).size).toBe(CATEGORIES.length);
  });
});
