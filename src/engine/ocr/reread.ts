// A second look at the words OCR was unsure of. Their boxes are cut from the cleaned page and
// stacked into one strip image (one word per line, so ONE extra backend call per page, not one per
// word), read again as single words; figure-shaped words go in a second strip read with a digit
// whitelist. A word's new reading replaces the old one only when OCR is clearly surer of it;
// figures are never replaced here: their second reading is offered to the balance chain as an
// alternative (digit-repair.ts keeps it only if the printed balances then agree).
import { createCanvas, ImageData } from '@napi-rs/canvas';
import type { OcrBackend, OcrWord } from './ocr-backend.js';
import { otsu, type CleanPage } from './page-cleanup.js';
import { recognizePage } from './recognize.js';

/** Words below this confidence (0-100) are read again. */
export const REREAD_BELOW = 80;
/**
 * Figures are read again below this: on noisy 300 dpi scans a full-page reading gave `1,597.20` as
 * `4,597.20` at 84-85%, and digit repair then found two equal corrections and made neither; the same
 * word cut out reads right at 96%. Its second reading is only offered to the balance chain.
 */
export const REREAD_FIGURES_BELOW = 90;
/** At most this many words per page and strip (bounds the extra OCR time). */
const MAX_WORDS = 60;
/** A new reading replaces the old when it is this much surer. */
const SURER_BY = 10;
const FIGURE_CHARS = '0123456789.,-()£$€';
const FIGURE_SHAPED = /^[-+(£$€]?[\dOoIlSsBZ.,]*\d[\dOoIlSsBZ.,]*[.,][\dOoIlSsBZ]{2}\)?-?$/;

export interface RereadOutcome {
  words: OcrWord[];
  /** Second readings of figure words, by index into words: for the balance chain to try. */
  alternatives: Map<number, string>;
}

interface Cut {
  index: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * A cut's ink: thresholded on its own (Otsu over the cut's grey) when the page's grey is at hand. One
 * page-wide threshold suits the page on average; on noisy scans it thinned a 1 into a 4 that the same
 * word, read in a band cleaned on its own, did not show.
 */
function cutInk(page: CleanPage, c: Cut, local: boolean): (dx: number, dy: number) => boolean {
  const { bin, grey, image } = page;
  if (!local || !grey) return (dx, dy) => bin[(c.y + dy) * image.width + c.x + dx] === 1;
  const own = new Uint8Array(c.w * c.h);
  for (let dy = 0; dy < c.h; dy++) own.set(grey.subarray((c.y + dy) * image.width + c.x, (c.y + dy) * image.width + c.x + c.w), dy * c.w);
  const thr = otsu(own);
  return (dx, dy) => own[dy * c.w + dx] <= thr;
}

async function strip(page: CleanPage, words: OcrWord[], picks: number[], local = false): Promise<{ png: Buffer; width: number; height: number; cuts: Cut[] }> {
  const { image } = page;
  const cuts: Cut[] = [];
  let y = 20,
    width = 0;
  for (const i of picks) {
    const w = words[i];
    const pad = Math.round((w.y1 - w.y0) * 0.35);
    const x0 = Math.max(0, w.x0 - pad),
      y0 = Math.max(0, w.y0 - pad);
    const x1 = Math.min(image.width, w.x1 + pad),
      y1 = Math.min(image.height, w.y1 + pad);
    if (x1 <= x0 || y1 <= y0) continue;
    cuts.push({ index: i, x: x0, y: y0, w: x1 - x0, h: y1 - y0 });
    width = Math.max(width, x1 - x0 + 40);
    y += (y1 - y0) * 2;
  }
  const height = y + 20;
  const rgba = new Uint8ClampedArray(width * height * 4).fill(255);
  let at = 20;
  for (const c of cuts) {
    const ink = cutInk(page, c, local);
    for (let dy = 0; dy < c.h; dy++) {
      for (let dx = 0; dx < c.w; dx++) {
        if (!ink(dx, dy)) continue;
        const o = ((at + dy) * width + 20 + dx) * 4;
        rgba[o] = rgba[o + 1] = rgba[o + 2] = 0;
      }
    }
    (c as Cut & { at: number }).at = at;
    at += c.h * 2;
  }
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').putImageData(new ImageData(rgba, width, height), 0, 0);
  // Encoded synchronously: a canvas the collector frees during its threaded encode() crashes the
  // process (V8 need not keep a local alive across an await it is not used after).
  const png = canvas.encodeSync('png');
  return { png, width, height, cuts };
}

