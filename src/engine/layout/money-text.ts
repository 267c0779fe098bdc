// Reads one printed amount from its text alone: "1,234.56", "1.234,56", "(12.30)", "12.30-", "£1,234.56",
// "1043.70 D", "GBP1,234.56", "R$1.234,56". Minor units, never floats. Each word's reading is taken once
// by word-kinds.ts; money-words.ts joins a line's words into figures (detached signs, marks, suffixes).
import { FREE_TEXT_CURRENCY_CODES, WORD_CURRENCY_MARKS } from '../currencies.js';
import { DIR_SUFFIX } from './lexicon.js';

/** Currency codes printed glued to or beside an amount ("GBP1,234.56", "EUR 5,00"). */
export const CODES = FREE_TEXT_CURRENCY_CODES.join('|');

// A number whose last separator is followed by exactly two digits (the decimals); thousands grouped in
// threes or in the Indian lakh style (1,25,000.00); a currency before it or after it ("+14,00€", N26).
const CORE = new RegExp(
  String.raw`^[(]?([+\-\u2212])?[(]?(?:[£€$¥₹]|${CODES})?\s?([+\-\u2212])?(\d{1,3}(?:[.,'\u2019\u00a0 ]\d{3})*|\d{1,2}(?:,\d{2})+,\d{3}|\d+)([.,])(\d{2})[)]?([+\-\u2212])?(?:[£€$¥₹]|\s?(?:${CODES}))?(?:\s?(CR|DR|Cr|Dr|OD|D|C))?$`,
);

export interface ParsedMoney {
  abs: bigint;
  sign: '-' | '+' | null;
  dir: 'dr' | 'cr' | null;
}

export const MARK_WORDS = Object.keys(WORD_CURRENCY_MARKS)
  .sort((a, b) => b.length - a.length)
  .map((w) => w.replace(/[.$]/g, '\\$&'))
  .join('|');
// A currency mark glued to a figure ("R$1.234,56", "-R$1.234,56", "1.234,56zł"): taken off, the sign kept.
const GLUED_MARK = new RegExp(String.raw`^([+\-\u2212]?)(?:${MARK_WORDS})\s?(?=[\d(])|(?<=\d)\s?(?:${MARK_WORDS})$`);

/** Parses one printed amount; null when the text is not an amount with two decimals. */
export function parseMoneyText(raw: string): ParsedMoney | null {
  // Every amount has a decimal mark: the words of a line are nearly all read here, and most have none.
  if (raw.indexOf('.') < 0 && raw.indexOf(',') < 0) return null;
  let s = raw.trim();
  if (s.length > 24) return null;
  let m = CORE.exec(s);
  if (!m && GLUED_MARK.test(s)) {
    s = s.replace(GLUED_MARK, '$1');
    m = CORE.exec(s);
  }
  if (!m) return null;
  const intPart = m[3].replace(/[.,'\u2019\u00a0 ]/g, '');
  // The last separator followed by two digits is the decimal mark whatever the others are: some
  // statements print "2.853.82" (dots for both).
  const abs = BigInt(intPart + m[5]);
  const paren = s.startsWith('(') && s.endsWith(')');
  const minus = isMinus(m[1]) || isMinus(m[2]) || isMinus(m[6]) || paren;
  const plus = m[1] === '+' || m[2] === '+' || m[6] === '+';
  const dir = m[7] ? (DIR_SUFFIX[m[7].toLowerCase()] ?? null) : null;
  return { abs, sign: minus ? '-' : plus ? '+' : null, dir };
}

const isMinus = (c: string | undefined) => c === '-' || c === '\u2212';

// A figure with one decimal ("1500.0", "-2,201.5"), as spreadsheets and word processors print floats.
const ONE_DECIMAL = /^([(]?)([+\-\u2212])?[£€$]?(\d{1,3}(?:,\d{3})*|\d+)\.(\d)([)]?)(-?)$/;

/**
 * Reads a one-decimal figure. Only a figure standing in a money column is read this way (the caller
 * checks the position): elsewhere "12.5" is a rate or a version, not money. Minor units (cents).
 */
export function parseColumnFigure(raw: string): ParsedMoney | null {
  const m = ONE_DECIMAL.exec(raw.trim());
  if (!m) return null;
  const abs = BigInt(m[3].replace(/,/g, '') + m[4] + '0');
  const minus = (!!m[2] && m[2] !== '+') || (m[1] === '(' && m[5] === ')') || m[6] === '-';
  return { abs, sign: minus ? '-' : m[2] === '+' ? '+' : null, dir: null };
}
