import { describe, expect, it } from 'vitest';
import { findMoney, parseMoneyText } from './money-words.js';
import type { Token } from './types.js';

/** Words of one fixed-width text line at their columns (two characters an em, as text input has). */
function words(line: string): Token[] {
  return [...line.matchAll(/\S+/g)].map((m) => ({ text: m[0], x0: m.index, x1: m.index + m[0].length, y: 1, page: 1, em: 2, lh: 1 }));
}
const figures = (line: string) => findMoney(words(line)).money.map((m) => `${m.sign ?? ''}${m.abs}`);

describe('figures printed on a line', () => {
  it('reads a currency printed after the figure, glued to it (N26: "+14,00€", "-2,10€")', () => {
    expect(parseMoneyText('+14,00€')).toEqual({ abs: 1400n, sign: '+', dir: null });
    expect(parseMoneyText('-2,10€')).toEqual({ abs: 210n, sign: '-', dir: null });
    expect(parseMoneyText('12.30EUR')).toEqual({ abs: 1230n, sign: null, dir: null });
    expect(parseMoneyText('12.30€x')).toBeNull();
  });
  it('reads Indian lakh grouping', () => {
    expect(parseMoneyText('1,25,000.00')?.abs).toBe(12500000n);
    expect(parseMoneyText('1,00.00')).toBeNull();
  });
  it('joins thousands set off by a single space before a decimal comma', () => {
    expect(figures('  06/06   VIREMENT SEPA      3 500,00')).toEqual(['350000']);
    expect(figures('  SOLDE   1 234 567,89')).toEqual(['123456789']);
    expect(figures('  PRLV   - 2 264,40')).toEqual(['-226440']);
    // A sign glued to the first group, and a date just before it (Bigbank: "+1" had been left in the text
    // and 500,34 read, a wrong PASS as the closing balance split the same way).
    expect(figures('  Einzahlung  TxDUxE +1 500,34')).toEqual(['+150034']);
    expect(figures('  Endsaldo 25.03.2024 1 500,34')).toEqual(['150034']);
  });
  it('leaves a number before a decimal point, a wider gap, or a run after another number as they are', () => {
    expect(figures('  HMRC VAT ON 12 154.23')).toEqual(['15423']);
    expect(figures('  BRITISH GAS ON 12 353,840.76')).toEqual(['35384076']);
    expect(figures('  REF 3   116,03')).toEqual(['11603']);
    expect(figures('  CODE 12 3 116,03')).toEqual(['11603']);
  });
  it('takes currency marks beside a figure into it, never into the text ("-R$ 1.234,56", "1 234,56 zł")', () => {
    const line = (t: string) => {
      const f = findMoney(words(t));
      return [f.money.map((m) => `${m.sign ?? ''}${m.abs}`), f.rest.map((w) => w.text)];
    };
    expect(line('PIX JOAO -R$ 1.234,56')).toEqual([['-123456'], ['PIX', 'JOAO']]);
    expect(line('PIX JOAO R$ 1.234,56')).toEqual([['123456'], ['PIX', 'JOAO']]);
    expect(line('ZAKUPY 1 234,56 zł')).toEqual([['123456'], ['ZAKUPY']]);
    expect(line('ICA 350,00 kr')).toEqual([['35000'], ['ICA']]);
    expect(parseMoneyText('-R$1.234,56')).toEqual({ abs: 123456n, sign: '-', dir: null });
    expect(line('PIX (R$ 899,03)')).toEqual([['-89903'], ['PIX']]);
    expect(line('ICA 899,03 kr-')).toEqual([['-89903'], ['ICA']]);
    expect(line('ZAKUPY (1 234,56 zł)')).toEqual([['-123456'], ['ZAKUPY']]);
    expect(findMoney(words('ZAKUPY 1 234,56 zł S')).money[0]).toMatchObject({ abs: 123456n, dir: 'dr' });
    expect(parseMoneyText('1.234,56zł')?.abs).toBe(123456n);
    expect(parseMoneyText('\u22125,00')).toEqual({ abs: 500n, sign: '-', dir: null });
  });
});
