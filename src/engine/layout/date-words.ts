// Reads printed dates: "12 Mar", "12 Mar 2014", "12-Mar-14", "Mar 12, 2014", "12/03/2014", "12.03.22",
// "19.01.", "2026-04-02", "01 sep", "01 mei.", "17 september 2019". Order and year are settled later
// for the whole statement (see statement-dates.ts).
import { fullYear, monthOf, parseDateString, valid } from './date-text.js';
import type { DateParts, Token } from './types.js';
import { kindOf } from './word-kinds.js';

export { monthOf, parseDateString } from './date-text.js';

export interface DateHit {
  date: DateParts;
  /** Number of words consumed from the start index. */
  n: number;
  text: string;
}

/**
 * Widest gap between the words of one printed date, in ems of its line: a date set as words ("12 Mar
 * 2014") is spaced about 0.3 em, wide tracking up to about 1; a wider gap is the next column.
 */
export const DATE_WORD_GAP_EM = 1.2;

/**
 * Reads a date starting at words[i], joining up to three words ("12 Mar 2014", "Mar 12, 2014").
 * A two-digit year ("12 Mar 24") is joined only when the caller knows where the date column ends
 * (`yearLimitX`, the x its words must not pass): elsewhere a "24" after a date is text.
 */
export function parseDateWords(words: readonly Token[], i: number, maxGap = Infinity, yearLimitX?: number, inDateColumn = false): DateHit | null {
  const w0 = words[i];
  if (!w0) return null;
  // Each word's own reading (a whole date, a day, a month's name, a year) was made once (word-kinds.ts):
  // here they are only joined by position.
  const k0 = kindOf(w0);
  // A word that is no date, day or month's name starts none (but "02-06" may, under a date column).
  if (!k0.date && k0.day < 0 && !k0.month && !inDateColumn) return null;
  const near = (k: number) => k < words.length && words[k].x0 - words[k - 1].x1 <= maxGap;
  const yearOk = (w: Token, y: string) => y.length === 4 || (yearLimitX !== undefined && /^\d{2}$/.test(y) && w.x1 <= yearLimitX);
  // A footnote mark on a full date ("02/15/25*": the posting date, as the page's key says) is no part
  // of it, nor is a cell rule that text extraction glued to it ("02/04/2026|" before the time cell).
  const text = k0.dateText ?? w0.text;
  const single = k0.date;
  if (single && (single.y !== null || single.named)) return { date: single, n: 1, text };
  // ("23 / 06 / 2025" starts with a day.)
  const spaced = k0.day >= 0 ? spacedNumeric(words, i, near) : null;
  if (spaced) return spaced;
  const day0 = k0.day;
  if (day0 >= 0 && near(i + 1)) {
    // Spanish and Portuguese join the parts with "de": "14 de mar. 2026", "3 de marzo de 2024".
    const of = (k: number) => near(k) && /^(de|del)$/i.test(words[k].text);
    const m = of(i + 1) ? i + 2 : i + 1;
    const mo = near(m) ? kindOf(words[m]).month : 0;
    if (mo && valid(day0, mo)) {
      let n = m - i + 1;
      let y: number | null = null;
      const yk = of(m + 1) ? m + 2 : m + 1;
      if (near(yk)) {
        const ym = kindOf(words[yk]).year;
        // Two digits before a month name start the next date ("19 Apr 19 Apr": a booking and a value
        // date, their years on the line below), not this one's year.
        const nextDate = ym?.length === 2 && near(yk + 1) && kindOf(words[yk + 1]).month !== 0;
        if (ym && yearOk(words[yk], ym) && !nextDate) {
          y = fullYear(ym);
          n = yk - i + 1;
        }
      }
      return {
        date: { a: day0, b: mo, y, named: true, order: 'dmy' },
        n,
        text: words
          .slice(i, i + n)
          .map((w) => w.text)
          .join(' '),
      };
    }
  }
  const mo0 = k0.month;
  if (mo0 && near(i + 1)) {
    const d1 = kindOf(words[i + 1]).day;
    if (d1 >= 0 && valid(d1, mo0)) {
      let n = 2;
      let y: number | null = null;
      if (near(i + 2)) {
        const ym = kindOf(words[i + 2]).year;
        if (ym && yearOk(words[i + 2], ym)) {
          y = fullYear(ym);
          n = 3;
        }
      }
      return {
        date: { a: d1, b: mo0, y, named: true, order: 'dmy' },
        n,
        text: words
          .slice(i, i + n)
          .map((w) => w.text)
          .join(' '),
      };
    }
  }
  if (single) return { date: single, n: 1, text: w0.text };
  // "02-06" with no year: under a date column's header a day and a month (Rabobank), elsewhere too
  // often a range or a code to read as one.
  const dm = inDateColumn ? DAY_MONTH_HYPHEN.exec(text) : null;
  if (dm) {
    const a = Number(dm[1]),
      b = Number(dm[2]);
    if (valid(a, b) || valid(b, a)) return { date: { a, b, y: null, named: false, order: null }, n: 1, text };
  }
  return null;
}
const DAY_MONTH_HYPHEN = /^(\d{1,2})-(\d{1,2})$/;

