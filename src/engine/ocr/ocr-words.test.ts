import { describe, expect, it } from 'vitest';
import type { OcrWord } from './ocr-backend.js';
import { fixOcrWords, fuzzyDay, fuzzyMonth } from './ocr-words.js';

const line = (s: string, line = 1): OcrWord[] => s.split(' ').map((text, i) => ({ text, conf: 90, x0: i * 100, x1: i * 100 + 80, y0: 0, y1: 10, line }));
const read = (s: string) =>
  fixOcrWords(line(s))
    .map((w) => w.text)
    .join(' ');

describe('OCR word fixes', () => {
  it('drops a lone unsure mark far left of a row date (a phone photo shadowed edge), only there', () => {
    const row = (mark: string, conf: number, gap: number): OcrWord[] => [
      { text: mark, conf, x0: 100, x1: 110, y0: 0, y1: 30, line: 1 },
      ...['05', 'Dec', 'TESCO'].map((text, i) => ({ text, conf: 96, x0: 110 + gap + i * 60, x1: 150 + gap + i * 60, y0: 0, y1: 30, line: 1 })),
    ];
    const texts = (ws: OcrWord[]) =>
      fixOcrWords(ws)
        .map((w) => w.text)
        .join(' ');
    expect(texts(row('i', 25, 200))).toBe('05 Dec TESCO');
    expect(texts(row('[', 38, 200))).toBe('05 Dec TESCO');
    // Read sure, or close to the date, or before something that is no date: it stays.
    expect(texts(row('i', 90, 200))).toBe('i 05 Dec TESCO');
    expect(texts(row('i', 25, 20))).toBe('i 05 Dec TESCO');
    const noDate = row('i', 25, 200).map((w) => (w.text === 'Dec' ? { ...w, text: 'CARD' } : w));
    expect(texts(noDate)).toBe('i 05 CARD TESCO');
  });

  it("reads dates whose digits OCR took for letters, in a date's place", () => {
    expect(read('O6 Apr ASOS.COM')).toBe('06 Apr ASOS.COM');
    expect(read('17 Oec VINTED LONDON')).toBe('17 Dec VINTED LONDON');
    expect(read('It APR 2024 Card Transaction')).toBe('11 APR 2024 Card Transaction');
    expect(read('2ist Feb CARD PAYMENT')).toBe('21st Feb CARD PAYMENT');
    expect(read('I4MAR24 GREGGS CARD 3871 I3MAR24')).toBe('14MAR24 GREGGS CARD 3871 13MAR24');
  });

  it('splits dates glued to each other or to the description, a space apart', () => {
    expect(read('6thFeb CARD')).toBe('6th Feb CARD');
    expect(read('19°February CAFFE NERO')).toBe('19 February CAFFE NERO');
    expect(read('08 Feb24 VIS WAGAMAMA')).toBe('08 Feb 24 VIS WAGAMAMA');
    expect(read('O5Apr24 IKEA')).toBe('05 Apr 24 IKEA');
    expect(read('20/02/2024TESCO EXPRESS')).toBe('20/02/2024 TESCO EXPRESS');
    const [a, b] = fixOcrWords(line('Feb24'));
    expect(b.x0 - a.x1).toBeGreaterThan(0);
  });

  it("a year no statement prints becomes the page's usual year, marked unsure; a date keeps no stray mark", () => {
    const words = [...line('7 March 2024 VIS', 1), ...line('8 March 2624 ARGOS', 2), ...line('11 March 2024 DD', 3)];
    const out = fixOcrWords(words);
    expect(
      out
        .filter((w) => w.line === 2)
        .map((w) => w.text)
        .join(' '),
    ).toBe('8 March 2024 ARGOS');
    expect(out.find((w) => w.line === 2 && w.text === '2024')?.conf).toBeLessThan(85);
    expect(read('Contactless 29/05/2024- STARBUCKS')).toBe('Contactless 29/05/2024 STARBUCKS');
  });

  it('leaves description words alone: "to Jan" is not a date, a figure is not touched', () => {
    expect(read('Transfer to Jan Smith')).toBe('Transfer to Jan Smith');
    expect(read('Standing order Mat 12.5O')).toBe('Standing order Mat 12.5O');
    expect(fuzzyMonth('Mat')).toBeNull(); // MAR or MAY: no guess
    expect(fuzzyDay('It')).toBe('11');
    expect(fuzzyDay('45')).toBeNull();
  });

  it("drops dust that is not in a statement table's alphabet", () => {
    expect(read('~ Visa " purchase : Tesco')).toBe('Visa purchase Tesco');
    expect(read('~Visa purchase')).toBe('Visa purchase');
  });

  it('reads noisy header words, dates with stray marks and slashed codes; refuses impossible years', () => {
    expect(read('Date “Description Type Money In (€). _ Money Out (£) Balance (£}')).toBe('Date Description Type Money In (€) Money Out (£) Balance (£)');
    expect(read('15.Jul 24: TESCO')).toBe('15 Jul 24 TESCO');
    expect(read('01 Dec23° CARD')).toBe('01 Dec 23 CARD');
    expect(read('12/07/24 DID BRITISH GAS')).toBe('12/07/24 D/D BRITISH GAS');
    expect(read('12/07/24 DD BRITISH GAS')).toBe('12/07/24 DD BRITISH GAS');
    expect(read('02/12/2023 00 TFL TRAVEL -768.31')).toBe('02/12/2023 DD TFL TRAVEL -768.31');
    expect(read('06 Dec 50 COSTA COFFEE')).toBe('06 Dec SO COSTA COFFEE');
    expect(read('06/12/2023 12 MONTHS FEE')).toBe('06/12/2023 12 MONTHS FEE');
    expect(read('TRANSFER 00 REF')).toBe('TRANSFER 00 REF');
    expect(read('BALANCE -§,278.20')).toBe('BALANCE -5,278.20');
    expect(read('Ref §A12')).toBe('Ref §A12');
    // No usual year on the page: the impossible one is dropped, the day and month stay (and are unsure).
    const out = fixOcrWords(line('01/12/2300 ARGOS 12.00'));
    expect(out.map((w) => w.text).join(' ')).toBe('01/12 ARGOS 12.00');
    expect(out[0].conf).toBeLessThan(85);
    const withUsual = fixOcrWords([...line('01/12/2023 A 1.00', 1), ...line('02/12/2023 B 1.00', 2), ...line('03/12/2300 C 1.00', 3)]);
    expect(withUsual.find((w) => w.line === 3)?.text).toBe('03/12/2023');
  });
});
