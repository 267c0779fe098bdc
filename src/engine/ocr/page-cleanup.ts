// Page clean-up before OCR, on the pixels: scale to about 300 dpi (OCR reads glyphs best at a cap
// height of ~25-35 px), straighten the page (projection profiles over small angles), binarise
// (Otsu) and remove dust (small dark specks with no ink near them). Pure computation on a grey
// bitmap; the canvas only does the one resampling step (rotate + scale in one pass).
// Units: pixels; angles in radians, positive = text runs downhill to the right (as deskew.ts).
import { createCanvas, ImageData } from '@napi-rs/canvas';
import type { OcrImage } from './ocr-backend.js';
import { isolatedInk, lightSpread, majority3, normaliseBackground } from './page-filters.js';

export interface GreyPage {
  width: number;
  height: number;
  /** One byte per pixel, 0 black .. 255 white. */
  grey: Uint8Array;
  /** Resolution of the bitmap, dots per inch (estimated when the file does not say). */
  dpi: number;
  /**
   * The page was cut out of a photo and made upright (perspective.ts): its light is evened whatever
   * its tiles measure. A photo's light is never even, and with the table cut away a shadow over one
   * corner covers under a tenth of the tiles, which the spread below does not see (a phone photo's
   * shadowed header then thresholded to a black patch and its year was lost).
   */
  photo?: boolean;
}

export interface CleanPage {
  image: OcrImage;
  /** The binarised page, 1 = ink, row-major at image.width (for second readings of words). */
  bin: Uint8Array;
  /**
   * The page's grey pixels after straightening and light evening, before the one page-wide threshold
   * (at image.width): a second reading of a word thresholds its own crop (reread.ts).
   */
  grey?: Uint8Array;
  /** Input pixels per output pixel (output coordinates x scale = input coordinates). */
  scale: number;
  /** Skew removed, radians. */
  skew: number;
  /**
   * Steps the page's measurements called for ('upscaled', 'deskewed', 'light evened', 'speckle
   * removed'; read-page.ts adds 'perspective corrected' for a photo made upright before clean-up).
   */
  applied: string[];
}

/** Paper brightness spread (grey levels) above which the light is evened out first (page-filters.ts). */
const UNEVEN_LIGHT = 40;
/** Share of isolated ink pixels above which the page is speckled and gets a 3 x 3 median. */
const SPECKLED = 0.0005;

/** Resolution OCR is given; scans below MIN_DPI are scaled up to it. */
export const OCR_DPI = 300;
const MIN_DPI = 260;
/** Largest tilt searched; a page tilted more is left as it is (deskew.ts still corrects words). */
const MAX_SKEW_DEG = 3;

export function rgbaToGrey(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Uint8Array {
  const g = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < g.length; i++, j += 4) {
    // Luma, with transparent pixels taken as white paper.
    const a = rgba[j + 3];
    const l = (rgba[j] * 77 + rgba[j + 1] * 150 + rgba[j + 2] * 29) >> 8;
    g[i] = a === 255 ? l : 255 - (((255 - l) * a) >> 8);
  }
  return g;
}

/** Otsu's threshold of a grey histogram: pixels at or below it are ink. */
export function otsu(grey: Uint8Array): number {
  const hist = new Float64Array(256);
  for (let i = 0; i < grey.length; i++) hist[grey[i]]++;
  const total = grey.length;
  let sum = 0;
  for (let t = 0; t < 256; t++) sum += t * hist[t];
  let sumB = 0,
    wB = 0,
    best = 0,
    at = 127;
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (!wB) continue;
    const wF = total - wB;
    if (!wF) break;
    sumB += t * hist[t];
    const mB = sumB / wB,
      mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      at = t;
    }
  }
  return at;
}

/**
 * Skew by projection profiles: the angle at which ink rows are sharpest (largest sum of squared row
 * counts). Measured on a copy reduced to ~100 dpi; coarse 0.25° steps, then 0.05° around the best.
 */
