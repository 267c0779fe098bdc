// Word-level fixes of OCR output before the layout reads it, all shaped by what a statement row
// prints: dates whose digits OCR read as letters ("O6 Apr", "I4MAR24", "It APR 2024", "2ist Feb",
// month "Oec"), dates glued to the next word ("6thFeb", "20/02/2024TESCO", "Apr24"), and noise
// that is not in a statement table's alphabet (dust read as `"`, `~`, `:`, `_`). A fix is made only
// where the corrected word is a date in a date's place (before or after a month name), so words of
// descriptions stay as read. Figures are left to the balance chain (digit-repair.ts).
import { leadingCode } from '../classify/type-codes.js';
import type { OcrWord } from './ocr-backend.js';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DIGIT_OF: Record<string, string> = {
  '[': '1',
  ']': '1',
  '{': '1',
  '}': '1',
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  I: '1',
  l: '1',
  i: '1',
  '|': '1',
  '!': '1',
  t: '1',
  L: '1',
  S: '5',
  s: '5',
  B: '8',
  Z: '2',
  z: '2',
  G: '6',
  g: '9',
};
const DIGITISH = '[0-9OoDQIli|!tLSsBZzGg\\[\\]{}]';
const toDigits = (s: string) => [...s].map((c) => DIGIT_OF[c] ?? c).join('');
const MON = `(${MONTHS.join('|')})`;

/** The month a 3-letter word stands for: exact, or one letter off from exactly one month. */
export function fuzzyMonth(text: string): string | null {
  const t = text.replace(/\.$/, '');
  if (!/^[A-Za-z0-9]{3}$/.test(t)) return null;
  const u = t.toUpperCase().replace(/0/g, 'O');
  if (MONTHS.includes(u)) return t;
  const near = MONTHS.filter((m) => [...m].filter((c, i) => c !== u[i]).length === 1);
  if (near.length !== 1) return null;
  const m = near[0];
  // Keep the printed case style (Dec, DEC).
  return /^[A-Z0-9]{3}$/.test(t) ? m : m[0] + m.slice(1).toLowerCase();
}

/** A day of the month as printed before a month name ("06", "6th", "21st"), after undoing letter-for-digit slips. */
export function fuzzyDay(text: string): string | null {
  const m = new RegExp(`^(${DIGITISH}{1,2})(st|nd|rd|th)?\\.?$`).exec(text);
  if (!m || (!/[0-9]/.test(m[1]) && m[1].length === 1 && !m[2])) return null;
  const d = toDigits(m[1]);
  if (!/^\d{1,2}$/.test(d) || +d < 1 || +d > 31) return null;
  return d + (m[2] ?? '');
}

/** Splits a word into parts by their share of its characters, a space's width apart (so the layout sees separate words). */
function split(w: OcrWord, parts: string[]): OcrWord[] {
  const total = parts.reduce((s, p) => s + p.length, 0) + (parts.length - 1) * 0.5;
  const unit = (w.x1 - w.x0) / total;
  let x = w.x0;
  return parts.map((p) => {
    const out = { ...w, text: p, x0: Math.round(x), x1: Math.round(x + unit * p.length) };
    x += unit * (p.length + 0.5);
    return out;
  });
}

