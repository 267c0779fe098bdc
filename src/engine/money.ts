// Money as integer minor units (bigint) with the currency's exponent. Never a float: every amount is
// parsed digit by digit and formatted digit by digit. Shared by the CSV and PDF engines and the writers.

import { CURRENCY_CODES as CODE_LIST, currentCurrencyCode, SYMBOL_CURRENCY } from './currencies.js';

export { currencyExponent } from './currencies.js';

export type DecimalSeparator = '.' | ',';

export interface ParsedMoney {
  /** Signed minor units; the sign is the one printed (minus, parentheses, DR/CR, OD markers). */
  value: bigint;
  /** True when the text carried a sign of its own (minus, plus, parentheses, CR/DR/OD/D marker). */
  signed: boolean;
  /** The trailing/leading CR|DR|OD marker, uppercased, when printed. */
  marker: 'CR' | 'DR' | 'OD' | null;
  /** ISO code when the text carried a currency symbol or code. */
  currency: string | null;
}

export interface ParseMoneyOptions {
  /** Minor digits of the currency (2 for GBP). */
  exponent?: number;
  /** Known decimal separator (from the column or the locale); omitted = decided per value. */
  decimal?: DecimalSeparator;
}
// CR/DR markers map to the holder's view (CR = money in, +; DR/OD/D = out or overdrawn, -). Card
// statements that print DR on purchases read the same way; the caller reads `marker` to do otherwise.

// Spaces that banks print as thousands separators: ordinary, NBSP, narrow NBSP, thin, figure, punctuation.
const SPACE_RE = /[\s\u00a0\u202f\u2009\u2007\u2008\u200a]/g;
const CODE_ALTERNATION = CODE_LIST.join('|');
const CURRENCY_CODES = new RegExp(`^(${CODE_ALTERNATION})`, 'i');
const CURRENCY_CODES_END = new RegExp(`(${CODE_ALTERNATION})$`, 'i');
const SYMBOLS = /^(R\$|US\$|C\$|A\$|[£€$¥₹])/;
const SYMBOLS_END = /(zł|kr|Kč|Fr\.?|[£€$¥₹])$/i;

/**
 * Parses one printed amount into signed minor units, or null when the text is not an amount.
 * Accepts `1,234.56`, `1.234,56`, `1'234.56`, `1 234,56` (NBSP/thin spaces too), `(12.30)`, `-12.30`,
 * `12.30-`, `+12.30`, `12.30 CR`/`DR`, `12.30OD`, `12.30D`, `£`/`€`/`$` and ISO codes either side.
 */
