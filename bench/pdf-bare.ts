// Bare extraction with PDFium, the yardstick of the PDF targets: open the file, then every
// character's text, origin, advance box, font size and matrix on every page; nothing else.
import type { Pdfium } from '../src/engine/pdf/pdfium-loader.js';

/**
 * How far the extraction goes: each page's content only (`pages`), also PDFium's text page, the
 * structure its per-character calls read (`text`), or also those calls (`chars`, the bare extraction).
 * The PDF bench times the three to show where the bare extraction's own time goes.
 */
export type ExtractDepth = 'pages' | 'text' | 'chars';

/** Text and boxes of every character: unicode, origin, advance box, font size and matrix. */
export function pdfiumExtract(pdfium: Pdfium, bytes: Uint8Array, depth: ExtractDepth = 'chars'): number {
  const { fn, scratch: s } = pdfium;
  const data = pdfium.copyIn(bytes);
  const doc = fn.FPDF_LoadMemDocument64(data, bytes.length, 0);
  let n = 0;
  try {
    if (!doc) return -1;
    const pages = fn.FPDF_GetPageCount(doc);
    for (let p = 0; p < pages; p++) {
      const page = fn.FPDF_LoadPage(doc, p);
      if (depth === 'pages') {
        fn.FPDF_ClosePage(page);
        continue;
      }
      const tp = fn.FPDFText_LoadPage(page);
      const count = depth === 'chars' ? fn.FPDFText_CountChars(tp) : 0;
      for (let i = 0; i < count; i++) {
        n += fn.FPDFText_GetUnicode(tp, i) > 32 ? 1 : 0;
        fn.FPDFText_GetCharOrigin(tp, i, s, s + 8);
        fn.FPDFText_GetLooseCharBox(tp, i, s + 16);
        fn.FPDFText_GetMatrix(tp, i, s + 32);
        fn.FPDFText_GetFontSize(tp, i);
      }
      fn.FPDFText_ClosePage(tp);
      fn.FPDF_ClosePage(page);
    }
  } finally {
    if (doc) fn.FPDF_CloseDocument(doc);
    fn.free(data);
  }
  return n;
}
