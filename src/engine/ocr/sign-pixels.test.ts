import { describe, expect, it } from 'vitest';
import type { OcrWord } from './ocr-backend.js';
import type { CleanPage } from './page-cleanup.js';
import { minusInPixels, readMinusMarks } from './sign-pixels.js';

const W = 400,
  H = 80;
/** Digits 30 px tall (rows 20-49), 16 px wide, 6 px apart, from x = 100; marks drawn left of them. */
function page(digits: number, mark?: 'minus' | 'quote' | 'plus' | 'speck' | 'far' | 'spaced'): { page: CleanPage; word: OcrWord } {
  const bin = new Uint8Array(W * H);
  const fill = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) bin[y * W + x] = 1;
  };
  for (let d = 0; d < digits; d++) {
    const x = 100 + d * 22;
    // A ring: the outline of a round digit.
    fill(x, 20, x + 16, 23);
    fill(x, 47, x + 16, 50);
    fill(x, 20, x + 3, 50);
    fill(x + 13, 20, x + 16, 50);
  }
  if (mark === 'minus') fill(84, 33, 95, 38); // flat, at the digits' middle height
  if (mark === 'quote') {
    // Two ticks at the top.
    fill(86, 20, 88, 27);
    fill(91, 20, 93, 27);
  }
  if (mark === 'plus') {
    // As tall as wide.
    fill(84, 33, 96, 36);
    fill(88, 28, 91, 42);
  }
  if (mark === 'speck') fill(90, 35, 91, 36);
  if (mark === 'far') fill(40, 33, 51, 38); // a dash far to the left: not this figure's
  if (mark === 'spaced') fill(73, 33, 84, 38); // a dash a space before the figure (a filler, a range)
  const image = { png: new Uint8Array(), width: W, height: H };
  const word: OcrWord = { text: '', conf: 50, x0: 98, y0: 18, x1: 100 + digits * 22, y1: 52, line: 0 };
  return { page: { image, bin, scale: 1, skew: 0, applied: [] }, word };
}

describe('a minus read from the ink (sign-pixels.ts)', () => {
  it('finds a flat mark at the digits’ middle height just left of the first digit', () => {
    const { page: p, word } = page(5, 'minus');
    expect(minusInPixels(p, word)).toBe(true);
  });

  it.each(['quote', 'plus', 'speck', 'far', 'spaced', undefined] as const)('no minus for %s', (mark) => {
    const { page: p, word } = page(5, mark);
    expect(minusInPixels(p, word)).toBe(false);
  });

  it('a quote mark OCR put for the minus becomes the minus; a dropped minus is put back', () => {
    const { page: p, word } = page(5, 'minus');
    const words = readMinusMarks(p, [
      { ...word, text: '"123.45' },
      { ...word, text: '123.45' },
    ]);
    expect(words.words.map((w) => w.text)).toEqual(['-123.45', '-123.45']);
    expect(words.changed).toBe(2);
  });

  it('leaves a word alone when one digit fewer stands beside the mark (OCR may have read the mark as a digit), or when it holds a sign', () => {
    const { page: p, word } = page(5, 'minus');
    const out = readMinusMarks(p, [
      { ...word, text: '7123.45' },
      { ...word, text: '+123.45' },
      { ...word, text: '-123.45' },
      { ...word, text: '(123.45)' },
      { ...word, text: 'TESCO' },
    ]);
    expect(out.words.map((w) => w.text)).toEqual(['7123.45', '+123.45', '-123.45', '(123.45)', 'TESCO']);
    expect(out.changed).toBe(0);
  });

  it('no minus on the page: nothing changes', () => {
    const { page: p, word } = page(5);
    expect(readMinusMarks(p, [{ ...word, text: '"123.45' }]).words[0].text).toBe('"123.45');
  });
});
