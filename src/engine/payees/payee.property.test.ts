// Whatever the text, a payee is one short line made of the description's own words, and the same
// description always gives the same payee.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawnFrom } from '../../../test/data/payees-labelled.load.js';
import { payeesOf, readPayee } from './index.js';

const WORDS = [
  'DD',
  'SO',
  'FPI',
  'FPO',
  'CARD',
  'PAYMENT',
  'TO',
  'FROM',
  'REF',
  'TESCO',
  'STORES',
  'PAYPAL',
  '*',
  ',',
  '2341',
  '12MAR25',
  'LONDON',
  'GB',
  'MR',
  'J',
  'SMITH',
  'LTD',
  'AMAZON.CO.UK',
  'HMRC',
  'VAT',
  'CASH',
  'ATM',
  'INTEREST',
  'FEE',
  ')))',
  'Café',
  "O'NEILL",
  'B&Q',
  'Ł',
  '東京',
  '-',
  '@',
  '1.2345',
  'WWW.',
  '.COM',
  'SQ',
  'SUMUP',
  'THE',
  'AT',
  'x',
];
const line = fc.array(fc.constantFrom(...WORDS), { maxLength: 14 }).map((w) => w.join(' '));

describe('readPayee (properties)', () => {
  it('uses only text of the description, stays one line of at most 100 characters, never throws', () => {
    fc.assert(
      fc.property(fc.oneof(line, fc.string({ maxLength: 120 }), fc.string({ unit: 'grapheme', maxLength: 60 })), (d) => {
        const p = readPayee(d);
        expect(drawnFrom(p, d), `${p} <= ${d}`).toBe(true);
        expect(p.length).toBeLessThanOrEqual(100);
        expect(p).not.toMatch(/[\n\r\t]/);
        expect(p).toBe(p.trim());
        expect(readPayee(d)).toBe(p);
      }),
      { numRuns: 2000, seed: 21 },
    );
  });

  it('payeesOf equals readPayee row by row', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (ds) => {
        expect(payeesOf(ds.map((Description) => ({ Description })))).toEqual(ds.map((d) => readPayee(d)));
      }),
      { numRuns: 200, seed: 7 },
    );
  });
});
