import { describe, expect, it } from 'vitest';
import type { Token } from '../layout/types.js';
import { garbledTextLayer } from './garbled-text.js';

const words = (texts: string[]): Token[] => texts.map((text, i) => ({ text, x0: i * 30, x1: i * 30 + 25, y: 100, page: 1, em: 10, lh: 12 }));
// Made-up cipher text: every letter shifted, digits printed as letters.
const cipher = Array.from({ length: 60 }, (_, i) => ['hontoauszugW', 'mostbank', 'BucÜung', 'serwendungszweck', 'OTKMRK'][i % 5]);

describe('garbledTextLayer', () => {
  it('many words, not one date or amount: garbled', () => {
    expect(garbledTextLayer(words(cipher))).toBe(true);
  });
  it('one amount or one date among them: a text layer', () => {
    expect(garbledTextLayer(words([...cipher, '1.234,50']))).toBe(false);
    expect(garbledTextLayer(words([...cipher, '27.05.2016']))).toBe(false);
  });
  it('a few words (a cover page, a title) are not judged', () => {
    expect(garbledTextLayer(words(cipher.slice(0, 10)))).toBe(false);
  });
});
