// Reads one date held in a single word's text: "12/03/2014", "12.03.22", "19.01.", "2026-04-02",
// "12-Mar-14", and the parts a date set as words is made of (a day "12th", a month name "Mar", a year
// "2014"). Each word's reading is taken once by word-kinds.ts; date-words.ts joins a line's words into
// dates ("12 Mar 2014", "Mar 12, 2014").
import { foldText, MONTHS } from './lexicon.js';
import type { DateParts } from './types.js';

const NUMERIC = /^(\d{1,2})([./-])(\d{1,2})(?:\2(\d{4}|\d{2}))?\.?$/;
const ISO = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
export const DAY = /^(\d{1,2})(?:st|nd|rd|th|\.)?,?$/;
export const YEAR = /^(\d{4}|'\d{2}|\d{2})[,.]?$/;

export function monthOf(word: string): number | null {
  const w = foldText(word).replace(/[.,]$/, '');
  if (w.length < 3) return null;
  return MONTHS[w] ?? null;
}

export function fullYear(s: string): number {
  const d = s.replace(/\D/g, '');
  const n = Number(d);
  return d.length === 4 ? n : 2000 + n;
}

export const valid = (day: number, month: number) => day >= 1 && day <= 31 && month >= 1 && month <= 12;

/** Parses one date held in a single string. */
export function parseDateString(text: string): DateParts | null {
  const s = text.trim();
  let m = ISO.exec(s);
  if (m) {
    const mo = Number(m[2]),
      d = Number(m[3]);
    return valid(d, mo) ? { a: d, b: mo, y: Number(m[1]), named: true, order: 'ymd' } : null;
  }
  m = NUMERIC.exec(s);
  if (m) {
    const a = Number(m[1]),
      b = Number(m[3]);
    if (!m[4] && m[2] === '-') return null; // "12-03" alone is too often something else
    if (!m[4] && !s.endsWith('.') && m[2] === '.') return null; // "12.50" is an amount or a time
    if (!(valid(a, b) || valid(b, a))) return null;
    return { a, b, y: m[4] ? fullYear(m[4]) : null, named: false, order: m[2] === '.' ? 'dmy' : null };
  }
  // "12-Mar-2014", "12Mar14", "12.Mar.2014"
  m = /^(\d{1,2})[-. ]?([A-Za-zÀ-ÿ]{3,9})\.?[-. ]?(\d{4}|\d{2})?$/.exec(s);
  if (m) {
    const mo = monthOf(m[2]);
    const d = Number(m[1]);
    if (mo && valid(d, mo)) return { a: d, b: mo, y: m[3] ? fullYear(m[3]) : null, named: true, order: 'dmy' };
  }
  return null;
}
