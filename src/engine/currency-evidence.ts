// Which currency a statement is in when it prints no code or sign the figures carry: in order, the
// currency marks written as words beside figures ("zł", "R$", "kr"), the IBAN's country, the bank's
// country (its country, cities or dialling code named in the page furniture), a number format only
// one currency's countries print (12,34,567.89; 1'234.56), then the language. Pure; data below and in
// the language tables (src/engine/lang).
import { WORD_CURRENCY_MARKS } from './currencies.js';
import { foldWord, languageOf } from './lang/index.js';

export type CurrencySource = 'marks' | 'iban' | 'country' | 'number format' | 'language';

export interface CurrencyFinding {
  code: string;
  from: CurrencySource;
}

/** IBAN country -> the currency accounts there are held in (ISO 13616 countries). */
const IBAN_CURRENCY: Record<string, string> = {
  GB: 'GBP',
  IE: 'EUR',
  DE: 'EUR',
  FR: 'EUR',
  ES: 'EUR',
  IT: 'EUR',
  NL: 'EUR',
  BE: 'EUR',
  AT: 'EUR',
  PT: 'EUR',
  FI: 'EUR',
  LU: 'EUR',
  GR: 'EUR',
  SK: 'EUR',
  SI: 'EUR',
  EE: 'EUR',
  LV: 'EUR',
  LT: 'EUR',
  MT: 'EUR',
  CY: 'EUR',
  HR: 'EUR',
  MC: 'EUR',
  SM: 'EUR',
  AD: 'EUR',
  VA: 'EUR',
  PL: 'PLN',
  SE: 'SEK',
  DK: 'DKK',
  NO: 'NOK',
  IS: 'ISK',
  CZ: 'CZK',
  HU: 'HUF',
  RO: 'RON',
  BG: 'BGN',
  CH: 'CHF',
  LI: 'CHF',
  TR: 'TRY',
  UA: 'UAH',
  BY: 'BYN',
  KZ: 'KZT',
  GE: 'GEL',
  MD: 'MDL',
  RS: 'RSD',
  BA: 'BAM',
  MK: 'MKD',
  AL: 'ALL',
  AZ: 'AZN',
  IL: 'ILS',
  AE: 'AED',
  SA: 'SAR',
  QA: 'QAR',
  KW: 'KWD',
  BH: 'BHD',
  JO: 'JOD',
  LB: 'LBP',
  EG: 'EGP',
  TN: 'TND',
  MR: 'MRU',
  PK: 'PKR',
  BR: 'BRL',
  CR: 'CRC',
  DO: 'DOP',
  GT: 'GTQ',
  SV: 'USD',
  TL: 'USD',
  MU: 'MUR',
  SC: 'SCR',
  GI: 'GBP',
  FO: 'DKK',
  GL: 'DKK',
};

/**
 * Countries a statement's letterhead or small print names (their names, in English and their own
 * language, and their dialling codes), with the currency of an account held there.
 */
const COUNTRIES: { currency: string; names: string[]; dial: string }[] = [
  { currency: 'ZAR', names: ['south africa', 'suid-afrika', 'johannesburg', 'cape town', 'pretoria', 'durban', 'sandton'], dial: '27' },
  { currency: 'ZMW', names: ['zambia', 'lusaka', 'ndola', 'kitwe'], dial: '260' },
  { currency: 'LKR', names: ['sri lanka', 'colombo', 'kandy'], dial: '94' },
  { currency: 'INR', names: ['india', 'mumbai', 'new delhi', 'bengaluru', 'bangalore', 'chennai', 'kolkata', 'hyderabad'], dial: '91' },
  { currency: 'PKR', names: ['pakistan', 'karachi', 'lahore', 'islamabad'], dial: '92' },
  { currency: 'KES', names: ['kenya', 'nairobi', 'mombasa'], dial: '254' },
  { currency: 'NGN', names: ['nigeria', 'lagos', 'abuja'], dial: '234' },
  { currency: 'GHS', names: ['ghana', 'accra'], dial: '233' },
  { currency: 'UGX', names: ['uganda', 'kampala'], dial: '256' },
  { currency: 'TZS', names: ['tanzania', 'dar es salaam'], dial: '255' },
  { currency: 'BWP', names: ['botswana', 'gaborone'], dial: '267' },
  { currency: 'NAD', names: ['namibia', 'windhoek'], dial: '264' },
  { currency: 'CDF', names: ['republique democratique du congo', 'kinshasa', 'lubumbashi'], dial: '243' },
  { currency: 'CAD', names: ['canada', 'toronto', 'montreal', 'vancouver', 'ottawa', 'calgary'], dial: '' },
  { currency: 'AUD', names: ['australia', 'sydney nsw', 'melbourne vic', 'brisbane qld', 'perth wa'], dial: '61' },
  { currency: 'NZD', names: ['new zealand', 'auckland', 'wellington'], dial: '64' },
  { currency: 'SGD', names: ['singapore'], dial: '65' },
  { currency: 'HKD', names: ['hong kong'], dial: '852' },
  { currency: 'MYR', names: ['malaysia', 'kuala lumpur'], dial: '60' },
  { currency: 'BRL', names: ['brasil', 'brazil', 'sao paulo', 'rio de janeiro'], dial: '55' },
  { currency: 'RUB', names: ['россия', 'российская федерация', 'москва', 'санкт-петербург'], dial: '7' },
  { currency: 'SEK', names: ['sverige', 'stockholm', 'goteborg'], dial: '46' },
  { currency: 'NOK', names: ['norge', 'oslo', 'bergen'], dial: '47' },
  { currency: 'DKK', names: ['danmark', 'kobenhavn', 'aarhus'], dial: '45' },
  { currency: 'CHF', names: ['schweiz', 'suisse', 'svizzera', 'zurich', 'geneve', 'basel', 'bern'], dial: '41' },
  { currency: 'GBP', names: ['united kingdom', 'london', 'edinburgh', 'cardiff', 'belfast'], dial: '44' },
];

