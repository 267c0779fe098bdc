import { describe, expect, it } from 'vitest';
import type { Token } from '../layout/types.js';
import { joinLetterSpaced } from './letter-spacing.js';

// Characters 6 pt wide at 10 pt type, `gap` points apart; a wider gap where the text has a space.
function spaced(text: string, gap: number, wordGap: number, x = 100): Token[] {
  const out: Token[] = [];
  for (const ch of text) {
    if (ch === ' ') {
      x += wordGap;
      continue;
    }
    out.push({ text: ch, x0: x, x1: x + 6, y: 50, page: 1, em: 10, lh: 12 });
    x += 6 + gap;
  }
  return out;
}

describe('letter-spaced text', () => {
  it('joins a tracked field back into its words, cut at the wider gaps', () => {
    const tokens = [{ text: 'MAY', x0: 10, x1: 30, y: 50, page: 1, em: 10, lh: 12 }, ...spaced('GOOGLE *SVCSAPPS', 2.5, 6)];
    joinLetterSpaced(tokens, 0);
    expect(tokens.map((t) => t.text)).toEqual(['MAY', 'GOOGLE', '*SVCSAPPS']);
    expect(tokens[1]).toMatchObject({ x0: 100 });
  });
  it('leaves short runs, and single characters standing apart in columns, as they are', () => {
    const short = spaced('A B', 2, 2);
    joinLetterSpaced(short, 0);
    expect(short.map((t) => t.text)).toEqual(['A', 'B']);
    const columns = spaced('DCDC', 40, 40);
    joinLetterSpaced(columns, 0);
    expect(columns.map((t) => t.text)).toEqual(['D', 'C', 'D', 'C']);
  });
});
