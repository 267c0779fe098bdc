// The one pass over a word's characters: each word is classified once, when the PDF's words are made
// (extractTokens), and every later step of the layout reads the classification instead of its text:
// what the word is on its own (a date, a figure, or text), the figure's value in minor units, a date's
// parts, and the pieces a date set as words is made of (a day, a month's name, a year). Joining words
// into one figure ("- 12.30", "3 116,03") or one date ("12 Mar 2014") is the line readers' work
// (money-words.ts, date-words.ts): it depends on positions, and it reads these classifications.
//
// The classification is kept on the word under a symbol key (JSON never writes it) together with the
// text it was made from: a word whose text a later step changes (letters joined, fragments glued, a
// copy spread with a new text) is classified again on its first read, never read with a stale one.
// Words of fixed-width text and OCR words are classified the same way, on their first read.
import { DAY, monthOf, parseDateString, YEAR } from './date-text.js';
import { parseMoneyText, type ParsedMoney } from './money-text.js';
import type { DateParts, Token } from './types.js';

export type WordKindName = 'date' | 'money' | 'text';

export interface WordKind {
  /** The text this classification was made from. */
  readonly text: string;
  /** What the word is on its own: a figure with two decimals, a date (or a month's name), or text. */
  readonly kind: WordKindName;
  /** The figure the word prints on its own (parseMoneyText), or null. */
  readonly money: ParsedMoney | null;
  /** The text read as a date: without a footnote mark or a glued cell rule ("02/15/25*", "02/04/2026|"). */
  readonly dateText: string;
  /** The date `dateText` holds on its own (parseDateString), or null. */
  readonly date: DateParts | null;
  /** A day of a date set as words ("12", "12th", "3."), or -1. */
  readonly day: number;
  /** A month's name or abbreviation in any of the languages ("Mar", "mei.", "März"), or 0. */
  readonly month: number;
  /** A year of a date set as words, as printed without its comma ("2014", "'24", "24"), or null. */
  readonly year: string | null;
  /** A lone dash: an empty figure cell or a detached sign. */
  readonly dash: boolean;
}

const KIND = Symbol('wordKind');
type Classified = Token & { [KIND]?: WordKind };

const DASH = /^[-\u2013\u2014]$/;

/** Classifies one word's text: the only place the layout reads a word's characters for its kind. */
function classify(text: string): WordKind {
  const dateText = text.length > 6 && /[*|]$/.test(text) ? text.replace(/[*|]+$/, '') : text;
  // A word without a digit is neither a figure nor a day, a year or a numeric date: only a month name.
  const digit = /\d/.test(text);
  const money = digit ? parseMoneyText(text) : null;
  const date = digit ? parseDateString(dateText) : null;
  const day = digit ? DAY.exec(text) : null;
  const year = digit ? YEAR.exec(text) : null;
  const month = monthOf(text) ?? 0;
  return {
    text,
    kind: money ? 'money' : date || month ? 'date' : 'text',
    money,
    dateText,
    date,
    day: day ? Number(day[1]) : -1,
    month,
    year: year ? year[1] : null,
    dash: text.length === 1 && DASH.test(text),
  };
}

/** Classifies a word and keeps the classification on it (extraction calls this once for each word). */
export function classifyWord(t: Token): WordKind {
  const k = classify(t.text);
  (t as Classified)[KIND] = k;
  return k;
}

/** A word's classification: the one made at extraction, or made now when the word's text is new. */
export function kindOf(t: Token): WordKind {
  const k = (t as Classified)[KIND];
  return k !== undefined && k.text === t.text ? k : classifyWord(t);
}

/** The figure a word prints on its own, or null. */
export const moneyOfWord = (t: Token): ParsedMoney | null => kindOf(t).money;
