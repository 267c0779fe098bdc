// Page pictures from PDFium, for OCR of scanned pages: a page rendered to an RGBA bitmap at a given
// resolution, and the share of a page that painted images cover. Units: PDF points for page
// geometry, pixels for bitmaps.
import { AppError } from '../../errors.js';
import type { PdfDocument } from './pdfium-document.js';
import { pageGeometry } from './pdfium-text.js';

/** Row-major RGBA, 4 bytes a pixel, no padding; top-left origin, the page upright. */
export interface PageBitmap {
  width: number;
  height: number;
  data: Uint8Array;
}

const FPDF_ANNOT = 0x01;
const FPDF_REVERSE_BYTE_ORDER = 0x10; // RGBA rather than PDFium's native BGRA
const PAGEOBJ_IMAGE = 3;
const PAGEOBJ_FORM = 5;

/** Page size in points once upright (its /Rotate applied). */
export function pageSize(doc: PdfDocument, pageNo: number): { width: number; height: number } {
  return doc.withPage(pageNo, (page) => {
    const { width, height } = pageGeometry(doc.pdfium, page);
    return { width, height };
  });
}

/**
 * Renders page `pageNo` (1-based) on white at `dpi` dots per inch. A page larger than `maxPixels`
 * is refused: callers lower the dpi first (OCR does), so this is the last line against huge pages.
 */
export function renderPage(doc: PdfDocument, pageNo: number, dpi: number, maxPixels = 40_000_000): PageBitmap {
  const { fn } = doc.pdfium;
  return doc.withPage(pageNo, (page) => {
    const { width: wPt, height: hPt } = pageGeometry(doc.pdfium, page);
    const width = Math.max(1, Math.ceil((wPt * dpi) / 72));
    const height = Math.max(1, Math.ceil((hPt * dpi) / 72));
    if (width * height > maxPixels) {
      throw new AppError('security_check_failed', `Page ${pageNo} is too large to render (${width} x ${height} pixels at ${dpi} dpi).`);
    }
    const bitmap = fn.FPDFBitmap_Create(width, height, 1);
    if (!bitmap) throw new AppError('security_check_failed', `Page ${pageNo} is too large to render within the memory one conversion may use.`);
    try {
      fn.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
      fn.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, FPDF_ANNOT | FPDF_REVERSE_BYTE_ORDER);
      const buf = fn.FPDFBitmap_GetBuffer(bitmap);
      const stride = fn.FPDFBitmap_GetStride(bitmap);
      const heap = doc.pdfium.bytes();
      const data = new Uint8Array(width * height * 4);
      for (let y = 0; y < height; y++) data.set(heap.subarray(buf + y * stride, buf + y * stride + width * 4), y * width * 4);
      return { width, height, data };
    } finally {
      fn.FPDFBitmap_Destroy(bitmap);
    }
  });
}

/** Share of the page area (0..1) covered by painted images, forms' images included. */
export function imageCoverage(doc: PdfDocument, pageNo: number): number {
  const { pdfium } = doc;
  const { fn, scratch: s } = pdfium;
  return doc.withPage(pageNo, (page) => {
    const { width, height } = pageGeometry(pdfium, page);
    let area = 0;
    // Matrices compose outwards: an object inside a form is placed by the form's matrix.
    const visit = (count: number, get: (i: number) => number, outer: number[], depth: number) => {
      for (let i = 0; i < count; i++) {
        const obj = get(i);
        const type = obj ? fn.FPDFPageObj_GetType(obj) : 0;
        if (type !== PAGEOBJ_IMAGE && type !== PAGEOBJ_FORM) continue;
        if (!fn.FPDFPageObj_GetMatrix(obj, s)) continue;
        const m = [0, 4, 8, 12, 16, 20].map((o) => pdfium.float(s + o));
        const [a, b, c, d, e, f] = outer;
        const g = [a * m[0] + c * m[1], b * m[0] + d * m[1], a * m[2] + c * m[3], b * m[2] + d * m[3], a * m[4] + c * m[5] + e, b * m[4] + d * m[5] + f];
        // An image fills the unit square of its matrix: its area is |det|.
        if (type === PAGEOBJ_IMAGE) area += Math.abs(g[0] * g[3] - g[1] * g[2]);
        else if (depth < 8) visit(fn.FPDFFormObj_CountObjects(obj), (j) => fn.FPDFFormObj_GetObject(obj, j), g, depth + 1);
      }
    };
    visit(fn.FPDFPage_CountObjects(page), (i) => fn.FPDFPage_GetObject(page, i), [1, 0, 0, 1, 0, 0], 0);
    return Math.min(1, area / Math.max(1, width * height));
  });
}
