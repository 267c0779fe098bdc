// Scanned PDFs: pages without a text layer (and, when the text layer holds no table, pages where a
// large image carries it) are rendered with PDFium at ~300 dpi and OCR'd; the words join the
// text-layer words of the other pages in the shared layout. Units: PDF points for tokens and
// provenance (image pixels x 72/dpi).
import { AppError } from '../../errors.js';
import type { PageInfo, Token } from '../layout/types.js';
import type { PdfDocument } from '../pdf/pdfium-document.js';
import { imageCoverage, pageSize, renderPage as renderBitmap } from '../pdf/pdfium-render.js';
import type { ConvertOptions, EngineResult } from '../types.js';
import { DEFAULT_OCR_LIMITS, type OcrBackend, type OcrLimits, type OcrWord } from './ocr-backend.js';
import { readOcrPages, type OcrPage } from './ocr-reader.js';
import type { GreyPage } from './page-cleanup.js';
import { readPage } from './read-page.js';

async function renderPage(doc: PdfDocument, pageNo: number, limits: OcrLimits): Promise<{ grey: GreyPage; zoom: number }> {
  const base = pageSize(doc, pageNo);
  // About 300 dpi, less when the page is so large that it would pass the pixel limit.
  let zoom = limits.dpi / 72;
  const px = base.width * base.height * zoom * zoom;
  if (px > limits.maxPixels) zoom *= Math.sqrt(limits.maxPixels / px);
  if (zoom * 72 < 100)
    throw new AppError('security_check_failed', `Page ${pageNo} is too large to render for OCR (${Math.round(base.width)} x ${Math.round(base.height)} pt).`);
  const { width, height, data } = renderBitmap(doc, pageNo, zoom * 72, Infinity);
  // Loaded here, not at the top: a text PDF never renders a page, and the renderer (@napi-rs/canvas,
  // behind clean-up and re-reading) costs ~40 MB and its load time.
  const { rgbaToGrey } = await import('./page-cleanup.js');
  return { grey: { width, height, grey: rgbaToGrey(data, width, height), dpi: zoom * 72 }, zoom };
}

/** Words that fall on text the PDF already carries are dropped: the text layer is exact. */
function outsideText(words: OcrWord[], scale: number, text: Token[]): OcrWord[] {
  if (!text.length) return words;
  return words.filter((w) => {
    const cx = ((w.x0 + w.x1) / 2) * scale,
      cy = ((w.y0 + w.y1) / 2) * scale;
    return !text.some((t) => cx >= t.x0 - t.em * 0.2 && cx <= t.x1 + t.em * 0.2 && cy >= t.y - t.em && cy <= t.y + t.em * 0.3);
  });
}

export interface ScanInput {
  doc: PdfDocument;
  tokens: Token[];
  pages: PageInfo[];
  opts: ConvertOptions;
  backend: OcrBackend;
  limits?: OcrLimits;
}

/**
 * OCRs the given pages and reads the statement from OCR words plus the text layer. Returns null when
 * none of the pages paints an image large enough to hold text (blank pages, vector art).
 */
export async function readScannedPdf(input: ScanInput, pageNos: number[], minCoverage: number): Promise<EngineResult | null> {
  const limits = input.limits ?? DEFAULT_OCR_LIMITS;
  const chosen: number[] = [];
  for (const p of pageNos) if (imageCoverage(input.doc, p) >= minCoverage) chosen.push(p);
  if (!chosen.length) return null;
  if (chosen.length > limits.maxPages) {
    throw new AppError('security_check_failed', `The PDF has ${chosen.length} scanned pages; the limit for OCR is ${limits.maxPages} pages.`);
  }
  const ocr: OcrPage[] = [];
  const pages = [...input.pages];
  try {
    for (const p of chosen) {
      const { grey, zoom } = await renderPage(input.doc, p, limits);
      const read = await readPage(input.backend, grey, p, limits);
      // The bitmap is ceil(points x zoom) wide: the scale maps its pixels back to points.
      const scale = read.clean.scale / zoom;
      // A page read turned a quarter is upright in its own frame: its size (and provenance) in that frame.
      const at = pages.findIndex((x) => x.page === p);
      // A photo at an angle made upright (perspective.ts): the page is the upright paper, in points.
      const flat = read.straightened;
      if (at >= 0 && flat) pages[at] = { ...pages[at], width: flat.width / zoom, height: flat.height / zoom };
      if (at >= 0 && (read.turn === 90 || read.turn === 270)) pages[at] = { ...pages[at], width: pages[at].height, height: pages[at].width };
      // Text-layer words are in the page's own frame: compared only on pages read as they lie (not
      // turned, not resampled upright).
      const text = read.turn === 0 && !flat ? input.tokens.filter((t) => t.page === p) : [];
      ocr.push({
        page: p,
        words: outsideText(read.words, scale, text),
        scale,
        pixelSkew: read.clean.skew,
        turn: read.turn,
        unread: read.unread,
        applied: read.clean.applied,
      });
    }
  } finally {
    await input.backend.release?.().catch(() => undefined);
  }
  return readOcrPages(ocr, {
    inputKind: 'pdf',
    bank: input.opts.bank,
    pageCount: input.doc.numPages,
    pages,
    backend: input.backend.name,
    textTokens: input.tokens,
    currency: input.opts.currency,
  });
}

/** Pages without a text layer whose images cover at least this share of the page are OCR'd. */
const BARE_PAGE_COVERAGE = 0.1;
/** Pages with some text (a printed header over a scanned table) are OCR'd only above this share. */
const MIXED_PAGE_COVERAGE = 0.3;

/**
 * The PDF engine's OCR hook. 'bare': pages with no text at all (scans); 'mixed': called when the
 * text layer held no table, for pages where a large image probably does; 'garbled': every page, its
 * text layer set aside (src/engine/pdf/garbled-text.ts). Null: nothing to OCR.
 */
export async function scanPages(input: ScanInput, mode: 'bare' | 'mixed' | 'garbled'): Promise<EngineResult | null> {
  if (mode === 'garbled')
    return readScannedPdf(
      { ...input, tokens: [] },
      input.pages.map((p) => p.page),
      0,
    );
  const withText = new Set(input.tokens.map((t) => t.page));
  const nos = input.pages.map((p) => p.page).filter((p) => (mode === 'bare' ? !withText.has(p) : withText.has(p)));
  if (!nos.length) return null;
  return readScannedPdf(input, nos, mode === 'bare' ? BARE_PAGE_COVERAGE : MIXED_PAGE_COVERAGE);
}