export function parseMoney(text: string, opts: ParseMoneyOptions = {}): ParsedMoney | null {
  const exponent = opts.exponent ?? 2;
  const plain = plainAmount(text, exponent);
  if (plain) return plain;
  // A leading apostrophe is Excel's "store as text" marker ('579,68), not part of the amount.
  let s = String(text ?? '')
    .replace(SPACE_RE, ' ')
    .trim()
    .replace(/^'/, '');
  if (!s) return null;
  let neg = false;
  let signed = false;
  let marker: ParsedMoney['marker'] = null;
  let currency: string | null = null;

  // A CR/DR/OD/D marker counts only right after the number (or its closing bracket): "12.30 CR", "12.30OD".
  const mk = /^(.*[\d)])\s*(CR|DR|OD|D|C)\.?$/i.exec(s);
  if (mk) {
    const m = mk[2].toUpperCase();
    marker = m === 'CR' || m === 'C' ? 'CR' : m === 'OD' ? 'OD' : 'DR';
    if (marker !== 'CR') neg = true;
    signed = true;
    s = mk[1].trim();
  }
  const lead = /^(CR|DR)\s+/i.exec(s);
  if (!marker && lead) {
    marker = lead[1].toUpperCase() as 'CR' | 'DR';
    neg = marker === 'DR';
    signed = true;
    s = s.slice(lead[0].length);
  }
  // Signs and brackets may sit outside or inside the currency symbol: "-£12.30", "£-12.30", "(£12.30)".
  for (let pass = 0; pass < 3; pass++) {
    if (s.startsWith('(') && s.endsWith(')')) {
      neg = !neg;
      signed = true;
      s = s.slice(1, -1).trim();
      continue;
    }
    if (/^[-\u2212\u2013]/.test(s)) {
      neg = !neg;
      signed = true;
      s = s.slice(1).trim();
      continue;
    }
    if (s.startsWith('+')) {
      signed = true;
      s = s.slice(1).trim();
      continue;
    }
    if (/[-\u2212]$/.test(s)) {
      neg = !neg;
      signed = true;
      s = s.slice(0, -1).trim();
      continue;
    }
    if (s.endsWith('+')) {
      signed = true;
      s = s.slice(0, -1).trim();
      continue;
    }
    // A replacement character where a symbol stood: a "£" written in one code page and read in another
    // (a Nationwide export saved through a UTF-8 editor). The figure stands; its currency is unknown.
    if (s.startsWith('\uFFFD') || s.endsWith('\uFFFD')) {
      s = s.replace(/^\uFFFD|\uFFFD$/, '').trim();
      continue;
    }
    let m = SYMBOLS.exec(s);
    if (m) {
      currency = currencyForSymbol(m[1]);
      s = s.slice(m[1].length).trim();
      continue;
    }
    m = CURRENCY_CODES.exec(s);
    if (m && /[\d\s.,(+-]/.test(s.charAt(3) || 'x')) {
      currency = currentCurrencyCode(m[1]);
      s = s.slice(3).trim();
      continue;
    }
    m = SYMBOLS_END.exec(s);
    if (m && s.length > m[1].length) {
      currency = currencyForSymbol(m[1]);
      s = s.slice(0, -m[1].length).trim();
      continue;
    }
    m = CURRENCY_CODES_END.exec(s);
    if (m && s.length > 3 && /[\d\s.,)]/.test(s.charAt(s.length - 4))) {
      currency = currentCurrencyCode(m[1]);
      s = s.slice(0, -3).trim();
      continue;
    }
  }
  let v = parseUnsignedDigits(s, exponent, opts.decimal);
  // A column read with "," decimals may still hold a spreadsheet number written "2207.68": with no other
  // separator and one or two digits after the point, it can only be a decimal point.
  if (v === null && opts.decimal && /^\d+[.,]\d{1,2}$/.test(s) && !s.includes(opts.decimal))
    v = parseUnsignedDigits(s, exponent, opts.decimal === ',' ? '.' : ',');
  if (v === null) return null;
  return { value: neg ? -v : v, signed, marker, currency };
}

// Most cells of an export are bare "-12.30" / "12,30" / "1230": digits with at most one separator and one
// or two decimals read the same under either separator, so they skip the general path (a third of the
// CSV engine's time on large files).
// (The shape /^(-?)(\d+)(?:[.,](\d{1,2}))?$/, read with a hand-written scan: no match array, no
// string building, and the integer made from the digits directly up to 15 of them.)
const isDigit = (c: number) => c >= 48 && c <= 57;

