import { describe, expect, it } from 'vitest';
import { monthOf, parseDateString } from './date-text.js';
import { MONTHS } from './lexicon.js';
import { parseColumnFigure, parseMoneyText } from './money-text.js';
import type { Token } from './types.js';
import { classifyWord, hasDigit, kindOf, moneyOfWord } from './word-kinds.js';

const word = (text: string): Token => ({ text, x0: 0, x1: 10, y: 0, page: 1, em: 10, lh: 12 });

describe('word kinds: each word classified once', () => {
  it('names what a word is on its own', () => {
    expect(kindOf(word('1,234.56')).kind).toBe('money');
    expect(kindOf(word('12/03/2024')).kind).toBe('date');
    expect(kindOf(word('Mar')).kind).toBe('date');
    expect(kindOf(word('TESCO')).kind).toBe('text');
    expect(kindOf(word('12')).kind).toBe('text');
  });

  it('keeps the readings the single-word parsers give', () => {
    for (const text of ['1,234.56', '(12.30)', '12.30-', '£1,234.56', '1043.70', 'R$1.234,56', '12.5', 'x']) {
      expect(moneyOfWord(word(text))).toEqual(parseMoneyText(text));
    }
    for (const text of ['12/03/2024', '19.01.', '2026-04-02', '12-Mar-14', '12.50', 'Mar']) {
      expect(kindOf(word(text)).date).toEqual(parseDateString(text));
    }
    expect(kindOf(word('1500.0')).columnFigure).toEqual(parseColumnFigure('1500.0'));
    expect(kindOf(word('02/15/25*')).dateText).toBe('02/15/25');
  });

  it('reads the pieces of a date set as words', () => {
    expect(kindOf(word('12th')).day).toBe(12);
    expect(kindOf(word('März')).month).toBe(3);
    expect(kindOf(word('sept.')).month).toBe(9);
    expect(kindOf(word('2014,')).year).toBe('2014');
    expect(kindOf(word('TESCO')).day).toBe(-1);
    expect(kindOf(word('–')).dash).toBe(true);
    expect(hasDigit(word('A1'))).toBe(true);
    expect(hasDigit(word('Balance'))).toBe(false);
  });

  it('finds every month name as monthOf does, in any case, with its period or comma', () => {
    for (const m of Object.keys(MONTHS)) {
      for (const text of [m, m.toUpperCase(), m[0].toUpperCase() + m.slice(1), `${m}.`, `${m},`, `${m}s`, m.slice(0, -1)]) {
        expect(kindOf(word(text)).month).toBe(monthOf(text) ?? 0);
      }
    }
  });

  it('classifies a word again when a later step changed its text', () => {
    const w = word('12');
    expect(classifyWord(w).kind).toBe('text');
    const glued = { ...w, text: '12.50' };
    expect(kindOf(glued).kind).toBe('money');
    w.text = 'Mar';
    expect(kindOf(w).month).toBe(3);
  });
});