// Glued pieces: "6thFeb" / "2istFeb", "Apr24", a numeric date followed by a word.
const GLUED_DAY_MONTH = new RegExp(`^(${DIGITISH}{1,2}(?:st|nd|rd|th)?)[°'".,:]?([A-Za-z]{3,9})$`);
const GLUED_ORDINAL_MONTH = new RegExp(`^(${DIGITISH}{1,2}(?:st|nd|rd|th))[°'".,:]?([A-Za-z]{3,9})$`);
const FULL_MONTHS = ['JANUARY', 'FEBRUARY', 'MARCH', 'APRIL', 'MAY', 'JUNE', 'JULY', 'AUGUST', 'SEPTEMBER', 'OCTOBER', 'NOVEMBER', 'DECEMBER'];
const MONTH_YEAR = /^([A-Za-z]{3})(\d{2}|\d{4})$/;
const DATE_WORD = /^(\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2}))([A-Za-z(].+)$/;
const NUMERIC_DATE = new RegExp(`^${DIGITISH}{1,2}[/.-]${DIGITISH}{1,2}[/.-](${DIGITISH}{4}|${DIGITISH}{2})$`);
const COMPACT_DATE = new RegExp(`^(${DIGITISH}{1,2})${MON}(${DIGITISH}{2})$`, 'i');
/** Dust and rule fragments: nothing a statement table prints as a word of its own. */
const NOISE = /^[~"'`^_=:;«»°|\\]+$/;

function splitGlued(w: OcrWord): OcrWord[] {
  for (const re of [GLUED_ORDINAL_MONTH, GLUED_DAY_MONTH]) {
    const g = re.exec(w.text);
    if (g && fuzzyDay(g[1]) && (fuzzyMonth(g[2]) || FULL_MONTHS.includes(g[2].toUpperCase()))) return split(w, [g[1], g[2]]);
  }
  let m = MONTH_YEAR.exec(w.text);
  if (m && MONTHS.includes(m[1].toUpperCase())) return split(w, [m[1], m[2]]);
  m = DATE_WORD.exec(w.text);
  if (m) return split(w, [m[1], m[2]]);
  return [w];
}

// Letters a payment code's digits stand for when OCR read a code as figures ("00" for DD, "50" for SO).
const LETTER_OF: Record<string, string[]> = { '0': ['O', 'D'], '5': ['S'], '1': ['I', 'L'], '8': ['B'], '6': ['G'], '2': ['Z'] };

/** The payment code a word of digits stands for, when exactly one reading of it is a code. */
function codeOf(text: string): string | null {
  if (!/^[0-9A-Z]{2,3}$/.test(text) || !/\d/.test(text)) return null;
  let reads = [''];
  for (const c of text) reads = reads.flatMap((r) => (LETTER_OF[c] ?? (/[A-Z]/.test(c) ? [c] : [])).map((l) => r + l));
  const codes = reads.filter(leadingCode);
  return codes.length === 1 ? codes[0] : null;
}

/** A numeric date, or the last word of a date set as words (a month name after a day). */
const endsDate = (ws: OcrWord[], i: number): boolean =>
  /^\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})$/.test(ws[i].text) ||
  (i > 0 && fuzzyMonth(ws[i].text) !== null && /^\d{1,2}$/.test(ws[i - 1].text)) ||
  (i > 1 && /^\d{2,4}$/.test(ws[i].text) && fuzzyMonth(ws[i - 1].text) !== null);

/**
 * A payment code read as figures right after the row's date ("02/12/2023 00 TFL TRAVEL" for DD, "50"
 * for SO): in that place a figure of two or three digits is no amount (amounts print decimals), and
 * when exactly one reading of it is a payment code, it is that code.
 */
function fixCodes(ws: OcrWord[]): void {
  for (let i = 1; i < ws.length - 1; i++) {
    if (!endsDate(ws, i - 1)) continue;
    const code = codeOf(ws[i].text);
    if (code) ws[i] = { ...ws[i], text: code };
    return;
  }
}

/** Fixes one backend line (words in reading order). */
function fixLine(words: OcrWord[]): OcrWord[] {
  const ws = words.flatMap(splitGlued);
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i];
    const compact = COMPACT_DATE.exec(w.text);
    if (compact && /\d/.test(w.text)) {
      const d = toDigits(compact[1]),
        y = toDigits(compact[3]);
      if (!/^\d+$/.test(d + y) || +d < 1 || +d > 31) continue;
      // "05Apr24" (a date column glued by OCR) is three words; "13MAR24" in capitals is printed so.
      if (/^[A-Z][a-z]{2}$/.test(compact[2])) {
        ws.splice(i, 1, ...split(w, [d, compact[2], y]));
        i += 2;
      } else ws[i] = { ...w, text: d + compact[2] + y };
      continue;
    }
    // A numeric date with a stray mark after it ("29/05/2024-", "15/04/2024,").
    const marked = /^(\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2}))[-,.;:'"]$/.exec(w.text);
    if (marked) {
      ws[i] = { ...w, text: marked[1] };
      continue;
    }
    if (NUMERIC_DATE.test(w.text) && /\d.*\d/.test(w.text)) {
      ws[i] = { ...w, text: toDigits(w.text) };
      continue;
    }
    const month = fuzzyMonth(w.text);
    if (!month || !/^[A-Za-z]/.test(w.text)) continue;
    const prev = ws[i - 1],
      next = ws[i + 1];
    // A day without any digit ("It", "ist") only at the start of the line: "to Jan" stays words.
    const day = prev && (/\d/.test(prev.text) || i === 1) ? fuzzyDay(prev.text) : null;
    // A month word only counts as one in a date: after a day ("O6 Apr") or before a year ("Oec 2023").
    const year = next && /^(19|20)?\d{2}$/.test(toDigits(next.text)) ? toDigits(next.text) : null;
    if (day === null && year === null) continue;
    if (month !== w.text.replace(/\.$/, '')) ws[i] = { ...w, text: month };
    if (day !== null && prev) ws[i - 1] = { ...prev, text: day };
    if (year !== null && next && day !== null && /[^0-9]/.test(next.text)) ws[i + 1] = { ...next, text: year };
  }
  fixCodes(ws);
  dropMarginDust(ws);
  return ws;
}

/** A mark counts as dust in the margin when the gap after it is this many times the date's height. */
const MARGIN_GAP = 3;
/** Confidence (0-100) under which a lone mark before a date is dust rather than a word. */
const DUST_CONF = 80;