function plainAmount(text: string, exponent: number): ParsedMoney | null {
  if (typeof text !== 'string' || text.length > 24) return null;
  const n = text.length;
  let i = 0;
  const neg = n > 0 && text.charCodeAt(0) === 45;
  if (neg) i = 1;
  const intStart = i;
  while (i < n && isDigit(text.charCodeAt(i))) i++;
  const intLen = i - intStart;
  if (intLen === 0) return null;
  let fracStart = i,
    fracLen = 0;
  if (i < n) {
    const c = text.charCodeAt(i);
    if (c !== 46 && c !== 44) return null;
    fracStart = i + 1;
    let j = fracStart;
    while (j < n && isDigit(text.charCodeAt(j))) j++;
    fracLen = j - fracStart;
    if (j !== n || fracLen < 1 || fracLen > 2) return null;
  }
  if (fracLen > exponent) return null;
  let v: bigint;
  // Up to 15 digits (the decimals padded to the exponent) a Number holds the integer exactly.
  if (intLen + exponent <= 15) {
    let x = 0;
    for (let k = intStart; k < intStart + intLen; k++) x = x * 10 + (text.charCodeAt(k) - 48);
    for (let k = 0; k < exponent; k++) x = x * 10 + (k < fracLen ? text.charCodeAt(fracStart + k) - 48 : 0);
    v = BigInt(x);
  } else {
    v = BigInt(text.slice(intStart, intStart + intLen) + text.slice(fracStart, fracStart + fracLen).padEnd(exponent, '0'));
  }
  return { value: neg ? -v : v, signed: neg, marker: null, currency: null };
}

function currencyForSymbol(sym: string): string {
  if (sym === 'US$') return 'USD';
  if (sym === 'C$') return 'CAD';
  if (sym === 'A$') return 'AUD';
  if (/^fr/i.test(sym)) return 'CHF';
  if (sym === 'Kč') return 'CZK';
  return SYMBOL_CURRENCY[sym] ?? SYMBOL_CURRENCY[sym.toLowerCase()] ?? 'USD';
}