export function estimatePixelSkew(p: GreyPage): number {
  const step = Math.max(1, Math.round(p.dpi / 100));
  const thr = otsu(p.grey);
  const xs: number[] = [],
    ys: number[] = [];
  for (let y = 0; y < p.height; y += step) {
    for (let x = 0; x < p.width; x += step)
      if (p.grey[y * p.width + x] <= thr) {
        xs.push(x / step);
        ys.push(y / step);
      }
  }
  if (xs.length < 200) return 0;
  const h = Math.ceil(p.height / step) + Math.ceil(p.width / step);
  const bins = new Float64Array(h * 2);
  const score = (deg: number) => {
    const t = Math.tan((deg * Math.PI) / 180);
    bins.fill(0);
    for (let i = 0; i < xs.length; i++) bins[Math.round(ys[i] - xs[i] * t) + h]++;
    let s = 0;
    for (let i = 0; i < bins.length; i++) s += bins[i] * bins[i];
    return s;
  };
  let best = 0,
    bestScore = score(0);
  for (let d = -MAX_SKEW_DEG; d <= MAX_SKEW_DEG + 1e-9; d += 0.25) {
    const s = score(d);
    if (s > bestScore) {
      bestScore = s;
      best = d;
    }
  }
  const coarse = best;
  for (let d = coarse - 0.2; d <= coarse + 0.2 + 1e-9; d += 0.05) {
    const s = score(d);
    if (s > bestScore) {
      bestScore = s;
      best = d;
    }
  }
  // Within 0.05° of level: leave the pixels alone (resampling costs sharpness for nothing).
  return Math.abs(best) < 0.05 || Math.abs(best) >= MAX_SKEW_DEG ? 0 : (best * Math.PI) / 180;
}

/**
 * Removes dust: ink components of at most `maxArea` pixels with no other ink within `gap` pixels
 * around them, nor within `reach` pixels to the left or right at their own height. The dots of i/j
 * sit close to their glyphs; a decimal point or a full stop sits on a text line between glyphs
 * (up to about half an em from either), so both stay.
 */
export function despeckle(bin: Uint8Array, width: number, height: number, maxArea: number, gap: number, reach = gap): number {
  const label = new Int32Array(width * height);
  const stack: number[] = [];
  let next = 0,
    removed = 0;
  for (let start = 0; start < bin.length; start++) {
    if (!bin[start] || label[start]) continue;
    next++;
    const members: number[] = [];
    label[start] = next;
    stack.push(start);
    let x0 = width,
      y0 = height,
      x1 = 0,
      y1 = 0;
    while (stack.length) {
      const i = stack.pop()!;
      if (members.length <= maxArea) members.push(i);
      const x = i % width,
        y = (i - x) / width;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx,
            ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const j = ny * width + nx;
          if (bin[j] && !label[j]) {
            label[j] = next;
            stack.push(j);
          }
        }
    }
    if (members.length > maxArea) continue;
    let alone = true;
    for (let y = Math.max(0, y0 - gap); alone && y <= Math.min(height - 1, y1 + gap); y++) {
      for (let x = Math.max(0, x0 - gap); x <= Math.min(width - 1, x1 + gap); x++) {
        const j = y * width + x;
        if (bin[j] && label[j] !== next) {
          alone = false;
          break;
        }
      }
    }
    const band = Math.max(2, Math.round(gap / 3));
    for (let y = Math.max(0, y0 - band); alone && y <= Math.min(height - 1, y1 + band); y++) {
      for (let x = Math.max(0, x0 - reach); x <= Math.min(width - 1, x1 + reach); x++) {
        const j = y * width + x;
        if (bin[j] && label[j] !== next) {
          alone = false;
          break;
        }
      }
    }
    if (alone) {
      for (const i of members) bin[i] = 0;
      removed++;
    }
  }
  return removed;
}