/**
 * A lone unsure mark far to the left of a row's date ("i", "[", "s", "3" at the page's shadowed edge
 * in a phone photo): the table reader took it as the row's first cell, so the date was not read and
 * the row took the date of the row above. A word of one or two characters, read unsure, a wide gap
 * (several times the date's height) before a date that starts the rest of the line, is no cell of the
 * table: it is dropped. Only the mark goes; the date was read on its own and the row's other words stay.
 */
function dropMarginDust(ws: OcrWord[]): void {
  if (ws.length < 3) return;
  const [mark, first] = ws;
  if (mark.text.length > 2 || mark.conf >= DUST_CONF) return;
  const height = first.y1 - first.y0;
  if (height <= 0 || first.x0 - mark.x1 < MARGIN_GAP * height) return;
  if (!endsDate(ws, 1) && !endsDate(ws, 2)) return;
  ws.shift();
}

/**
 * A year after a month name that no statement prints ("8 March 2624") is read as the page's usual
 * year when the page has one; the word keeps a low confidence, so the row is named as unsure.
 */
function fixYears(lines: OcrWord[][]): void {
  const years = new Map<string, number>();
  const slots: { line: OcrWord[]; i: number; numeric?: RegExpExecArray }[] = [];
  for (const l of lines) {
    for (let i = 0; i < l.length; i++) {
      // A numeric date's year ("01/12/2300") counts like a year after a month name.
      const numeric = NUMERIC_YEAR.exec(l[i].text);
      const y = numeric ? numeric[2] : l[i].text;
      if (!numeric && (i === 0 || !/^\d{4}$/.test(y) || !(fuzzyMonth(l[i - 1].text) || FULL_MONTHS.includes(l[i - 1].text.toUpperCase())))) continue;
      if (plausibleYear(+y)) years.set(y, (years.get(y) ?? 0) + 1);
      else slots.push({ line: l, i, numeric: numeric ?? undefined });
    }
  }
  const usual = [...years.entries()].sort((a, b) => b[1] - a[1]);
  const known = usual.length && !(usual[1] && usual[1][1] * 2 > usual[0][1]) ? usual[0][0] : null;
  for (const { line, i, numeric } of slots) {
    // Without a usual year the impossible one is refused: the date keeps its day and month only.
    const year = known ?? '';
    const text = numeric ? (known ? numeric[1] + year : numeric[1].slice(0, -1)) : year;
    line[i] = { ...line[i], text, conf: Math.min(line[i].conf, 50) };
  }
}

/** Years a statement prints: 1900-2099 (OCR turns "Dec23°" or "2023" into 2300, 2623 ...). */
const plausibleYear = (y: number) => y >= 1900 && y <= 2099;
const NUMERIC_YEAR = /^(\d{1,2}[/.-]\d{1,2}[/.-])(\d{4})$/;

/**
 * Fixes of single words whose shape says what they are: a currency label in brackets with a
 * bracket misread ("(£}", "(€)." in a header), a figure with a section sign for a 5 ("-§,278.20":
 * no figure prints a §; the balance chain still checks the figure), and a two-letter code with its
 * slash read as a letter ("DID", "S1O" for D/D, S/O) when the slashed form is a code and the word is not.
 */
function fixWord(text: string): string {
  const cur = /^([([{])?([£€$])([)\]}|])?[.,:;_]*$/.exec(text);
  if (cur && (cur[1] || cur[3])) return `(${cur[2]})`;
  if (text.includes('§') && FIGURE_5.test(text)) return text.replace(/§/g, '5');
  const code = /^([A-Z])[I1l|]([A-Z])$/.exec(text);
  if (code && !leadingCode(text) && leadingCode(`${code[1]}/${code[2]}`)) return `${code[1]}/${code[2]}`;
  return text;
}
const FIGURE_5 = /^[-+(£$€]?[\d§]{1,3}(?:,[\d§]{3})*\.\d{2}\)?-?$/;

export function fixOcrWords(words: OcrWord[]): OcrWord[] {
  const lines = new Map<number, OcrWord[]>();
  for (const w of words) {
    if (NOISE.test(w.text)) continue;
    // Leading dust glued onto a word ("~Visa", "__-sODirect" keeps its letters after the dust).
    // Trailing colons, semicolons and degree signs are dust too ("24:", "Dec23°"); curly quotes either side.
    const text = fixWord(w.text.replace(/^[~"'`^_=«»“”‘’]+(?=[\p{L}\p{N}(£€$])/u, '').replace(/(?<=[\p{L}\p{N})])[~"`^_=«»:;°“”‘’]+$/u, ''));
    let l = lines.get(w.line);
    if (!l) lines.set(w.line, (l = []));
    l.push(text === w.text ? w : { ...w, text });
  }
  const fixed = [...lines.values()].map((l) => fixLine(l.sort((a, b) => a.x0 - b.x0)));
  fixYears(fixed);
  return fixed.flat().filter((w) => w.text);
}
