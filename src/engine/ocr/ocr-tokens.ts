// OCR words -> layout tokens. The layout measures everything in ems of the font, so an OCR word
// needs a baseline and a font size: both are estimated from its box (after deskew). Coordinates
// come out in the unit the caller asks for: PDF points for rendered PDF pages (scale 72/dpi),
// image pixels for uploaded images (scale 1).
import type { Token } from '../layout/types.js';
import { estimateSkew, unrotate } from './deskew.js';
import type { OcrWord } from './ocr-backend.js';
import { fixOcrWords } from './ocr-words.js';

// Shares of the em that a word's box covers, by the glyphs it holds (Helvetica/Arial-like faces):
// descenders take the box to ~0.93 em, capitals and digits alone ~0.72 em, x-height letters ~0.52 em.
const DESC = /[gjpqy,;()[\]{}|@$Q]/;
const TALL = /[A-Z0-9bdfhklt£€#%&!?/\\]/;
function emOfBox(text: string, h: number): number {
  if (DESC.test(text)) return h / (TALL.test(text) ? 0.93 : 0.75);
  if (TALL.test(text)) return h / 0.72;
  return h / 0.52;
}

export interface PageWords {
  page: number;
  words: OcrWord[];
}

export interface TokenOptions {
  /** Output units per image pixel. */
  scale: number;
  /** Words below this confidence (0-100) that are pure punctuation noise are dropped. */
  noiseConf?: number;
}

export interface PageTokens {
  tokens: Token[];
  /** OCR confidence (0-100) of each token's word, parallel to tokens. */
  confs: number[];
  /** Second readings of figure words (reread.ts), parallel to tokens. */
  alts: (string | undefined)[];
  /** Skew removed, radians. */
  skew: number;
}

const lowerMedian = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] ?? 0;
};

const median = (xs: number[]) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

export function ocrTokens(pw: PageWords, opts: TokenOptions): PageTokens {
  const noiseConf = opts.noiseConf ?? 40;
  // Scanner dust reads as '.', ',', '|', '~' with low confidence; it would glue onto numbers.
  // Signs stay: a lost minus changes money, and the balance check can drop a false one.
  const words = fixOcrWords(pw.words.filter((w) => w.text.trim() && !(w.conf < noiseConf && /^[^\p{L}\p{N}\-\u2212()]+$/u.test(w.text.trim()))));
  const skew = estimateSkew(words);
  const sin = Math.abs(Math.sin(skew));
  const placed = words.map((w) => {
    const [cx, cy] = unrotate((w.x0 + w.x1) / 2, (w.y0 + w.y1) / 2, skew);
    const width = w.x1 - w.x0;
    // The axis-aligned box of a tilted word is taller by width x sin(angle).
    const h = Math.max(1, w.y1 - w.y0 - width * sin);
    return { w, cx, cy, width, h, em: emOfBox(w.text, h) };
  });
  // One em per backend line (robust to a word whose box was misjudged), then snapped to the page's
  // usual size when close, so rows of one table keep one size (the layout compares sizes).
  // A word's box can take in a speck or a rule fragment beside it, so a line's size is the page's
  // usual size whenever any of its words has that size; only a line of words all of another size
  // (a heading) keeps its own (the lower median: one inflated box of two cannot decide).
  const lineEms = new Map<number, number[]>();
  for (const p of placed) {
    let l = lineEms.get(p.w.line);
    if (!l) lineEms.set(p.w.line, (l = []));
    l.push(p.em);
  }
  const pageEm = median(placed.map((p) => p.em));
  const near = (em: number) => Math.abs(em - pageEm) <= pageEm * 0.25;
  const lineEm = new Map<number, number>();
  for (const [id, ems] of lineEms) lineEm.set(id, ems.some(near) ? pageEm : lowerMedian(ems));
  const tokens: Token[] = placed.map((p) => {
    const em = lineEm.get(p.w.line)!;
    // Baseline: the box centre sits about 0.3 em above it for mixed text.
    const y = (p.cy + em * 0.3) * opts.scale;
    const x0 = (p.cx - p.width / 2) * opts.scale;
    return {
      text: normaliseText(p.w.text),
      x0,
      x1: x0 + p.width * opts.scale,
      y,
      page: pw.page,
      em: em * opts.scale,
      lh: em * 1.2 * opts.scale,
    };
  });
  return { tokens, confs: placed.map((p) => p.w.conf), alts: placed.map((p) => p.w.alt), skew };
}

/** Typographic variants OCR returns that carry no meaning of their own. Never touches digits. */
export function normaliseText(t: string): string {
  return t
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010\u2011\u2012\u2013\u2014]/g, '-');
}
