// Page orientation from the text itself. A page scanned turned by 90, 180 or 270 degrees is read by
// OCR as it lies and gives noise (low-confidence fragments), not statement words. So a page's
// reading is scored by how many of its words read as what statements print (figures, dates, month
// names, confident words), and a page that scores poorly is tried turned each way on a band across
// its middle; the turn whose words read best is kept. Works the same with every backend (no OSD
// model needed). Pure: pixels and words in, a number out.
import type { OcrWord } from './ocr-backend.js';
import type { GreyPage } from './page-cleanup.js';

export type Turn = 0 | 90 | 180 | 270;

const MONEY = /^[-+(£$€]*\d{1,3}(?:[,.' ]?\d{3})*[.,]\d{2}\)?(?:-|CR|DR|cr|dr)?$/;
const DATE = /^\d{1,2}[/.-]\d{1,2}[/.-](?:\d{2}|\d{4})$|^\d{1,2}[-.\s]?[A-Za-z]{3}[-.\s]?\d{0,4}$/;
const MONTH = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?$/i;
/** A word of letters with at least one vowel: what a description or heading prints. */
const WORD = /^[A-Za-z][a-z]{2,}$|^[A-Z]{2,}$/;

/** Whether OCR read this word as something a statement prints, confidently enough to count. */
export function readsAsStatementWord(w: OcrWord): boolean {
  const t = w.text.replace(/^["'“”‘’:;|_~]+|["'“”‘’:;|_~.,]+$/g, '');
  if (w.conf >= 60 && (MONEY.test(t) || DATE.test(t) || MONTH.test(t))) return true;
  return w.conf >= 80 && WORD.test(t) && /[aeiouyAEIOUY]/.test(t);
}

/** Words that read as statement words (figures and dates count double: they are what a table holds). */
export function readingScore(words: OcrWord[]): number {
  let s = 0;
  for (const w of words) {
    if (!readsAsStatementWord(w)) continue;
    const t = w.text;
    s += /\d/.test(t) ? 2 : 1;
  }
  return s;
}

/**
 * A reading good enough that the page is taken to be upright: at least 20 points and half of its
 * words statement words. Anything less (a sparse page, or noise) has its orientation tried.
 */
export function readsUpright(words: OcrWord[]): boolean {
  const good = words.filter(readsAsStatementWord).length;
  return readingScore(words) >= 20 && good >= words.length * 0.5;
}

/**
 * A reading that is mostly noise: ten words or more, fewer than 40% of them statement words. Even a
 * page of small print (terms, a notice) reads at well over half; a page read the wrong way up at
 * under a fifth.
 */
export function readsAsNoise(words: OcrWord[]): boolean {
  return words.length >= 10 && words.filter(readsAsStatementWord).length < words.length * 0.4;
}

/** The page turned clockwise by `turn` degrees (pixels copied; dpi kept). */
export function turnGrey(p: GreyPage, turn: Turn): GreyPage {
  if (turn === 0) return p;
  const { width: w, height: h, grey } = p;
  const out = new Uint8Array(w * h);
  if (turn === 180) {
    for (let i = 0, n = w * h; i < n; i++) out[n - 1 - i] = grey[i];
    return { ...p, grey: out };
  }
  // 90 clockwise: the source's column x becomes row x, its row y column (h - 1 - y); 270 the other way.
  for (let y = 0; y < h; y++) {
    const row = y * w;
    if (turn === 90) for (let x = 0; x < w; x++) out[x * h + (h - 1 - y)] = grey[row + x];
    else for (let x = 0; x < w; x++) out[(w - 1 - x) * h + y] = grey[row + x];
  }
  return { ...p, width: h, height: w, grey: out };
}

/**
 * The band trial readings look at (shares of the page's height): the 40% of the page holding the
 * most ink, so a sparse page (a last page of eight rows near its top, turned upside down: the rows
 * near its bottom) is tried where its text is, not on blank paper.
 */
export function inkBand(p: GreyPage, share = 0.4): [number, number] {
  const step = Math.max(1, Math.round(p.dpi / 75));
  const rows: number[] = [];
  for (let y = 0; y < p.height; y += step) {
    let ink = 0;
    for (let x = 0; x < p.width; x += step) if (p.grey[y * p.width + x] < 128) ink++;
    rows.push(ink);
  }
  const n = Math.max(1, Math.round(rows.length * share));
  let sum = 0;
  for (let i = 0; i < Math.min(n, rows.length); i++) sum += rows[i];
  let best = sum,
    at = 0;
  for (let i = n; i < rows.length; i++) {
    sum += rows[i] - rows[i - n];
    if (sum > best) {
      best = sum;
      at = i - n + 1;
    }
  }
  if (!best) return [0.3, 0.7];
  const from = Math.min(1 - share, at / rows.length);
  return [from, from + share];
}

/** A band of rows across the page (shares of its height), for trial readings. */
export function band(p: GreyPage, from: number, to: number): GreyPage {
  const y0 = Math.max(0, Math.floor(p.height * from)),
    y1 = Math.min(p.height, Math.ceil(p.height * to));
  return { ...p, height: y1 - y0, grey: p.grey.slice(y0 * p.width, y1 * p.width) };
}

/**
 * The turn to read the page at, from trial scores per turn (0 included): the best, when it beats
 * the upright reading clearly (half as much again, and at least 8 points); else 0.
 */
export function chooseTurn(scores: Record<Turn, number>): Turn {
  let best: Turn = 0;
  for (const t of [90, 180, 270] as const) if (scores[t] > scores[best]) best = t;
  return best !== 0 && scores[best] >= 8 && scores[best] >= scores[0] * 1.5 ? best : 0;
}

/** Share of ink in a binarised page (1 = ink): a page under ~0.1% ink is blank paper. */
export function inkShare(bin: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < bin.length; i++) n += bin[i];
  return bin.length ? n / bin.length : 0;
}
