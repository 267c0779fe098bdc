// Whatever the text, classify answers one valid classification per row and answers the same way twice.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../types.js';
import { classify } from './classify.js';
import { CATEGORY_IDS } from './taxonomy.data.js';

const amount = fc.tuple(fc.boolean(), fc.nat(100000), fc.nat(99)).map(([neg, a, b]) => `${neg ? '-' : ''}${a}.${String(b).padStart(2, '0')}`);
const txArb = fc.record({
  Date: fc.constantFrom('01/03/2024', '02/03/2024', ''),
  Description: fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom('DD OCTOPUS ENERGY', 'TFR', 'CASH', ')))', 'SUMUP *', 'HMRC REFUND INTEREST')),
  Type: fc.constantFrom('debit', 'credit'),
  Debit: fc.constant(''),
  Credit: fc.constant(''),
  Amount: fc.oneof(amount, fc.string({ maxLength: 8 })),
  Balance: fc.constant(''),
  Reference: fc.string({ maxLength: 20 }),
  Currency: fc.constantFrom('GBP', 'EUR'),
}) as fc.Arbitrary<Transaction>;

describe('classify (properties)', () => {
  it('never throws, keeps the row count, stays inside the taxonomy and is deterministic', () => {
    fc.assert(
      fc.property(fc.array(txArb, { maxLength: 30 }), (rows) => {
        const out = classify(rows);
        expect(out).toHaveLength(rows.length);
        for (const c of out) {
          expect(CATEGORY_IDS).toContain(c.category);
          expect(['income', 'expense', 'transfer']).toContain(c.classification);
          expect(c.confidence).toBeGreaterThanOrEqual(0);
          expect(c.confidence).toBeLessThanOrEqual(1);
          expect(c.reason.length).toBeGreaterThan(0);
        }
        expect(classify(rows)).toEqual(out);
      }),
      { numRuns: 200, seed: 42 },
    );
  });
});
