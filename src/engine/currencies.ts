// The currencies the engine knows, in one place: minor digits, the codes it reads from statement text,
// the printed symbols, and the default. Every reader (CSV, PDF layout, structured files) and writer
// takes them from here.

/** When a statement names no currency and prints no symbol (the product is UK-first). */
export const DEFAULT_CURRENCY = 'GBP';

/**
 * The active ISO 4217 currency codes: the values a caller may state (the API's and jobs' `currency`
 * field, the CLI's --currency), and any code a statement may turn out to be in.
 */
export const ISO_4217_CODES: readonly string[] = [
  'AED',
  'AFN',
  'ALL',
  'AMD',
  'ANG',
  'AOA',
  'ARS',
  'AUD',
  'AWG',
  'AZN',
  'BAM',
  'BBD',
  'BDT',
  'BGN',
  'BHD',
  'BIF',
  'BMD',
  'BND',
  'BOB',
  'BRL',
  'BSD',
  'BTN',
  'BWP',
  'BYN',
  'BZD',
  'CAD',
  'CDF',
  'CHF',
  'CLP',
  'CNY',
  'COP',
  'CRC',
  'CUP',
  'CVE',
  'CZK',
  'DJF',
  'DKK',
  'DOP',
  'DZD',
  'EGP',
  'ERN',
  'ETB',
  'EUR',
  'FJD',
  'FKP',
  'GBP',
  'GEL',
  'GHS',
  'GIP',
  'GMD',
  'GNF',
  'GTQ',
  'GYD',
  'HKD',
  'HNL',
  'HTG',
  'HUF',
  'IDR',
  'ILS',
  'INR',
  'IQD',
  'IRR',
  'ISK',
  'JMD',
  'JOD',
  'JPY',
  'KES',
  'KGS',
  'KHR',
  'KMF',
  'KPW',
  'KRW',
  'KWD',
  'KYD',
  'KZT',
  'LAK',
  'LBP',
  'LKR',
  'LRD',
  'LSL',
  'LYD',
  'MAD',
  'MDL',
  'MGA',
  'MKD',
  'MMK',
  'MNT',
  'MOP',
  'MRU',
  'MUR',
  'MVR',
  'MWK',
  'MXN',
  'MYR',
  'MZN',
  'NAD',
  'NGN',
  'NIO',
  'NOK',
  'NPR',
  'NZD',
  'OMR',
  'PAB',
  'PEN',
  'PGK',
  'PHP',
  'PKR',
  'PLN',
  'PYG',
  'QAR',
  'RON',
  'RSD',
  'RUB',
  'RWF',
  'SAR',
  'SBD',
  'SCR',
  'SDG',
  'SEK',
  'SGD',
  'SHP',
  'SLE',
  'SOS',
  'SRD',
  'SSP',
  'STN',
  'SVC',
  'SYP',
  'SZL',
  'THB',
  'TJS',
  'TMT',
  'TND',
  'TOP',
  'TRY',
  'TTD',
  'TWD',
  'TZS',
  'UAH',
  'UGX',
  'USD',
  'UYU',
  'UZS',
  'VES',
  'VND',
  'VUV',
  'WST',
  'XAF',
  'XCD',
  'XOF',
  'XPF',
  'YER',
  'ZAR',
  'ZMW',
  'ZWG',
];
const ISO_SET = new Set(ISO_4217_CODES);

/** The code as a caller may state it (upper-cased, trimmed), or null when ISO 4217 has no such code. */
export function statedCurrency(text: string): string | null {
  const code = text.trim().toUpperCase();
  return ISO_SET.has(code) ? code : null;
}

/** Minor digits per ISO 4217 code; 2 unless listed. */
const MINOR_DIGITS: Record<string, number> = {
  JPY: 0,
  KRW: 0,
  ISK: 0,
  CLP: 0,
  VND: 0,
  XOF: 0,
  XAF: 0,
  UGX: 0,
  PYG: 0,
  HUF: 2,
  BHD: 3,
  KWD: 3,
  OMR: 3,
  JOD: 3,
  TND: 3,
  LYD: 3,
  IQD: 3,
};

export const currencyExponent = (code: string): number => MINOR_DIGITS[code?.toUpperCase?.() ?? ''] ?? 2;

/**
 * Codes common enough to trust as a bare word anywhere in a page ("GBP" in a heading, a section title,
 * a header cell). Rarer codes read as words too often ("RON", "TRY", "GEL" are also names and verbs),
 * so they count only next to an amount or in a table header (CURRENCY_CODES).
 */
