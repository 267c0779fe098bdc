// Bare extraction with PDFium, the yardstick of the PDF targets: open the file, then every
// character's text, origin, advance box, font size and matrix on every page; nothing else.
import type { Pdfium } from '../src/engine/pdf/pdfium-loader.js';

/** Text and boxes of every character: unicode, origin, advance box, font size and matrix. */
export function pdfiumExtract(pdfium: Pdfium, bytes: Uint8Array): number {
  const { fn, scratch: s } = pdfium;
  const data = pdfium.copyIn(bytes);
  const doc = fn.FPDF_LoadMemDocument64(data, bytes.length, 0);
  let n = 0;
  try {
    if (!doc) return -1;
    const pages = fn.FPDF_GetPageCount(doc);
    for (let p = 0; p < pages; p++) {
      const page = fn.FPDF_LoadPage(doc, p);
      const tp = fn.FPDFText_LoadPage(page);
      const count = fn.FPDFText_CountChars(tp);
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
