import { describe, expect, it } from 'vitest';
import { buildLines, lineText } from './line-builder.js';
import type { Token } from './types.js';

const word = (text: string, x0: number, y: number): Token => ({ text, x0, x1: x0 + text.length * 5, y, page: 1, em: 8.6, lh: 10.3 });

describe('printed lines from words', () => {
  it('a word standing a little above the rest (a sidebar title beside a header) does not split the line', () => {
    // Baselines in points: the sidebar's title 3.5 pt above the header's labels (0.4 em is 3.44 pt).
    const words = [
      word('NOTICEBOARD', 446, 387.8),
      word('out', 306, 390.1),
      word('in', 366, 390.2),
      word('Date', 41, 391.2),
      word('Description', 78, 391.3),
      word('Money', 275, 391.2),
      word('Money', 335, 391.3),
      word('Balance', 398, 391.3),
    ];
    const lines = buildLines(words);
    expect(lines.map(lineText)).toEqual(['Date Description Money out Money in Balance NOTICEBOARD']);
  });
  it('lines a line pitch apart stay apart', () => {
    const lines = buildLines([word('03 Mar', 41, 405.8), word('Start balance', 78, 405.8), word('protection', 446, 414.3), word('04 Mar', 41, 419.6)]);
    expect(lines.map(lineText)).toEqual(['03 Mar Start balance', 'protection', '04 Mar']);
  });
});