export const FREE_TEXT_CURRENCY_CODES: readonly string[] = [
  'GBP',
  'EUR',
  'USD',
  'CHF',
  'JPY',
  'INR',
  'AUD',
  'CAD',
  'NZD',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'SGD',
  'HKD',
  'ZAR',
  'AED',
];

/** Every ISO 4217 code read next to an amount or in a column header; legacy codes map to the current one. */
export const CURRENCY_CODES: readonly string[] = [
  ...FREE_TEXT_CURRENCY_CODES,
  'BRL',
  'MXN',
  'TRY',
  'RON',
  'BGN',
  'RUB',
  'RUR',
  'UAH',
  'BYN',
  'KZT',
  'GEL',
  'MDL',
  'RSD',
  'ISK',
  'CNY',
  'ILS',
  'LTL',
  'LVL',
  'EEK',
  'HRK',
];

const LEGACY_CURRENCY: Record<string, string> = { RUR: 'RUB' };
/** The current ISO code for a printed one ("RUR", the rouble's code before 1998, is "RUB"). */
export const currentCurrencyCode = (code: string): string => LEGACY_CURRENCY[code.toUpperCase()] ?? code.toUpperCase();

/** Printed symbol -> ISO code, for amounts that carry a symbol and statements that name no currency. */
export const SYMBOL_CURRENCY: Record<string, string> = {
  '£': 'GBP',
  '€': 'EUR',
  $: 'USD',
  '¥': 'JPY',
  '₹': 'INR',
  Fr: 'CHF',
  zł: 'PLN',
  kr: 'SEK',
  R$: 'BRL',
};

/**
 * Marks that name a currency wherever they appear inside a cell's text: the one-character symbols and
 * "CHF". Letter symbols ("kr", "Fr") are left out: inside words they would match everywhere.
 */
export const CELL_CURRENCY_MARKS: Record<string, string> = { '£': 'GBP', '€': 'EUR', $: 'USD', '¥': 'JPY', '₹': 'INR', CHF: 'CHF' };

/**
 * Currency marks printed as words of their own beside a figure ("R$ 1.234,56", "1 234,56 zł", "350,00
 * kr"), and the currency each names; null where several currencies print it ("kr": Swedish, Danish,
 * Norwegian, Icelandic krona; "Rs": rupees of several countries): the statement's language decides.
 * Read only touching a figure, so the words never stand in a description.
 */
export const WORD_CURRENCY_MARKS: Record<string, string | null> = {
  R$: 'BRL',
  zł: 'PLN',
  Kč: 'CZK',
  '₽': 'RUB',
  руб: 'RUB',
  'руб.': 'RUB',
  '₺': 'TRY',
  TL: 'TRY',
  Ft: 'HUF',
  lei: 'RON',
  '₴': 'UAH',
  грн: 'UAH',
  '₪': 'ILS',
  '₩': 'KRW',
  kr: null,
  'kr.': null,
  Rs: null,
  'Rs.': null,
};

/** The letters some dollars print beside the sign ("A$", "NZ$", "US$", Australian "$A"), and their codes. */
export const DOLLAR_PREFIXES: Record<string, string> = {
  A: 'AUD',
  AU: 'AUD',
  NZ: 'NZD',
  C: 'CAD',
  CA: 'CAD',
  S: 'SGD',
  SG: 'SGD',
  HK: 'HKD',
  US: 'USD',
  MX: 'MXN',
  R: 'BRL',
};
const PREFIX_LETTERS = Object.keys(DOLLAR_PREFIXES).join('|');
/** A prefixed dollar: letters then the sign ("NZ$"), or the sign then letters ("$A"); `g` for counting. */
export const PREFIXED_DOLLAR = new RegExp(`(?<![A-Za-z])(${PREFIX_LETTERS})\\$|(?<![A-Za-z])\\$(A|NZ|US)(?![A-Za-z])`, 'g');
const PREFIXED = new RegExp(PREFIXED_DOLLAR.source);

/** The dollar a text names with letters beside its sign ("Amount ($A)", "NZ$ 12.00"), or null. */
export function prefixedDollar(text: string): string | null {
  const m = PREFIXED.exec(text);
  return m ? (DOLLAR_PREFIXES[m[1] ?? m[2]] ?? null) : null;
}