async function readStrip(
  backend: OcrBackend,
  page: CleanPage,
  words: OcrWord[],
  picks: number[],
  pageNo: number,
  timeoutMs: number,
  whitelist?: string,
): Promise<Map<number, { text: string; conf: number }>> {
  const out = new Map<number, { text: string; conf: number }>();
  if (!picks.length) return out;
  const s = await strip(page, words, picks, whitelist !== undefined);
  if (!s.cuts.length) return out;
  const got = await recognizePage(backend, { png: s.png, width: s.width, height: s.height }, pageNo, timeoutMs, { psm: 6, whitelist });
  for (const c of s.cuts as (Cut & { at: number })[]) {
    const mine = got
      .filter((g) => {
        const cy = (g.y0 + g.y1) / 2;
        return cy >= c.at && cy < c.at + c.h;
      })
      .sort((a, b) => a.x0 - b.x0);
    if (!mine.length) continue;
    out.set(c.index, { text: mine.map((g) => g.text).join(mine.length > 1 && !whitelist ? ' ' : ''), conf: Math.min(...mine.map((g) => g.conf)) });
  }
  return out;
}

export async function rereadUnsure(backend: OcrBackend, page: CleanPage, words: OcrWord[], pageNo: number, timeoutMs: number): Promise<RereadOutcome> {
  const unsure = (below: number, figure: boolean) =>
    words
      .map((w, i) => i)
      .filter((i) => words[i].conf < below && words[i].text.length >= 2 && FIGURE_SHAPED.test(words[i].text) === figure)
      .sort((a, b) => words[a].conf - words[b].conf)
      .slice(0, MAX_WORDS);
  const figures = unsure(REREAD_FIGURES_BELOW, true);
  const others = unsure(REREAD_BELOW, false);
  const [w2, f2] = [
    await readStrip(backend, page, words, others, pageNo, timeoutMs),
    await readStrip(backend, page, words, figures, pageNo, timeoutMs, FIGURE_CHARS),
  ];
  const out = words.slice();
  for (const [i, r] of w2) {
    // One word in, one word out: a reading that splits or drops the word is not a clearer look.
    if (r.conf >= words[i].conf + SURER_BY && !/\s/.test(r.text) && r.text.length >= words[i].text.length - 1)
      out[i] = { ...words[i], text: r.text, conf: r.conf };
  }
  const alternatives = new Map<number, string>();
  for (const [i, r] of f2) if (r.text !== words[i].text) alternatives.set(i, r.text);
  return { words: out, alternatives };
}

/** rereadUnsure with the figure alternatives attached to their words (`alt`), sign kept as printed. */
export async function rereadWords(backend: OcrBackend, page: CleanPage, words: OcrWord[], pageNo: number, timeoutMs: number): Promise<OcrWord[]> {
  const r = await rereadUnsure(backend, page, words, pageNo, timeoutMs);
  for (const [i, text] of r.alternatives) {
    const digits = text.replace(/[-()]/g, '');
    // A second reading never flips a printed sign: the sign marks of the first reading are kept.
    const was = words[i].text;
    const lead = /^[-(]/.exec(was)?.[0] ?? '',
      trail = /[-)]$/.exec(was)?.[0] ?? '';
    const alt = lead + digits.replace(/^[£$€]?/, (m) => (was.includes(m) ? m : '')) + trail;
    if (alt !== was) r.words[i] = { ...r.words[i], alt };
  }
  return r.words;
}