/** "23 / 06 / 2025": a numeric date whose separators stand apart as words of their own (AU Bank cards). */
function spacedNumeric(words: readonly Token[], i: number, near: (k: number) => boolean): DateHit | null {
  if (i + 4 >= words.length || !/^\d{1,2}$/.test(words[i].text) || !/^[/.-]$/.test(words[i + 1].text)) return null;
  for (let k = i + 1; k <= i + 4; k++) if (!near(k)) return null;
  if (words[i + 3].text !== words[i + 1].text || !/^\d{1,2}$/.test(words[i + 2].text) || !/^\d{4}$/.test(words[i + 4].text)) return null;
  const text = words
    .slice(i, i + 5)
    .map((w) => w.text)
    .join('');
  const date = parseDateString(text);
  return date ? { date, n: 5, text } : null;
}

/**
 * Finds every full date (with a year) in free text, in order. ISO result strings (YYYY-MM-DD). Numeric
 * dates are read day first unless one of them can only be month first ("11/18/2020") and none can only
 * be day first: then the text writes them all month first.
 */
export function fullDatesIn(text: string): { iso: string; index: number; end: number }[] {
  const found = datesIn(text);
  let dayFirst = 0,
    monthFirst = 0;
  for (const f of found) {
    if (f.parts.order !== null) continue;
    if (f.parts.a > 12) dayFirst++;
    else if (f.parts.b > 12) monthFirst++;
  }
  const mdy = monthFirst > 0 && dayFirst === 0;
  const out: { iso: string; index: number; end: number }[] = [];
  for (const { parts, index, end } of found) {
    const [d, mo] = parts.order === 'mdy' || (parts.order === null && mdy) ? [parts.b, parts.a] : [parts.a, parts.b];
    if (valid(d, mo)) out.push({ iso: `${parts.y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`, index, end });
  }
  return out;
}

function datesIn(text: string): { parts: DateParts & { y: number }; index: number; end: number }[] {
  const out: { parts: DateParts & { y: number }; index: number; end: number }[] = [];
  const re =
    /((?<!\d)\d{4}-\d{2}-\d{2}(?!\d))|(\d{1,2}[./]\d{1,2}[./]\d{4}|(?<!\d)\d{1,2}-\d{1,2}-(?:19|20)\d{2}(?!\d))|(\d{1,2}(?:st|nd|rd|th)?\.?\s?[A-Za-zÀ-ÿ]{3,9}\.?,?\s\d{4})|([A-Za-zÀ-ÿ]{3,9}\.?\s\d{1,2}(?:st|nd|rd|th)?,?\s\d{4})/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const s = m[0];
    let parts: DateParts | null = null;
    if (m[4]) {
      const mm = /^([A-Za-zÀ-ÿ]{3,9})\.?\s(\d{1,2})(?:st|nd|rd|th)?,?\s(\d{4})$/.exec(s);
      const mo = mm ? monthOf(mm[1]) : null;
      if (mm && mo) parts = { a: Number(mm[2]), b: mo, y: Number(mm[3]), named: true, order: 'dmy' };
    } else if (m[3]) {
      const mm = /^(\d{1,2})(?:st|nd|rd|th)?\.?\s?([A-Za-zÀ-ÿ]{3,9})\.?,?\s(\d{4})$/.exec(s);
      const mo = mm ? monthOf(mm[2]) : null;
      if (mm && mo) parts = { a: Number(mm[1]), b: mo, y: Number(mm[3]), named: true, order: 'dmy' };
    } else {
      parts = parseDateString(s);
    }
    if (parts && parts.y !== null) out.push({ parts: { ...parts, y: parts.y }, index: m.index, end: m.index + s.length });
  }
  return out;
}
