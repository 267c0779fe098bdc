import { describe, expect, it } from 'vitest';
import { textTokens } from '../text/index.js';
import { isCompact } from './compact-text.js';
import { buildLines } from './line-builder.js';

const linesOf = (text: string) => buildLines(textTokens(text));
const row = (indent: number, d: string, text: string, out: string, inn: string) =>
  `${' '.repeat(indent)}${d}  ${text.padEnd(30)}${out.padStart(12)}${inn.padStart(12)}`;

describe('copied text or a laid-out table', () => {
  it('a laid-out table whose columns stand elsewhere on each page (text taken page by page) is laid out', () => {
    const page = (indent: number, day: number) =>
      [0, 1, 2, 3].map((k) => row(indent, `${String(day + k).padStart(2, '0')}/07`, `SHOP ${k}`, k % 2 ? '' : '12,30', k % 2 ? '45,00' : '')).join('\n');
    expect(isCompact(linesOf(`${page(2, 1)}\f${page(40, 10)}\f${page(75, 20)}`))).toBe(false);
  });
  it('text copied with single spaces is copied text', () => {
    expect(isCompact(linesOf('01/07 SHOP 12,30 100,00\n02/07 CAFE 4,50 95,50\n03/07 RENT 500,00 -404,50\n'))).toBe(true);
  });
});
