// A figure's minus read from the page's pixels. At 98 dpi down (a fax in standard mode) a printed
// minus is one pixel row, stretched to two or three and broken by the threshold: OCR reads it as a
// quote mark (`"13,159.57`, `“16,134.63`, `«7,805.98`, `*13,070.67`, `~26,066.04`) or not at
// all, while the mark is still plainly on the page: a short flat blob at the digits' middle height,
// just left of the first digit. This looks at the ink itself; it never asks the balances which sign
// would fit (the chain only checks the figure afterwards, as it checks every figure).
// Units: pixels of the cleaned page.
import type { OcrWord } from './ocr-backend.js';
import type { CleanPage } from './page-cleanup.js';

interface Blob {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  n: number;
}

/** Connected ink components (8-neighbour) of bin within [x0, x1) x [y0, y1). */
function blobs(bin: Uint8Array, width: number, x0: number, y0: number, x1: number, y1: number): Blob[] {
  const w = x1 - x0,
    h = y1 - y0;
  const seen = new Uint8Array(w * h);
  const out: Blob[] = [];
  const stack: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (seen[y * w + x] || !bin[(y0 + y) * width + x0 + x]) continue;
      const b: Blob = { x0: x, x1: x, y0: y, y1: y, n: 0 };
      seen[y * w + x] = 1;
      stack.push(y * w + x);
      while (stack.length) {
        const p = stack.pop()!;
        const px = p % w,
          py = (p - px) / w;
        b.n++;
        if (px < b.x0) b.x0 = px;
        if (px > b.x1) b.x1 = px;
        if (py < b.y0) b.y0 = py;
        if (py > b.y1) b.y1 = py;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const nx = px + dx,
              ny = py + dy;
            if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
            const q = ny * w + nx;
            if (seen[q] || !bin[(y0 + ny) * width + x0 + nx]) continue;
            seen[q] = 1;
            stack.push(q);
          }
        }
      }
      out.push({ x0: b.x0 + x0, x1: b.x1 + x0 + 1, y0: b.y0 + y0, y1: b.y1 + y0 + 1, n: b.n });
    }
  }
  return out;
}

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];

/**
 * Whether a minus is printed just left of the figure `word` (its box as OCR gave it, which may or may
 * not hold the mark). The digits are the word's tall blobs; the mark is the ink left of the first of
 * them: one or two pieces that together are flat (at most 0.4 of a digit's height, 0.15-0.9 of it
 * wide), lie at the digits' middle height (centre 30-75% down), and stand within 0.4 of a digit's
 * height of the first digit (measured on faxes: 0.04-0.30; a dash a space before a figure, a filler
 * or a range, stands about 0.5 away). A quote mark sits at the digits' top, a plus is as tall as it is wide,
 * a speck is too small; none of them counts.
 */
export function minusInPixels(page: CleanPage, word: Pick<OcrWord, 'x0' | 'y0' | 'x1' | 'y1'>): boolean {
  return minusMark(page, word) !== null;
}

/** The minus's measurements and the count of digit-high blobs right of it (see minusInPixels), or null. */
export function minusMark(page: CleanPage, word: Pick<OcrWord, 'x0' | 'y0' | 'x1' | 'y1'>): { digits: number } | null {
  const { bin, image } = page;
  const h = word.y1 - word.y0;
  if (h < 8) return null;
  const x0 = Math.max(0, Math.round(word.x0 - 0.9 * h)),
    x1 = Math.min(image.width, Math.round(word.x1 + 0.1 * h));
  const y0 = Math.max(0, Math.round(word.y0 - 0.15 * h)),
    y1 = Math.min(image.height, Math.round(word.y1 + 0.15 * h));
  if (x1 - x0 < 4 || y1 - y0 < 4) return null;
  const all = blobs(bin, image.width, x0, y0, x1, y1);
  const tall = all.filter((b) => b.y1 - b.y0 >= 0.55 * h);
  if (!tall.length) return null;
  const top = median(tall.map((b) => b.y0)),
    bottom = median(tall.map((b) => b.y1));
  const H = bottom - top;
  if (H < 8) return null;
  const first = Math.min(...tall.filter((b) => b.y0 <= top + 0.2 * H && b.y1 >= bottom - 0.2 * H).map((b) => b.x0));
  if (!Number.isFinite(first)) return null;
  // Ink left of the first digit (a blob that reaches under it belongs to the digits).
  const left = all.filter((b) => b.x1 <= first && b.n >= 2);
  if (!left.length || left.length > 2) return null;
  const m = {
    x0: Math.min(...left.map((b) => b.x0)),
    x1: Math.max(...left.map((b) => b.x1)),
    y0: Math.min(...left.map((b) => b.y0)),
    y1: Math.max(...left.map((b) => b.y1)),
    n: left.reduce((s, b) => s + b.n, 0),
  };
  const mw = m.x1 - m.x0,
    mh = m.y1 - m.y0;
  const centre = ((m.y0 + m.y1) / 2 - top) / H;
  const ok = mh <= 0.4 * H && mw >= 0.15 * H && mw <= 0.9 * H && mw >= mh && centre >= 0.3 && centre <= 0.75 && first - m.x1 <= 0.4 * H && m.n >= 0.03 * H * H;
  return ok ? { digits: tall.filter((b) => b.x0 > m.x1).length } : null;
}

/** Marks OCR gives for a broken minus: quotes, guillemets, a star, a tilde, a bullet (never a plus). */
const MINUS_READ_AS = /^["“”‘’'«»*~•·^]{1,2}(?=[£$€]?\d)/u;
/** A figure as OCR reads one (letters it takes for digits included), no sign of its own. */
const FIGURE = /^[£$€]?[\dOoIlSsBZ]{1,3}(?:[,.]?[\dOoIlSsBZ]{3})*[.,][\dOoIlSsBZ]{2}$/;

/**
 * Figure words read without a minus where the page shows one: a quote-like mark OCR put for it is
 * replaced by the minus, and a minus OCR left out is put back when the word's digits are all there
 * beside the mark (when one digit fewer stands right of it, OCR may have read the mark as a digit,
 * `723,519.85` for `-23,519.85`: left as read). A word already holding a sign (minus, plus,
 * parentheses) is never touched. Returns the new words and how many were changed.
 */
export function readMinusMarks(page: CleanPage, words: OcrWord[]): { words: OcrWord[]; changed: number } {
  let changed = 0;
  const out = words.map((w) => {
    const junk = MINUS_READ_AS.exec(w.text)?.[0] ?? '';
    const body = w.text.slice(junk.length);
    if (!FIGURE.test(body)) return w;
    const mark = minusMark(page, w);
    if (!mark) return w;
    if (!junk && mark.digits < (body.match(/[\dOoIlSsBZ]/g)?.length ?? 0)) return w;
    changed++;
    return { ...w, text: `-${body}` };
  });
  return { words: out, changed };
}
