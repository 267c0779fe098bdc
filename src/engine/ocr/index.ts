// Image uploads (PNG, JPEG, multi-page TIFF): pages -> OCR words -> the shared layout -> reconcile.
// The OCR backend arrives through ConvertOptions.ocr (built in src/adapters/ocr/), so this module
// does no I/O of its own beyond the computation on the bytes it is given.
import { AppError } from '../../errors.js';
import type { PageInfo } from '../layout/types.js';
import type { ConvertOptions, EngineResult } from '../types.js';
import { imagePages, imagePageSizes } from './image-input.js';
import { DEFAULT_OCR_LIMITS, type OcrLimits } from './ocr-backend.js';
import { readOcrPages, type OcrPage } from './ocr-reader.js';
import { cleanPage } from './page-cleanup.js';
import { recognizePage } from './recognize.js';
import { rereadWords } from './reread.js';

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
      const clean = await cleanPage(grey);
      const words = await recognizePage(backend, clean.image, n, limits.pageTimeoutMs);
      // A fine scan is decoded smaller (image-input.ts): its words go back to the page's own pixels.
      const decoded = sizes[n - 1].width / grey.width;
      ocr.push({ page: n, words: await rereadWords(backend, clean, words, n, limits.pageTimeoutMs), scale: clean.scale * decoded, pixelSkew: clean.skew });
    }
  } finally {
    await backend.release?.().catch(() => undefined);
  }
  if (!ocr.some((p) => p.words.length)) {
    throw new AppError('no_transactions_found', 'No text could be read from the image (OCR found no words).');
  }
  return readOcrPages(ocr, { inputKind: 'image', bank: opts.bank, pageCount: ocr.length, pages, backend: backend.name, currency: opts.currency });
}
