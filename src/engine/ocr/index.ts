// Image uploads (PNG, JPEG, multi-page TIFF): pages -> OCR words -> the shared layout -> reconcile.
// The OCR backend arrives through ConvertOptions.ocr (built in src/adapters/ocr/), so this module
// does no I/O of its own beyond the computation on the bytes it is given.
import { AppError } from '../../errors.js';
import type { PageInfo } from '../layout/types.js';
import type { ConvertOptions, EngineResult } from '../types.js';
import { imagePages, imagePageSizes } from './image-input.js';
import { DEFAULT_OCR_LIMITS, type OcrLimits } from './ocr-backend.js';
import { readOcrPages, type OcrPage } from './ocr-reader.js';
import { readPage } from './read-page.js';

export type { OcrBackend, OcrWord, OcrImage, OcrLimits } from './ocr-backend.js';
export { DEFAULT_OCR_LIMITS } from './ocr-backend.js';

const MIN_SIDE = 150;

export async function convertImage(bytes: Uint8Array, opts: ConvertOptions, limits: OcrLimits = DEFAULT_OCR_LIMITS): Promise<EngineResult> {
  const backend = opts.ocr;
  // Sizes and page count are checked first, so a bomb is refused even where OCR is unavailable.
  const sizes = imagePageSizes(bytes, limits);
  // Below ~1 inch at 150 dpi no statement text is legible: answer without starting OCR.
  if (sizes.every((s) => s.width < MIN_SIDE || s.height < MIN_SIDE)) {
    throw new AppError('no_transactions_found', `The image is ${sizes[0].width} x ${sizes[0].height} pixels: too small to hold a readable statement.`);
  }
  if (!backend) throw new AppError('unsupported_file_type', 'Reading statement images needs OCR, which is not available in this setup.');
  const ocr: OcrPage[] = [];
  const pages: PageInfo[] = sizes.map((s, i) => ({ page: i + 1, width: s.width, height: s.height }));
  try {
    let n = 0;
    for await (const grey of imagePages(bytes, limits)) {
      n++;
      const read = await readPage(backend, grey, n, limits);
      // A fine scan is decoded smaller (image-input.ts): its words go back to the page's own pixels.
      const decoded = sizes[n - 1].width / grey.width;
      // A fax's rows are stretched to square pixels (image-input.ts): the page is as tall as it reads.
      // A photo at an angle was made upright (perspective.ts): the page is the upright paper.
      const flat = read.straightened;
      const size = flat
        ? { width: Math.round(flat.width * decoded), height: Math.round(flat.height * decoded) }
        : { width: sizes[n - 1].width, height: Math.round(grey.height * decoded) };
      // A page read turned a quarter is upright in its own frame: provenance boxes are in that frame.
      const quarter = read.turn === 90 || read.turn === 270;
      pages[n - 1] = { page: n, width: quarter ? size.height : size.width, height: quarter ? size.width : size.height };
      ocr.push({
        page: n,
        words: read.words,
        scale: read.clean.scale * decoded,
        pixelSkew: read.clean.skew,
        turn: read.turn,
        unread: read.unread,
        applied: read.clean.applied,
      });
    }
  } finally {
    await backend.release?.().catch(() => undefined);
  }
  if (!ocr.some((p) => p.words.length)) {
    throw new AppError('no_transactions_found', 'No text could be read from the image (OCR found no words).');
  }
  return readOcrPages(ocr, { inputKind: 'image', bank: opts.bank, pageCount: ocr.length, pages, backend: backend.name, currency: opts.currency });
}
