// One page image to OCR words, the same for uploaded images and the scanned pages of PDFs: a photo
// of a page at an angle made upright first (perspective.ts), clean-up (page-cleanup.ts),
// recognition, the orientation check (orientation.ts: a page whose words do not read as a
// statement's is tried turned 90, 180 and 270 degrees on a band across its middle, and read again
// the way up that reads best), then second readings of unsure words (reread.ts). A page that has
// ink but still gives no statement words is reported unread, so the rows of the other pages can
// never PASS on their own (`page_unread`, ocr-reader.ts).
import type { OcrBackend, OcrLimits, OcrWord } from './ocr-backend.js';
import { band, chooseTurn, inkBand, inkShare, readingScore, readsAsNoise, readsUpright, turnGrey, type Turn } from './orientation.js';
import type { CleanPage, GreyPage } from './page-cleanup.js';
import { straightenPage } from './perspective.js';
import { recognizePage } from './recognize.js';
import { readMinusMarks } from './sign-pixels.js';

export interface PageReading {
  clean: CleanPage;
  words: OcrWord[];
  /** Clockwise turn applied before reading (degrees). */
  turn: Turn;
  /** Why the page gave nothing the table reader can use (absent when it did, or it is blank). */
  unread?: string;
  /**
   * Size (pixels, before any turn) of the upright page a photo taken at an angle was resampled to;
   * the words are in its frame. Absent when the page was read in the pixels it came in.
   */
  straightened?: { width: number; height: number };
}

/** Ink share under which a page is blank paper (the back of a sheet), not an unread page. */
const BLANK_INK = 0.001;
/** A page with ink whose words score under this read as noise, not text. */
const MIN_SCORE = 6;

async function readAt(backend: OcrBackend, grey: GreyPage, page: number, limits: OcrLimits): Promise<{ clean: CleanPage; words: OcrWord[] }> {
  const { cleanPage } = await import('./page-cleanup.js');
  const clean = await cleanPage(grey);
  return { clean, words: await recognizePage(backend, clean.image, page, limits.pageTimeoutMs) };
}

/**
 * Trial readings of a band across the page where its ink is (orientation.ts, inkBand), turned each
 * way: the turn that reads best. The page as it lies is scored from its full reading's words in that
 * band (no second reading).
 */
async function trialTurn(
  backend: OcrBackend,
  grey: GreyPage,
  page: number,
  limits: OcrLimits,
  first: { clean: CleanPage; words: OcrWord[] } | null,
): Promise<Turn> {
  const [a, b] = inkBand(grey);
  const h = first?.clean.image.height ?? 0;
  const scores = { 0: first ? readingScore(first.words.filter((w) => w.y0 >= h * a && w.y1 <= h * b)) : 0, 90: 0, 180: 0, 270: 0 } as Record<Turn, number>;
  for (const t of first ? ([90, 180, 270] as const) : ([0, 90, 180, 270] as const)) {
    const turned = turnGrey(grey, t);
    const [from, to] = inkBand(turned);
    const { words } = await readAt(backend, band(turned, from, to), page, limits);
    scores[t] = readingScore(words);
  }
  return chooseTurn(scores);
}

/** Share of dark pixels (sampled), before clean-up. */
function greyInk(p: GreyPage): number {
  let n = 0,
    seen = 0;
  for (let i = 0; i < p.grey.length; i += 5, seen++) if (p.grey[i] < 128) n++;
  return seen ? n / seen : 0;
}

export async function readPage(backend: OcrBackend, photo: GreyPage, page: number, limits: OcrLimits): Promise<PageReading> {
  // A page photographed at an angle (its edges against a darker surround, clearly not an upright
  // rectangle) is resampled upright before anything else; any other page is read as it came.
  const { guessDpi } = await import('./page-cleanup.js');
  const flat = straightenPage(photo, guessDpi);
  const grey = flat?.page ?? photo;
  let turn: Turn = 0;
  // A page wider than tall is most likely a portrait statement scanned turned a quarter: OCR of a
  // whole sideways page is slow (tesseract.js passed the 45 s page limit), so the trials come first.
  // A blank page (no ink to read either way up) is read once, as it lies.
  const sideways = grey.width > grey.height * 1.1 && greyInk(grey) >= BLANK_INK;
  if (sideways) turn = await trialTurn(backend, grey, page, limits, null);
  let { clean, words } = await readAt(backend, turnGrey(grey, turn), page, limits);
  const blank = inkShare(clean.bin) < BLANK_INK;
  if (!sideways && !blank && !readsUpright(words)) {
    turn = await trialTurn(backend, grey, page, limits, { clean, words });
    if (turn !== 0) ({ clean, words } = await readAt(backend, turnGrey(grey, turn), page, limits));
  }
  if (flat) clean.applied.unshift('perspective corrected');
  // A minus OCR broke into a quote mark or lost (a fax's one-pixel row) is read from the page's ink,
  // before the second readings so that the figure is cut out and read again as a signed one.
  const signs = readMinusMarks(clean, words);
  words = signs.words;
  if (signs.changed) clean.applied.push(`minus read from the page beside ${signs.changed} figure${signs.changed === 1 ? '' : 's'}`);
  const { rereadWords } = await import('./reread.js');
  words = await rereadWords(backend, clean, words, page, limits.pageTimeoutMs);
  let unread: string | undefined;
  if (!blank && !words.length) unread = 'OCR found no words on it';
  else if (!blank && (readingScore(words) < MIN_SCORE || readsAsNoise(words))) unread = 'OCR found no legible words on it, whichever way up it was read';
  return { clean, words, turn, unread, ...(flat ? { straightened: { width: grey.width, height: grey.height } } : {}) };
}