const DIAL = new RegExp(
  String.raw`(?:^|[\s(])\+(${COUNTRIES.map((c) => c.dial)
    .filter(Boolean)
    .join('|')})[\s)-]?\d`,
  'g',
);
const IBAN = /\b([A-Z]{2})\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,3})?\b/g;
// Lakh grouping (12,34,567.89) and apostrophe thousands (1'234.56): each printed by one currency's countries.
const LAKH = /(?<![\d,])\d{1,2},\d{2},\d{3}\.\d{2}\b/g;
const APOSTROPHE = /(?<![\d'’])\d{1,3}['’]\d{3}\.\d{2}\b/g;

/** "kr" and "Rs" name a currency only with the language or the country beside them. */
const KRONA_BY_LANGUAGE: Record<string, string> = { sv: 'SEK', da: 'DKK', no: 'NOK' };

const MARKS = Object.keys(WORD_CURRENCY_MARKS)
  .sort((a, b) => b.length - a.length)
  .map((m) => m.replace(/[.$]/g, '\\$&'))
  .join('|');
// A mark touching a figure: before it ("R$ 1.234,56", "-R$12,00") or after it ("1 234,56 zł").
const MARK_BY_FIGURE = new RegExp(String.raw`(?<![\p{L}])(${MARKS})\s?-?\d|\d\s?(${MARKS})(?![\p{L}])`, 'gu');

/** The currencies of the marks printed beside figures, counted (an ambiguous mark resolved by `language`). */
export function countWordMarks(text: string, language: string | null): Map<string, number> {
  const counts = new Map<string, number>();
  MARK_BY_FIGURE.lastIndex = 0;
  for (let m: RegExpExecArray | null; (m = MARK_BY_FIGURE.exec(text));) {
    const mark = m[1] ?? m[2];
    const named = WORD_CURRENCY_MARKS[mark];
    const code = named ?? (/^kr/.test(mark) && language ? KRONA_BY_LANGUAGE[language] : undefined);
    if (code) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return counts;
}

const top = (counts: Map<string, number>): string | null => [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;

/**
 * The currency a statement's text points to when no code or sign is printed with its figures, and
 * what pointed to it; null when nothing does (then the caller assumes one and says so). `furniture` is
 * the text outside the transaction rows: an IBAN or a country named in a payee's text is the payee's.
 */
export function inferCurrency(text: string, furniture = text): CurrencyFinding | null {
  const language = languageOf(foldWord(text));
  const marks = top(countWordMarks(text, language?.code ?? null));
  if (marks) return { code: marks, from: 'marks' };
  const ibans = new Map<string, number>();
  IBAN.lastIndex = 0;
  for (let m: RegExpExecArray | null; (m = IBAN.exec(furniture));) {
    const code = IBAN_CURRENCY[m[1]];
    if (code) ibans.set(code, (ibans.get(code) ?? 0) + 1);
  }
  const iban = top(ibans);
  if (iban) return { code: iban, from: 'iban' };
  const country = countryCurrency(furniture);
  if (country) return { code: country, from: 'country' };
  const lakh = text.match(LAKH)?.length ?? 0;
  const apostrophe = text.match(APOSTROPHE)?.length ?? 0;
  if (lakh >= 2 && lakh > apostrophe) return { code: 'INR', from: 'number format' };
  if (apostrophe >= 2) return { code: 'CHF', from: 'number format' };
  if (language?.currency) return { code: language.currency, from: 'language' };
  return null;
}

/** The currency of the one country the text names (names and dialling codes); null for none or several. */
function countryCurrency(text: string): string | null {
  const folded = foldWord(text);
  const found = new Set<string>();
  for (const c of COUNTRIES) if (c.names.some((n) => new RegExp(String.raw`(?<![\p{L}])${n}(?![\p{L}])`, 'u').test(folded))) found.add(c.currency);
  DIAL.lastIndex = 0;
  for (let m: RegExpExecArray | null; (m = DIAL.exec(text));) {
    const c = COUNTRIES.find((x) => x.dial === m[1]);
    if (c) found.add(c.currency);
  }
  return found.size === 1 ? [...found][0] : null;
}
