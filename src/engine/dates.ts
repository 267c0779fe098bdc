// Printed dates: styles, day/month order inferred from a whole column, years inferred from the
// statement period (with December -> January rollover). Pure; calendar arithmetic on integers only.

import { MONTH_NAMES } from './lang/index.js';

export type DateOrder = 'DMY' | 'MDY' | 'YMD';

/** A printed date split into numbers. `y` is null when the statement prints no year. */
export interface DateParts {
  y: number | null;
  m: number;
  d: number;
}

/** The raw reading of one printed date before the order is known. */
interface Token {
  /** Numeric fields in printed order (day/month/year still undecided) ... */
  nums?: [number, number, number | null];
  /** ... or fields fixed by a month name or a 4-digit leading year. */
  fixed?: DateParts;
  /** The third field had two digits (a 2-digit year). */
  shortYear?: boolean;
  /** Fields joined by dots ("01.03.2024"): the day comes first wherever dates are written so (as the PDF reader takes it). */
  dotted?: boolean;
}

const MONTHS: Record<string, number> = {};
const stripAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

// Every language table's month names and abbreviations (src/engine/lang), stored as they are looked
// up: lowercase, accents stripped ("май" -> "маи", "jänner" -> "janner"); the first language wins.
MONTH_NAMES.forEach((names, i) => {
  for (const n of names) MONTHS[stripAccents(n)] ??= i + 1;
});

export function monthFromName(word: string): number | null {
  const w = stripAccents(word.toLowerCase()).replace(/\.$/, '');
  return MONTHS[w] ?? null;
}