/** Scale to ~300 dpi, deskew, binarise, despeckle; the result is a black-on-white PNG for OCR. */
export async function cleanPage(p: GreyPage): Promise<CleanPage> {
  const skew = estimatePixelSkew(p);
  // Only scans of a plausible resolution are scaled (150-260 dpi); a small image is a snippet or a
  // phone crop whose resolution a page width cannot tell, and is read as it is.
  const zoom = p.dpi < MIN_DPI && p.dpi >= 150 ? OCR_DPI / p.dpi : 1;
  const width = Math.round(p.width * zoom),
    height = Math.round(p.height * zoom);
  let grey = p.grey;
  if (zoom !== 1 || skew !== 0) {
    const src = createCanvas(p.width, p.height);
    const rgba = new Uint8ClampedArray(p.width * p.height * 4);
    for (let i = 0, j = 0; i < p.grey.length; i++, j += 4) {
      rgba[j] = rgba[j + 1] = rgba[j + 2] = p.grey[i];
      rgba[j + 3] = 255;
    }
    src.getContext('2d').putImageData(new ImageData(rgba, p.width, p.height), 0, 0);
    const out = createCanvas(width, height);
    const ctx = out.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.imageSmoothingQuality = 'high';
    // Rotate about the page centre, so the straightened page stays on the canvas.
    ctx.translate(width / 2, height / 2);
    ctx.rotate(-skew);
    ctx.scale(zoom, zoom);
    ctx.translate(-p.width / 2, -p.height / 2);
    ctx.drawImage(src, 0, 0);
    const d = ctx.getImageData(0, 0, width, height).data;
    grey = new Uint8Array(width * height);
    for (let i = 0; i < grey.length; i++) grey[i] = d[i * 4];
  }
  const applied: string[] = [];
  if (zoom !== 1) applied.push('upscaled');
  if (skew !== 0) applied.push('deskewed');
  const k = (p.dpi * zoom) / OCR_DPI;
  // Uneven light (a shadow, a darker edge): Otsu's one threshold would turn the dark part to ink.
  if (p.photo || lightSpread(grey, width, height, Math.round(64 * k)) > UNEVEN_LIGHT) {
    grey = normaliseBackground(grey, width, height, Math.round(64 * k));
    applied.push('light evened');
  }
  const thr = otsu(grey);
  const bin = new Uint8Array(width * height);
  for (let i = 0; i < bin.length; i++) bin[i] = grey[i] <= thr ? 1 : 0;
  // Speckle (a photocopy's flipped pixels) is too dense for the dust rule below: no speck is alone.
  if (isolatedInk(bin, width, height) > SPECKLED) {
    majority3(bin, width, height);
    applied.push('speckle removed');
  }
  // Dust: up to ~0.45 mm across with nothing within ~0.7 mm, nor ~2 mm along its own line (at 300
  // dpi: 30 px area, 8 px gap, 24 px reach): a decimal point or the dot of an i stays with its glyphs.
  despeckle(bin, width, height, Math.round(30 * k * k), Math.round(8 * k), Math.round(24 * k));
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, j = 0; i < bin.length; i++, j += 4) {
    const v = bin[i] ? 0 : 255;
    rgba[j] = rgba[j + 1] = rgba[j + 2] = v;
    rgba[j + 3] = 255;
  }
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').putImageData(new ImageData(rgba, width, height), 0, 0);
  // Synchronously: a canvas freed during a threaded encode() crashes the process (see reread.ts).
  return { image: { png: canvas.encodeSync('png'), width, height }, bin, grey, scale: 1 / zoom, skew, applied };
}

/**
 * Resolution of an image without a trustworthy dpi tag: statements are A4 or US Letter, about
 * 8.3-8.5 inches wide in portrait and 11-11.7 inches in landscape. A wide image that is not shaped
 * like a landscape page (a crop of a portrait page's top) is taken as portrait width.
 */
export function guessDpi(width: number, height: number): number {
  const ratio = width / height;
  const inches = ratio >= 1.25 && ratio <= 1.5 ? 11.4 : 8.3;
  return Math.max(72, Math.min(1200, width / inches));
}
