import { describe, expect, it } from 'vitest';
import { detectHeader } from './header-detect.js';
import { repeatedHeader } from './header-repeat.js';
import type { Line, Token } from './types.js';

// Words at character columns (fixed-width text): x in columns, em 2, one line per y.
function lineOf(text: string, y: number): Line {
  const words: Token[] = [];
  for (const m of text.matchAll(/\S+/g)) words.push({ text: m[0], x0: m.index, x1: m.index + m[0].length, y, page: 1, em: 2, lh: 1 });
  return { page: 1, y, words, em: 2, lh: 1 };
}

const roles = (lines: Line[]) => detectHeader(lines, 0)?.bands.map((b) => `${b.role}:${b.label}`);

describe('table headers', () => {
  it('cuts labels printed without a gap between them', () => {
    expect(roles([lineOf('Date     Description            Money OUTACCOUNT BALANCE', 1)])).toEqual([
      'date:Date',
      'description:Description',
      'debit:Money OUT',
      'balance:ACCOUNT BALANCE',
    ]);
  });
  it('reads labels stacked over three lines', () => {
    const lines = [lineOf('Transaction  Process', 1), lineOf('                       Transaction Details         Amount', 1.5), lineOf('Date         Date', 2)];
    expect(roles(lines)).toEqual(['date:Transaction Date', 'valuedate:Process Date', 'description:Transaction Details', 'amount:Amount']);
  });
  it('a lone title over a two-line stacked header is no part of it: the header starts below (ANZ)', () => {
    const lines = [
      lineOf('Transaction Details', 1),
      lineOf('Date             Date of     Card', 2),
      lineOf('Processed        Transaction Used   Transaction Details               Amount ($A)        Balance', 3),
    ];
    expect(roles(lines)).toBeUndefined();
    expect(detectHeader(lines, 1)?.bands.map((b) => b.role)).toEqual(['date', 'other', 'other', 'description', 'amount', 'balance']);
  });
  it('takes the booking date as Date when the first date column is the day of purchase', () => {
    expect(roles([lineOf('Einkaufs-Datum Verbucht am  Beschreibung      Gutschrift CHF   Belastung CHF', 1)])).toEqual([
      'valuedate:Einkaufs-Datum',
      'date:Verbucht am',
      'description:Beschreibung',
      'credit:Gutschrift CHF',
      'debit:Belastung CHF',
    ]);
    // A process date names no booking: the first column stays the row's date.
    expect(roles([lineOf('Transaction date  Process date  Details   Amount', 1)])?.slice(0, 2)).toEqual(['date:Transaction date', 'valuedate:Process date']);
  });
  it('reads export words a statement prints too (Debit Amt, Credit Amt)', () => {
    expect(roles([lineOf('Date     Description      Debit Amt   Credit Amt   Balance', 1)])).toEqual([
      'date:Date',
      'description:Description',
      'debit:Debit Amt',
      'credit:Credit Amt',
      'balance:Balance',
    ]);
  });
  it('keeps the columns of a header repeated on a later page with a label misread, and no other', () => {
    const first = detectHeader([lineOf('Date   Details          Money Out (£)   Money In (£)   Balance (£)', 1)], 0)!;
    const again = (text: string) => repeatedHeader(first, detectHeader([lineOf(text, 1)], 0)!).bands.map((b) => b.role);
    // OCR read "In" as "tn": the column is still the credit column.
    expect(again('Date   Details          Money Out (£)   Money tn (£)   Balance (£)')).toEqual(['date', 'description', 'debit', 'credit', 'balance']);
    // Another label in that place is another column; so is a near label that has moved.
    expect(again('Date   Details          Money Out (£)   Notes          Balance (£)')).toEqual(['date', 'description', 'debit', 'other', 'balance']);
    expect(again('Date   Details          Money Out (£)                    Money tn (£)   Balance (£)')).toEqual([
      'date',
      'description',
      'debit',
      'other',
      'balance',
    ]);
  });
});