/** Digits with separators -> minor units. `decimal` unknown: the last separator decides (see decideDecimal). */
function parseUnsignedDigits(s: string, exponent: number, decimal?: DecimalSeparator): bigint | null {
  if (!/^[\d.,' ]+$/.test(s) || !/\d/.test(s)) return null;
  if (/^[.,]/.test(s) && !/^[.,]\d+$/.test(s)) return null;
  const dec = decimal ?? decideDecimal(s, exponent);
  let intPart = s;
  let frac = '';
  if (dec) {
    const at = s.lastIndexOf(dec);
    if (at >= 0) {
      intPart = s.slice(0, at);
      frac = s.slice(at + 1);
      if (!/^\d*$/.test(frac)) return null;
    }
  }
  // Whatever separators remain in the integer part are thousands separators: groups must be of three, or
  // the Indian lakh and crore grouping (1,25,000 and 12,34,56,789: pairs, then the last three).
  const groups = intPart.split(/[.,' ]/);
  if (groups.length > 1) {
    if (groups[0].length === 0 || groups[0].length > 3) return null;
    if (!groups.slice(1).every((g) => g.length === 3) && !indianGroups(intPart, groups)) return null;
    if (dec && intPart.includes(dec)) return null;
  }
  const digits = groups.join('');
  if (!/^\d*$/.test(digits)) return null;
  if (frac.length > exponent) {
    // Extra printed digits are accepted only when they are zeros ("12.3000"); anything else is not money.
    if (/[^0]/.test(frac.slice(exponent))) return null;
    frac = frac.slice(0, exponent);
  }
  return BigInt((digits || '0') + frac.padEnd(exponent, '0'));
}

/** "1,25,000": comma-grouped with a first group of one or two digits, pairs after it, and three digits last. */
function indianGroups(intPart: string, groups: string[]): boolean {
  if (groups.length < 3 || /[.' ]/.test(intPart) || groups[0].length > 2 || groups[groups.length - 1].length !== 3) return false;
  for (let i = 1; i < groups.length - 1; i++) if (groups[i].length !== 2) return false;
  return true;
}

/** The decimal separator of one value when nothing else is known: null when it has no fraction. */
function decideDecimal(s: string, exponent: number): DecimalSeparator | undefined {
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  if (lastDot < 0 && lastComma < 0) return undefined;
  if (lastDot >= 0 && lastComma >= 0) return lastDot > lastComma ? '.' : ',';
  const sep: DecimalSeparator = lastDot >= 0 ? '.' : ',';
  const count = s.split(sep).length - 1;
  if (count > 1) return undefined; // "1.234.567": thousands only
  const after = s.length - s.indexOf(sep) - 1;
  // One separator followed by exactly three digits reads as thousands unless the currency has 3 minor digits.
  if (after === 3 && exponent !== 3) return undefined;
  return sep;
}

/**
 * Infers the decimal separator of a whole column: values with both separators, or one separator followed
 * by one or two digits, are evidence. Returns null when the column gives none (whole numbers only).
 */
export function inferDecimalSeparator(texts: Iterable<string>, exponent = 2): DecimalSeparator | null {
  let dot = 0;
  let comma = 0;
  for (const raw of texts) {
    const v = decimalVote(raw, exponent);
    if (v === '.') dot++;
    else if (v === ',') comma++;
  }
  return decimalOfVotes(dot, comma);
}

/** The separators' tally -> the column's decimal separator (a tie goes to the point), or null without evidence. */
export const decimalOfVotes = (dot: number, comma: number): DecimalSeparator | null => (dot === 0 && comma === 0 ? null : dot >= comma ? '.' : ',');

/**
 * What one value says about its column's decimal separator (see inferDecimalSeparator), or null when
 * it says nothing (blank, whole number, thousands only). Exported so a table can tally its cells without
 * first copying them into an array.
 */
export function decimalVote(raw: string, exponent = 2): DecimalSeparator | null {
  if (!raw) return null;
  // Only digits and separators count; a single scan finds the last of each and the digits after them.
  const s = String(raw);
  let lastDot = -1,
    lastComma = -1,
    dots = 0,
    commas = 0,
    digitsAfter = 0,
    digitsBefore = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) digitsAfter++;
    else if (c === 46 || c === 44) {
      if (c === 46) {
        lastDot = i;
        dots++;
      } else {
        lastComma = i;
        commas++;
      }
      digitsBefore = digitsAfter;
      digitsAfter = 0;
    }
  }
  if (dots && commas) return lastDot > lastComma ? '.' : ',';
  if (!dots && !commas) return null;
  const sep: DecimalSeparator = dots ? '.' : ',';
  // The same separator twice ("1.234.567") is the thousands separator: the other one is the decimal.
  if (dots + commas > 1) return sep === '.' ? ',' : '.';
  const after = digitsAfter;
  if (after >= 1 && after <= Math.max(2, exponent) && after !== 3) return sep;
  if (after === 3 && exponent === 3) return sep;
  // No thousands separator leaves four digits or more after it, or follows a group of four or more
  // ("1000.000", "1000.000000", "0.500" aside): printed decimals beyond the currency's.
  if (
    after > 3 ||
    (after === 3 &&
      (digitsBefore > 3 ||
        (digitsBefore === 1 &&
          s
            .trimStart()
            .replace(/^[-+(]/, '')
            .startsWith('0'))))
  )
    return sep;
  return null;
}

/** Parses a plain or decorated amount into minor units, or null. Kept for callers of the skeleton API. */
export function parseAmount(text: string, exponent = 2, decimal?: DecimalSeparator): bigint | null {
  return parseMoney(text, { exponent, decimal })?.value ?? null;
}

/** Formats minor units as a plain decimal with exactly `exponent` digits ("-12.30"). */
export function formatMinor(v: bigint, exponent = 2): string {
  const neg = v < 0n;
  const abs = (neg ? -v : v).toString().padStart(exponent + 1, '0');
  const body = exponent === 0 ? abs : `${abs.slice(0, -exponent)}.${abs.slice(-exponent)}`;
  return neg ? `-${body}` : body;
}

/** The JSON number for reconcile_diff, rounded to the currency's minor digits (decimal text -> Number). */
export const minorToNumber = (v: bigint, exponent = 2): number => Number(formatMinor(v, exponent));

export const absMinor = (v: bigint): bigint => (v < 0n ? -v : v);
