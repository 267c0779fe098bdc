// The language tables merged into the structures the readers consume: header words by role, the
// balance and total phrases, direction marks, month names, and the currency a language points to.
// Adding a language is one file here and one line in LANGUAGES (docs/languages.md).
import { CS } from './cs.js';
import { DA } from './da.js';
import { DE } from './de.js';
import { EN } from './en.js';
import { ES } from './es.js';
import { ET } from './et.js';
import { FI } from './fi.js';
import { FR } from './fr.js';
import { IT } from './it.js';
import { LT } from './lt.js';
import { LV } from './lv.js';
import { NL } from './nl.js';
import { NO_ } from './no.js';
import { PL } from './pl.js';
import { PT } from './pt.js';
import { RU } from './ru.js';
import { SV } from './sv.js';
import { TR } from './tr.js';
import { UK } from './uk.js';
import type { ColumnWord, LanguageTable } from './types.js';

export type { ColumnWord, LanguageTable } from './types.js';

/** Every language the engine reads; the order is the order month names are tried in (first wins). */
export const LANGUAGES: readonly LanguageTable[] = [EN, DE, FR, ES, IT, NL, PT, PL, SV, DA, NO_, FI, CS, RU, TR, UK, LT, LV, ET];

/**
 * Lower case, accents stripped, runs of spaces squeezed: the form the layout's foldText gives (letters
 * NFKD keeps whole, "ł", "ı", stay as they are), which every word of the tables is compared in.
 */
export function foldWord(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\u00ad/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Whole header labels (folded) -> the role they name. A label two languages give different roles
 * ("valor": value date in Spanish, amount in Portuguese) names none: the column's own figures decide.
 */
export const COLUMN_WORDS: ReadonlyMap<string, ColumnWord> = (() => {
  const roles = new Map<string, ColumnWord | null>();
  for (const t of LANGUAGES)
    for (const [role, words] of Object.entries(t.columns) as [ColumnWord, string[]][])
      for (const w of words) {
        const k = foldWord(w);
        const had = roles.get(k);
        // A booking date and a plain date are the same role (the row's date).
        const same = (a: ColumnWord, b: ColumnWord) => a === b || (isRowDate(a) && isRowDate(b));
        roles.set(k, had === undefined ? role : had !== null && same(had, role) ? (role === 'bookingDate' ? role : had) : null);
      }
  return new Map([...roles].filter((e): e is [string, ColumnWord] => e[1] !== null));
})();

function isRowDate(r: ColumnWord): boolean {
  return r === 'date' || r === 'bookingDate';
}

// As written (lower case) and folded: a reader matching raw text ("débit") and one matching folded text both find them.
const merged = (pick: (t: LanguageTable) => string[] | undefined): string[] => [
  ...new Set(LANGUAGES.flatMap((t) => (pick(t) ?? []).flatMap((w) => [w.toLowerCase(), foldWord(w)]))),
];

/** Balance, carried-forward, total and mark words of every language, as written and folded. */
export const OPENING_WORDS = merged((t) => t.opening);
export const CLOSING_WORDS = merged((t) => t.closing);
export const CARRIED_WORDS = merged((t) => t.carried);
export const TOTAL_OUT_WORDS = merged((t) => t.totalOut);
export const TOTAL_IN_WORDS = merged((t) => t.totalIn);
export const TOTAL_BOTH_WORDS = merged((t) => t.totalBoth);
export const DEBIT_MARK_WORDS = merged((t) => t.debitMarks);
export const CREDIT_MARK_WORDS = merged((t) => t.creditMarks).filter((w) => !DEBIT_MARK_WORDS.includes(w));

/** Twelve lists of month names and abbreviations, every language's, lower case as written. */
export const MONTH_NAMES: readonly string[][] = Array.from({ length: 12 }, (_, i) => [...new Set(LANGUAGES.flatMap((t) => t.months?.[i] ?? []))]);

/** Alternation of words for a regular expression (longest first, so a phrase wins over its first word). */
export function alternation(words: readonly string[]): string {
  return [...words]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
}

/**
 * The language a statement's text is written in: the table whose words (column labels but a foreign
 * amount's, which names the currency spent in; balance and total phrases; month names of four letters
 * or more) it prints most, with at least three hits and more than any other; null when no language
 * leads (English words are shared by many statements).
 */
export function languageOf(foldedText: string): LanguageTable | null {
  const words = new Set(foldedText.split(/[^\p{L}]+/u).filter(Boolean));
  let best: LanguageTable | null = null;
  let bestN = 0;
  let second = 0;
  for (const t of LANGUAGES) {
    const own = new Set(
      [
        ...Object.entries(t.columns).flatMap(([role, ws]) => (role === 'foreign' ? [] : ws)),
        ...(t.opening ?? []),
        ...(t.closing ?? []),
        ...(t.months ?? []).flat().filter((m) => m.length >= 4),
      ]
        .flatMap((w) => foldWord(w).split(' '))
        .filter((w) => w.length >= 4),
    );
    let n = 0;
    for (const w of own) if (words.has(w)) n++;
    if (n > bestN) [best, bestN, second] = [t, n, bestN];
    else if (n > second) second = n;
  }
  return best && bestN >= 3 && bestN > second ? best : null;
}
