import { describe, expect, it } from 'vitest';
import { parseDateWords } from './date-words.js';
import type { Token } from './types.js';

const words = (line: string): Token[] =>
  [...line.matchAll(/\S+/g)].map((m) => ({ text: m[0], x0: m.index, x1: m.index + m[0].length, y: 1, page: 1, em: 2, lh: 1 }));

describe('dates from a line’s words', () => {
  it('reads Spanish and Portuguese dates joined with "de"', () => {
    expect(parseDateWords(words('14 de mar. 2026 DrinksEBar -85,91'), 0)).toMatchObject({ n: 4, date: { a: 14, b: 3, y: 2026 } });
    expect(parseDateWords(words('3 de marzo de 2024 Supermercado'), 0)).toMatchObject({ n: 5, date: { a: 3, b: 3, y: 2024 } });
    expect(parseDateWords(words('12 de abril Pago'), 0)).toMatchObject({ n: 3, date: { a: 12, b: 4, y: null } });
  });
  it('reads a full date carrying a footnote mark ("02/15/25*", the posting date by the page’s key)', () => {
    expect(parseDateWords(words('02/15/25* GINEVRA M WEASLEY AUTOPAY PAYMENT'), 0)).toMatchObject({ n: 1, text: '02/15/25', date: { a: 2, b: 15, y: 2025 } });
    // Text with a star is not a date for it.
    expect(parseDateWords(words('TST* LEADKY CAULDRON'), 0)).toBeNull();
  });
  it('two digits before a month name start the next date, not this one\'s year ("19 Apr 19 Apr", years below)', () => {
    expect(parseDateWords(words('19 Apr 19 Apr ATM WDL-ATM CASH 2,000.00'), 0, Infinity, 1000)).toMatchObject({ n: 2, date: { a: 19, b: 4, y: null } });
    expect(parseDateWords(words('19 Apr 19 ATM WDL-ATM CASH 2,000.00'), 0, Infinity, 1000)).toMatchObject({ n: 3, date: { a: 19, b: 4, y: 2019 } });
  });
});
