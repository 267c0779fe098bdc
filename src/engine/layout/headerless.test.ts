import { describe, expect, it } from 'vitest';
import { inferTable } from './headerless.js';
import { buildLines } from './line-builder.js';
import type { Token } from './types.js';

// Points: 8.6 pt type, 5 pt a character; figures are right-aligned on `right`.
const word = (text: string, x0: number, y: number): Token => ({ text, x0, x1: x0 + text.length * 5, y, page: 1, em: 8.6, lh: 10.3 });
const figure = (text: string, right: number, y: number): Token => word(text, right - text.length * 5, y);
const money = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** A headerless table of 30 dated lines: money in at x 380, money out at 450, balance at 540. */
function table(credits: Set<number>, quoted: Set<number> = new Set()): Token[] {
  const words: Token[] = [];
  let balance = 500000;
  for (let i = 0; i < 30; i++) {
    const y = 100 + i * 12;
    const amount = 1000 + i * 37;
    const credit = credits.has(i);
    balance += credit ? amount : -amount;
    words.push(word(`${String(1 + (i % 28)).padStart(2, '0')}/03/2024`, 40, y), word('CARD', 110, y), word('PAYMENT', 140, y));
    // A figure quoted in the description ("SHOP 12.34 GBP"), ending where money in ends.
    if (quoted.has(i)) words.push(figure(money(amount), 380, y), word('GBP', 385, y));
    words.push(figure(money(amount), credit ? 380 : 450, y), figure(money(balance), 540, y));
  }
  return words;
}

const roles = (tokens: Token[]) => inferTable(buildLines(tokens))?.header.bands.map((b) => b.role);

describe('headerless tables: figure columns', () => {
  it('takes a date printed last on nearly every dated line, just before the figures, for a value-date column', () => {
    // French statements: Date | Libellé | Valeur | Débit | Crédit, here without the header line.
    const withValue = table(new Set([3, 9, 15])).flatMap((w) => (w.text === 'PAYMENT' ? [w, word('02/03/2024', 300, w.y)] : [w]));
    // (Bands are listed date first, then the value date, whatever their places.)
    expect(roles(withValue)).toEqual(['date', 'valuedate', 'description', 'credit', 'debit', 'balance']);
    // A date some descriptions happen to end with is text.
    const some = table(new Set([3, 9, 15])).flatMap((w) => (w.text === 'PAYMENT' && w.y < 160 ? [w, word('02/03/2024', 300, w.y)] : [w]));
    expect(roles(some)).toEqual(['date', 'description', 'credit', 'debit', 'balance']);
  });
  it('keeps a money-in column printed on only 2 of 30 lines when the balances confirm it', () => {
    expect(roles(table(new Set([7, 19])))).toEqual(['date', 'description', 'credit', 'debit', 'balance']);
  });
  it('does not take figures quoted in descriptions for a column, that align as a sparse column would', () => {
    // Each stands on a line that already prints its amount in the money-out column.
    expect(roles(table(new Set(), new Set([4, 20])))).toEqual(['date', 'description', 'amount', 'balance']);
  });
  it('does not take foreign amounts quoted under card payments (undated lines) for a column', () => {
    // A card statement: one amount column at 450, no balance; every third payment abroad prints its
    // foreign amount on a line of its own at the start of the description column.
    const words: Token[] = [];
    let y = 100;
    for (let i = 0; i < 30; i++) {
      const amount = 1000 + i * 37;
      words.push(word(`${String(1 + (i % 28)).padStart(2, '0')}/03/2024`, 40, y), word('CARD', 110, y), word('PAYMENT', 140, y), figure(money(amount), 450, y));
      y += 12;
      if (i % 3 === 0) {
        words.push(figure(money(amount + 400 + i), 110 + money(amount + 400 + i).length * 5, y), word('Euro', 150, y));
        y += 12;
      }
    }
    expect(roles(words)).toEqual(['date', 'description', 'amount']);
  });
});
