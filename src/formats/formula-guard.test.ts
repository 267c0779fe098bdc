import { describe, expect, it } from 'vitest';
import { guardText, needsGuard } from './formula-guard.js';

describe('formula guard', () => {
  it.each([
    '=1+1',
    '+1',
    '-1',
    '@SUM(A1)',
    '\t=1',
    '\r=1',
    '\0=1',
    '  =1',
    ' @x',
    '|calc',
    "cmd|' /C calc'!A0",
    '\uff1dSUM(A1)',
    '\uff0b1',
    '\uff20x',
    '\ufe66x',
    '\u00a0=1',
    '\u3000\uff1d1',
  ])('prefixes %j', (text) => {
    expect(guardText(text)).toBe(`'${text}`);
    expect(needsGuard(guardText(text))).toBe(false);
  });

  it.each(['', 'TESCO', '1-2', "'=already quoted", 'a=b', '£5', 'TESCO | LONDON', 'A|B no bang'])('leaves %j alone', (text) => {
    expect(guardText(text)).toBe(text);
  });
});