export const daysInMonth = (y: number, m: number): number =>
  m === 2 ? ((y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;

const validDM = (d: number, m: number, y: number | null) =>
  m >= 1 && m <= 12 && d >= 1 && d <= (y === null ? (m === 2 ? 29 : daysInMonth(2001, m)) : daysInMonth(y, m));

/** Two-digit years: 00-69 -> 2000s, 70-99 -> 1900s (bank exports do not reach further back). */
export const expandYear = (y: number): number => (y >= 100 ? y : y < 70 ? 2000 + y : 1900 + y);

const WEEKDAY =
  /^(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mo|di|mi|do|fr|sa|so|lun|mar|mer|jeu|ven|sam|dim)[a-z]*\.?,?\s+/i;

// Exports repeat the same few hundred dates over thousands of rows, and a column is read several times
// (date share, order inference, parsing), so readings are memoised. Tokens are never mutated. The
// texts are the customer's (any cell tested for a date), so convert() forgets them when it ends.
const tokenCache = new Map<string, Token | null>();

/** Drops the remembered date readings (called at the end of every conversion). */
export function forgetDateTexts(): void {
  tokenCache.clear();
}

/** How many date readings are remembered now (for the test that none outlives a conversion). */
export const rememberedDateTexts = (): number => tokenCache.size;

function tokenize(text: string): Token | null {
  if (typeof text !== 'string') return tokenizeUncached(text);
  let t = tokenCache.get(text);
  if (t === undefined) {
    t = tokenizeUncached(text);
    if (tokenCache.size >= 20000) tokenCache.clear();
    tokenCache.set(text, t);
  }
  return t;
}

function tokenizeUncached(text: string): Token | null {
  let s = String(text ?? '')
    .trim()
    .replace(/^'/, '');
  if (!s || s.length > 40) return null;
  // A time or ISO time part after the date ("6/1/2024 17:42", "29.12.24, 13:56", "2024-03-03T10:00:00Z") is not part of it.
  s = s.replace(/(?:T|,?\s+)\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?\s*(?:[ap]\.?m\.?)?\s*(?:Z|[+-]\d{2}:?\d{2}|UTC|GMT)?$/i, '').trim();
  s = s.replace(WEEKDAY, '');
  // "04/17/2023 as of 04/15/2023": the posting date, then the date the entry takes effect.
  s = s.replace(/\s+as of\s+\S.*$/i, '');
  // Hungarian and some Baltic exports end the date with a dot: "2019.04.19."; Polish ones may set the
  // parts apart with spaces: "2019 10 11".
  let m = /^(\d{4})[-/. ](\d{1,2})[-/. ](\d{1,2})\.?$/.exec(s);
  if (m) return { fixed: { y: +m[1], m: +m[2], d: +m[3] } };
  // Some exports join a year-first date with colons ("2012:03:01"): a 4-digit first field is no hour.
  m = /^(\d{4}):(\d{1,2}):(\d{1,2})$/.exec(s);
  if (m) return { fixed: { y: +m[1], m: +m[2], d: +m[3] } };
  // Japanese: "2024年4月30日", "4月30日" (year, month, day marked by 年 月 日).
  m = /^(?:(\d{4})年\s?)?(\d{1,2})月\s?(\d{1,2})日$/.exec(s);
  if (m) return { fixed: { y: m[1] ? +m[1] : null, m: +m[2], d: +m[3] } };
  // OFX's date-time written into an export: "20091224120000[0:GMT]", "20091224120000.000".
  m = /^(\d{4})(\d{2})(\d{2})(?:\d{6}(?:\.\d{1,3})?(?:\[[^\]]{1,12}\])?)?$/.exec(s);
  if (m && (m[1].startsWith('19') || m[1].startsWith('20'))) return { fixed: { y: +m[1], m: +m[2], d: +m[3] } };
  m = /^(\d{1,2})([-/. ])(\d{1,2})[-/. ](\d{2}|\d{4})\.?$/.exec(s);
  if (m) return { nums: [+m[1], +m[3], +m[4]], shortYear: m[4].length === 2, ...(m[2] === '.' ? { dotted: true } : {}) };
  m = /^(\d{1,2})([/.])(\d{1,2})\.?$/.exec(s);
  if (m) return { nums: [+m[1], +m[3], null], ...(m[2] === '.' ? { dotted: true } : {}) };
  // Month names: "03 Mar 2024", "03-MAR-24", "3rd March", "3. März 2024", "Mar 3, 2024", "March 2024"? (no day: not a date).
  // (Spanish and Portuguese join the parts with "de": "14 de mar. 2026", "3 de marzo de 2024".)
  m = /^(\d{1,2})(?:st|nd|rd|th|er|e|\.)?[\s\-/.]*(?:de\s+)?([A-Za-zÀ-ɏЀ-ӿ]{3,10})\.?,?[\s\-/.]*(?:de\s+)?(\d{2}|\d{4})?\.?$/.exec(s);
  if (m) {
    const mo = monthFromName(m[2]);
    if (mo) return { fixed: { y: m[3] ? expandYear(+m[3]) : null, m: mo, d: +m[1] } };
  }
  m = /^([A-Za-zÀ-ɏЀ-ӿ]{3,10})\.?[\s\-/.]+(\d{1,2})(?:st|nd|rd|th)?,?(?:[\s\-/.]+(\d{2}|\d{4}))?$/.exec(s);
  if (m) {
    const mo = monthFromName(m[1]);
    if (mo) return { fixed: { y: m[3] ? expandYear(+m[3]) : null, m: mo, d: +m[2] } };
  }
  m = /^(\d{4})[\s\-/.]([A-Za-zÀ-ɏЀ-ӿ]{3,10})[\s\-/.](\d{1,2})$/.exec(s);
  if (m) {
    const mo = monthFromName(m[2]);
    if (mo) return { fixed: { y: +m[1], m: mo, d: +m[3] } };
  }
  return null;
}

function readAs(t: Token, order: DateOrder): DateParts | null {
  if (t.fixed) return validDM(t.fixed.d, t.fixed.m, t.fixed.y) ? { ...t.fixed } : null;
  const [a, b, c] = t.nums!;
  const y = c === null ? null : expandYear(c);
  let d: number, m: number;
  if (order === 'MDY') {
    m = a;
    d = b;
  } else {
    d = a;
    m = b;
  }
  return validDM(d, m, y) ? { y, m, d } : null;
}

/** readAs(t, order) !== null, without building the parts (a whole column is tested this way). */
function readsAs(t: Token, order: DateOrder): boolean {
  if (t.fixed) return validDM(t.fixed.d, t.fixed.m, t.fixed.y);
  const [a, b, c] = t.nums!;
  const y = c === null ? null : expandYear(c);
  return order === 'MDY' ? validDM(b, a, y) : validDM(a, b, y);
}

/** True when the text reads as a date in some style. */
export const looksLikeDate = (text: string): boolean => {
  const t = tokenize(text);
  return !!t && (readsAs(t, 'DMY') || readsAs(t, 'MDY'));
};

/** Parses one date with a known order (numeric day/month only; names and ISO are unambiguous). */
export function parseDate(text: string, order: DateOrder = 'DMY'): DateParts | null {
  const t = tokenize(text);
  return t ? readAs(t, order) : null;
}

export interface OrderInference {
  order: DateOrder;
  /** True when every value reads both ways and nothing else decided: the caller warns date_order_ambiguous. */
  ambiguous: boolean;
}

const key = (p: DateParts) => (p.y ?? 0) * 400 + p.m * 32 + p.d;

/** Days a statement's rows may spread over: a month's statement, with a few days of posting lag. */
const STATEMENT_SPAN_DAYS = 35;

/**
 * Days between the earliest and latest of some dates, each {day, month, year | null}. Without years the
 * dates are taken round the year (December then January), so the span is the year less its largest gap.
 */
export function spanDays(dates: { d: number; m: number; y: number | null }[]): number {
  if (dates.length < 2) return 0;
  if (dates.every((p) => p.y !== null)) {
    const t = dates.map((p) => Date.UTC(p.y!, p.m - 1, p.d) / 86400000);
    return Math.max(...t) - Math.min(...t);
  }
  const t = [...new Set(dates.map((p) => Date.UTC(2001, p.m - 1, p.d) / 86400000))].sort((a, b) => a - b);
  let gap = t[0] + 365 - t[t.length - 1];
  for (let i = 1; i < t.length; i++) gap = Math.max(gap, t[i] - t[i - 1]);
  return 365 - gap;
}

/**
 * The order the dates' own spread supports, when they read both ways: the reading that keeps every row
 * within a month's statement where the other spreads them over months ("03/02 05/02 07/02 09/02" is
 * 3-9 February, not the 2nd of five months). Null when the spread does not tell them apart.
 */
export function orderBySpan(asDmy: { d: number; m: number; y: number | null }[], asMdy: { d: number; m: number; y: number | null }[]): 'DMY' | 'MDY' | null {
  const d = spanDays(asDmy),
    m = spanDays(asMdy);
  if (d <= STATEMENT_SPAN_DAYS && m > STATEMENT_SPAN_DAYS) return 'DMY';
  if (m <= STATEMENT_SPAN_DAYS && d > STATEMENT_SPAN_DAYS) return 'MDY';
  return null;
}

function monotone(parts: (DateParts | null)[]): boolean {
  let dir = 0;
  let prev: number | null = null;
  for (const p of parts) {
    if (!p) continue;
    const k = key(p);
    if (prev !== null && k !== prev) {
      const s = k > prev ? 1 : -1;
      if (dir === 0) dir = s;
      else if (s !== dir) return false;
    }
    prev = k;
  }
  return true;
}

/**
 * Decides DD/MM against MM/DD from a whole column: a value that reads only one way decides it; else the
 * reading under which the column is sorted (statements are in date order); else `prefer` (the UK reading
 * unless a profile or the currency says otherwise) with `ambiguous: true`.
 */
export function inferDateOrder(texts: string[], prefer: 'DMY' | 'MDY' = 'DMY'): OrderInference {
  let dmy = 0,
    mdy = 0,
    both = 0,
    iso = 0;
  // Exports repeat a date on consecutive rows: a text equal to the one before it shares its token (tokens are only read).
  const tokens = new Array<Token | null>(texts.length);
  for (let i = 0; i < texts.length; i++) tokens[i] = i > 0 && texts[i] === texts[i - 1] ? tokens[i - 1] : tokenize(texts[i]);
  for (const t of tokens) {
    if (!t) continue;
    if (t.fixed) {
      iso++;
      continue;
    }
    const a = readsAs(t, 'DMY');
    const b = readsAs(t, 'MDY');
    if (a && b) both++;
    else if (a) dmy++;
    else if (b) mdy++;
  }
  if (dmy > 0 || mdy > 0) return { order: dmy >= mdy ? 'DMY' : 'MDY', ambiguous: dmy > 0 && mdy > 0 };
  if (both === 0) return { order: iso > 0 ? 'YMD' : prefer, ambiguous: false };
  // Dates written with dots are day first (01.03.2024), as the PDF and text reader reads them too.
  if (tokens.every((t) => !t || t.fixed || t.dotted)) return { order: 'DMY', ambiguous: false };
  const asDmy = tokens.map((t) => (t ? readAs(t, 'DMY') : null));
  const asMdy = tokens.map((t) => (t ? readAs(t, 'MDY') : null));
  const distinct = new Set(asDmy.filter(Boolean).map((p) => key(p!))).size;
  if (distinct >= 3) {
    const okD = monotone(asDmy),
      okM = monotone(asMdy);
    if (okD && !okM) return { order: 'DMY', ambiguous: false };
    if (okM && !okD) return { order: 'MDY', ambiguous: false };
  }
  const bySpan = orderBySpan(
    asDmy.filter((p): p is DateParts => !!p),
    asMdy.filter((p): p is DateParts => !!p),
  );
  if (bySpan) return { order: bySpan, ambiguous: false };
  // Equal day and month on every row ("05/05/2024") reads the same both ways: nothing to warn about.
  const same = tokens.every((t) => !t || t.fixed || t.nums![0] === t.nums![1]);
  return { order: prefer, ambiguous: !same };
}

/** Scores how many of the texts read as dates (0..1), for telling a date column from others. */
export function dateShare(texts: string[]): number {
  let n = 0,
    ok = 0;
  for (const s of texts) {
    if (!String(s ?? '').trim()) continue;
    n++;
    if (looksLikeDate(s)) ok++;
  }
  return n ? ok / n : 0;
}

/** DD/MM/YYYY of the contract. */
export function formatDate(p: { y: number; m: number; d: number }): string {
  return `${String(p.d).padStart(2, '0')}/${String(p.m).padStart(2, '0')}/${String(p.y).padStart(4, '0')}`;
}

export const isoDate = (p: { y: number; m: number; d: number }): string =>
  `${String(p.y).padStart(4, '0')}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;

export function parseIso(iso: string): { y: number; m: number; d: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? { y: +m[1], m: +m[2], d: +m[3] } : null;
}

export interface YearContext {
  /** ISO dates of the statement period, when printed. */
  periodStart?: string | null;
  periodEnd?: string | null;
  /** A year known from elsewhere (statement date, file name) when no period is printed. */
  anchorYear?: number | null;
}

export interface YearInference {
  years: number[];
  /** True when no period was known and the year came from `anchorYear` or the rollover walk. */
  unsure: boolean;
}

/**
 * Gives every yearless date a year. With a period: the year that puts the date inside the period (a
 * Dec -> Jan statement gets both years). Without: walk the rows in printed order from `anchorYear`,
 * adding a year whenever the month falls back from late in the year to early (Dec -> Jan), which also
 * covers newest-first order (walked backwards). Rows that print a year keep it.
 */
export function inferYears(dates: DateParts[], ctx: YearContext = {}): YearInference {
  const start = ctx.periodStart ? parseIso(ctx.periodStart) : null;
  const end = ctx.periodEnd ? parseIso(ctx.periodEnd) : null;
  if (start || end) {
    const lo = start ?? end!;
    const hi = end ?? start!;
    const years = dates.map((p) => {
      if (p.y !== null) return p.y;
      for (let y = lo.y; y <= hi.y; y++) {
        const k = y * 400 + p.m * 32 + p.d;
        if (k >= lo.y * 400 + lo.m * 32 + lo.d - 40 && k <= hi.y * 400 + hi.m * 32 + hi.d + 40) return y;
      }
      // Outside the printed period: the period year nearest by month.
      return p.m >= lo.m || lo.y === hi.y ? lo.y : hi.y;
    });
    return { years, unsure: false };
  }
  // Walk in chronological direction counting Dec -> Jan rollovers, then place the walk so that the
  // latest row falls in `anchorYear` (the statement date's year), or a row that prints its year keeps it.
  let up = 0,
    down = 0;
  for (let i = 1; i < dates.length; i++) {
    const a = dates[i - 1],
      b = dates[i];
    // A jump from late in the year to early is a year turning over: it counts as moving forward.
    if (a.m >= 10 && b.m <= 3) up++;
    else if (a.m <= 3 && b.m >= 10) down++;
    else if (b.m * 32 + b.d > a.m * 32 + a.d) up++;
    else if (b.m * 32 + b.d < a.m * 32 + a.d) down++;
  }
  const forward = up >= down;
  const offsets = new Array<number>(dates.length);
  let off = 0;
  for (let k = 0; k < dates.length; k++) {
    const i = forward ? k : dates.length - 1 - k;
    const prev = k === 0 ? null : dates[forward ? i - 1 : i + 1];
    if (prev && prev.m >= 10 && dates[i].m <= 3) off++;
    offsets[i] = off;
  }
  const knownIdx = dates.findIndex((p) => p.y !== null);
  let base: number;
  if (knownIdx >= 0) base = dates[knownIdx].y! - offsets[knownIdx];
  else if (ctx.anchorYear) base = ctx.anchorYear - off;
  else {
    // Nothing names the year: the latest row falls in the current year, or in the last if its day is
    // still to come this year (a statement lists no future day), and the rollovers count back from it.
    const now = new Date();
    const latest = dates[forward ? dates.length - 1 : 0];
    const future = latest.m * 32 + latest.d > (now.getUTCMonth() + 1) * 32 + now.getUTCDate();
    base = now.getUTCFullYear() - (future ? 1 : 0) - off;
  }
  const years = dates.map((p, i) => p.y ?? base + offsets[i]);
  return { years, unsure: knownIdx < 0 };
}
