// figure_style: a figure whose size or typeface is unlike the rest of its column. Signs, stops and
// DR/CR marks change a figure's width per character without changing its typeface: a genuine column
// mixing them raises nothing, in a proportional typeface or a monospaced one, while a figure set in
// another typeface is still named.
import { describe, expect, it } from 'vitest';
import type { DraftRow, MoneyToken, Token } from '../layout/types.js';
import { figureStyleSignals } from './layout-signals.js';

// Advance widths (share of the size) of the characters figures use, from the fonts' metrics.
const HELVETICA: Record<string, number> = { '.': 0.278, ',': 0.278, '-': 0.333, ' ': 0.278, D: 0.722, R: 0.722, C: 0.722, O: 0.778 };
const TIMES: Record<string, number> = { '.': 0.25, ',': 0.25, '-': 0.333, ' ': 0.25, D: 0.722, R: 0.667, C: 0.667, O: 0.722 };
const FACES = {
  helvetica: (c: string) => (/\d/.test(c) ? 0.556 : HELVETICA[c]),
  times: (c: string) => (/\d/.test(c) ? 0.5 : TIMES[c]),
  courier: () => 0.6,
};
type Face = keyof typeof FACES;

const SIZE = 9;
const word = (text: string, x0: number, face: Face): Token => {
  const width = [...text].reduce((a, c) => a + FACES[face](c), 0) * SIZE;
  return { text, x0, x1: x0 + width, y: 100, page: 1, em: SIZE, lh: SIZE * 1.2 };
};

/** A balance as printed: its words (a mark may stand apart, "12.30  DR"), right-aligned at x 500. */
function balance(words: string[], face: Face, gap = 0): MoneyToken {
  const tokens: Token[] = [];
  let x = 500;
  for (const w of [...words].reverse()) {
    const t = word(w, 0, face);
    const width = t.x1 - t.x0;
    tokens.unshift({ ...t, x0: x - width, x1: x });
    x -= width + (gap || FACES[face](' ') * SIZE);
  }
  return { abs: 0n, sign: null, dir: null, x0: tokens[0].x0, x1: tokens[tokens.length - 1].x1, text: words.join(' '), words: tokens };
}

const rows = (balances: MoneyToken[]): DraftRow[] =>
  balances.map((b) => ({ page: 1, debit: null, credit: null, amount: null, balance: b }) as unknown as DraftRow);

// A column that goes overdrawn and back: plain, signed, marked figures of different lengths.
const PRINTED = [
  ['1,204.50'],
  ['-79.11'],
  ['337.96DR'],
  ['-1,763.28'],
  ['12,001.05'],
  ['491.86'],
  ['79.11', 'DR'],
  ['1,111.62', 'OD'],
  ['92.11'],
  ['(350.61)'],
];

describe('figure_style', () => {
  for (const face of ['helvetica', 'times', 'courier'] as const) {
    it(`a genuine ${face} column with signs and DR/OD marks raises nothing`, () => {
      expect(figureStyleSignals(rows(PRINTED.map((w) => balance(w, face))))).toEqual([]);
      // A mark set well apart from its figure: the gap is no character's width.
      expect(figureStyleSignals(rows(PRINTED.map((w) => balance(w, face, 30))))).toEqual([]);
    });
  }

  it('names a figure set in another typeface at the same size', () => {
    const column = PRINTED.map((w) => balance(w, 'helvetica'));
    column[5] = balance(['491.86'], 'courier');
    const signals = figureStyleSignals(rows(column));
    expect(signals).toHaveLength(1);
    expect(signals[0].message).toMatch(/^The figure 491\.86 \(balance column, page 1\) is printed in a typeface/);
    const mono = PRINTED.map((w) => balance(w, 'courier'));
    mono[2] = balance(['337.96DR'], 'times');
    expect(figureStyleSignals(rows(mono)).map((s) => s.message.slice(0, 25))).toEqual(['The figure 337.96DR (bala']);
  });
});
