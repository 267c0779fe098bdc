// The one pass over a word's characters: each word is classified once, when the PDF's words are made
// (extractTokens), and every later step of the layout reads the classification instead of its text:
// what the word is on its own (a date, a figure, or text), the figure's value in minor units, a date's
// parts, and the pieces a date set as words is made of (a day, a month's name, a year). Joining words
// into one figure ("- 12.30", "3 116,03") or one date ("12 Mar 2014") is the line readers' work
// (money-words.ts, date-words.ts): it depends on positions, and it reads these classifications.
//
// The classification is kept on the word under symbol keys (JSON never writes them) together with the
// text it was made from: a word whose text a later step changes (letters joined, fragments glued, a
// copy spread with a new text) is classified again on its first read, never read with a stale one.
// Words of fixed-width text and OCR words are classified the same way, on their first read.
import { DAY, monthOf, parseDateString, YEAR } from './date-text.js';
import { MONTHS } from './lexicon.js';
import { parseColumnFigure, parseMoneyText, type ParsedMoney } from './money-text.js';
import type { DateParts, Token } from './types.js';

export type WordKindName = 'date' | 'money' | 'text';

export interface WordKind {
  /** What the word is on its own: a figure with two decimals, a date (or a month's name), or text. */
  readonly kind: WordKindName;
  /** The figure the word prints on its own (parseMoneyText), or null. */
  readonly money: ParsedMoney | null;
  /**
   * The text read as a date when it is not the word's own: a footnote mark or a glued cell rule taken
   * off ("02/15/25*", "02/04/2026|"); null when the word's text is read as it is.
   */
  readonly dateText: string | null;
  /** The date the word holds on its own (parseDateString), or null. */
  readonly date: DateParts | null;
  /** A day of a date set as words ("12", "12th", "3."), or -1. */
  readonly day: number;
  /** A month's name or abbreviation in any of the languages ("Mar", "mei.", "März"), or 0. */
  readonly month: number;
  /** A year of a date set as words, as printed without its comma ("2014", "'24", "24"), or null. */
  readonly year: string | null;
  /** A lone dash: an empty figure cell or a detached sign. */
  readonly dash: boolean;
  /** The word holds a digit (a label, a title or a heading holds none). */
  readonly digit: boolean;
  /**
   * A figure with one decimal ("1500.0", "-2,201.5", parseColumnFigure), or null: read as money only
   * where it stands in a money column (line-record.ts).
   */
  readonly columnFigure: ParsedMoney | null;
}

// The classification and the text it was made from, kept on the word.
const KIND = Symbol('wordKind');
const KIND_TEXT = Symbol('wordKindText');
type Classified = Token & { [KIND]?: WordKind; [KIND_TEXT]?: string };

/**
 * A new word with room for its classification: made with the two slots, a word keeps one shape from
 * its making to its classification (slots added later grow every word by a second allocation).
 */
export function newWord(x0: number, x1: number, y: number, page: number, em: number, lh: number): Token {
  const w: Classified = { text: '', x0, x1, y, page, em, lh, [KIND]: undefined, [KIND_TEXT]: undefined };
  return w;
}

const DASH = /^[-\u2013\u2014]$/;
// The end of a one-decimal figure: only such a word is read by parseColumnFigure.
const ONE_DECIMAL_END = /\d\.\d$|\d\.\d[)-]$/;

// Most words are plain text (no digit, no month's name): they share one classification, so the pass
// allocates nothing for them.
const TEXT_WORD: WordKind = Object.freeze({
  kind: 'text',
  money: null,
  dateText: null,
  date: null,
  day: -1,
  month: 0,
  year: null,
  dash: false,
  digit: false,
  columnFigure: null,
});
const DIGIT_WORD: WordKind = Object.freeze({ ...TEXT_WORD, digit: true });
const DASH_WORD: WordKind = Object.freeze({ ...TEXT_WORD, dash: true });

// Month names are found without a string made for each word: the plain ASCII words' lower-cased
// characters are hashed in the one loop over them, and only a word whose hash is a month name's is
// looked up (monthOf). Words with other characters (accents, Cyrillic) are looked up as they are.
const hashOf = (s: string): number => {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
};
/** Hashes of the month names spelled in plain ASCII (their folded, lower-case form). */
const MONTH_HASHES = new Set(
  Object.keys(MONTHS)
    .filter((m) => /^[\x21-\x7e]+$/.test(m))
    .map(hashOf),
);

/** Classifies one word's text: the only place the layout reads a word's characters for its kind. */
function classify(text: string): WordKind {
  // One look at the characters: a digit, whether the text is plain ASCII without a space, and the
  // hash of its lower-cased characters without a last period or comma (monthOf's key: "Sept." -> sept).
  const n = text.length;
  let digit = false;
  let plain = true;
  let h = 0;
  const last = n ? text.charCodeAt(n - 1) : 0;
  const keyEnd = last === 0x2e || last === 0x2c ? n - 1 : n;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) digit = true;
    else if (c <= 0x20 || c > 0x7e) plain = false;
    if (i < keyEnd) h = (Math.imul(h, 31) + (c >= 65 && c <= 90 ? c + 32 : c)) | 0;
  }
  if (!digit) {
    // No month's name holds a digit, nor has under three letters.
    const month = !plain || (keyEnd >= 3 && MONTH_HASHES.has(h)) ? (monthOf(text) ?? 0) : 0;
    if (month) return { ...TEXT_WORD, kind: 'date', month };
    return n === 1 && DASH.test(text) ? DASH_WORD : TEXT_WORD;
  }
  // A word with a digit is neither a dash nor a month's name; it may be a figure, a date or a part of
  // one. A date, a day or a year starts with a digit (a year may with an apostrophe: "'24").
  const lead = text.charCodeAt(0);
  const numeric = !plain || (lead >= 48 && lead <= 57) || lead === 0x27;
  const dateText = n > 6 && (last === 0x2a || last === 0x7c) ? text.replace(/[*|]+$/, '') : null;
  const money = parseMoneyText(text);
  const date = numeric ? parseDateString(dateText ?? text) : null;
  const day = numeric ? DAY.exec(text) : null;
  const year = numeric ? YEAR.exec(text) : null;
  // (A one-decimal figure ends in a point and one digit, perhaps with a bracket or minus after.)
  const dot = text.lastIndexOf('.');
  const columnFigure = dot > 0 && dot >= n - 3 && ONE_DECIMAL_END.test(text) ? parseColumnFigure(text) : null;
  if (!money && !date && !day && !year && !columnFigure && dateText === null) return DIGIT_WORD;
  return {
    kind: money ? 'money' : date ? 'date' : 'text',
    money,
    dateText,
    date,
    day: day ? Number(day[1]) : -1,
    month: 0,
    year: year ? year[1] : null,
    dash: false,
    digit: true,
    columnFigure,
  };
}

/** Classifies a word and keeps the classification on it (extraction calls this once for each word). */
export function classifyWord(t: Token): WordKind {
  const k = classify(t.text);
  const c = t as Classified;
  c[KIND] = k;
  c[KIND_TEXT] = t.text;
  return k;
}

/** A word's classification: the one made at extraction, or made now when the word's text is new. */
export function kindOf(t: Token): WordKind {
  const c = t as Classified;
  const k = c[KIND];
  return k !== undefined && c[KIND_TEXT] === t.text ? k : classifyWord(t);
}

/** The figure a word prints on its own, or null. */
export const moneyOfWord = (t: Token): ParsedMoney | null => kindOf(t).money;

/** The word holds a digit. */
export const hasDigit = (t: Token): boolean => kindOf(t).digit;
