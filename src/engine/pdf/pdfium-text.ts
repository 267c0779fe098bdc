// PDFium characters -> positioned word tokens, the same structure pdf.js text items gave the layout
// (PDF points from the page's top-left corner, y = baseline growing downwards, em = font size in
// points). Every character carries its own origin and advance box, so words are exact where pdf.js
// spread an item's width evenly over its characters. A word ends at whitespace (printed or inserted
// by PDFium), at a gap wider than a tenth of an em (pdf.js inserts a space there), at a jump of the
// baseline, or where the text runs backwards. Rotated page content is brought upright like pdf.js's
// viewport did; text that still is not horizontal (watermarks, vertical sidebars) is dropped.
import { joinLetterSpaced } from './letter-spacing.js';
import { AppError } from '../../errors.js';
import type { PageInfo, Token } from '../layout/types.js';
import { classifyWord, newWord } from '../layout/word-kinds.js';
import { guardAnnotations, needsAnnotationCheck } from './pdf-guard.js';
import type { PdfDocument } from './pdfium-document.js';
import type { Pdfium } from './pdfium-loader.js';

export const MAX_CHARS_PER_PAGE = 500_000;
export const MAX_CHARS_TOTAL = 20_000_000;

/** Gap (in em) past which two characters belong to different words. */
const WORD_GAP_EM = 0.1;
/** Baseline change (in em) that ends a word (sub- and superscripts, the next line). */
const BASELINE_EM = 0.25;

/** Page -> viewport transform of pdf.js (scale 1): top-left origin, y down, page rotation applied. */
export function viewportTransform(
  box: { left: number; bottom: number; right: number; top: number },
  rotation: number,
): { vt: number[]; width: number; height: number } {
  const x0 = Math.min(box.left, box.right),
    x1 = Math.max(box.left, box.right);
  const y0 = Math.min(box.bottom, box.top),
    y1 = Math.max(box.bottom, box.top);
  const cx = (x0 + x1) / 2,
    cy = (y0 + y1) / 2;
  const [a, b, c, d] = rotation === 90 ? [0, 1, 1, 0] : rotation === 180 ? [-1, 0, 0, 1] : rotation === 270 ? [0, -1, -1, 0] : [1, 0, 0, -1];
  const sideways = a === 0;
  // PDFium keeps boxes as 32-bit floats: 595.2756 comes back as 595.27557373; round to what was printed.
  const round = (v: number) => Math.round(v * 1e4) / 1e4;
  const width = round(sideways ? y1 - y0 : x1 - x0);
  const height = round(sideways ? x1 - x0 : y1 - y0);
  // The rotated box is moved so that its corner sits at the origin.
  return { vt: [a, b, c, d, width / 2 - a * cx - c * cy, height / 2 - b * cx - d * cy], width, height };
}

/** The upright box of a page: its transform and size in points. */
export function pageGeometry(pdfium: Pdfium, page: number): { vt: number[]; width: number; height: number } {
  const s = pdfium.scratch;
  pdfium.fn.FPDF_GetPageBoundingBox(page, s);
  const box = { left: pdfium.float(s), top: pdfium.float(s + 4), right: pdfium.float(s + 8), bottom: pdfium.float(s + 12) };
  return viewportTransform(box, (pdfium.fn.FPDFPage_GetRotation(page) & 3) * 90);
}

function isSpace(u: number): boolean {
  return (
    u <= 0x20 ||
    u === 0xa0 ||
    u === 0x1680 ||
    (u >= 0x2000 && u <= 0x200b) ||
    u === 0x2028 ||
    u === 0x2029 ||
    u === 0x202f ||
    u === 0x205f ||
    u === 0x3000 ||
    u === 0xfeff ||
    u === 0xfffe ||
    u === 0xffff
  );
}

/** UTF-16 units of the word being read; grown for a longer word. */
let units = new Uint16Array(1024);
/** Units per String.fromCharCode call (its arguments go on the stack). */
const CHUNK = 8192;

function wordText(n: number): string {
  const u = units;
  // Most words are short: no view of the buffer is made for them.
  switch (n) {
    case 1:
      return String.fromCharCode(u[0]);
    case 2:
      return String.fromCharCode(u[0], u[1]);
    case 3:
      return String.fromCharCode(u[0], u[1], u[2]);
    case 4:
      return String.fromCharCode(u[0], u[1], u[2], u[3]);
    case 5:
      return String.fromCharCode(u[0], u[1], u[2], u[3], u[4]);
    case 6:
      return String.fromCharCode(u[0], u[1], u[2], u[3], u[4], u[5]);
    case 7:
      return String.fromCharCode(u[0], u[1], u[2], u[3], u[4], u[5], u[6]);
    case 8:
      return String.fromCharCode(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7]);
  }
  if (n <= CHUNK) return String.fromCharCode.apply(null, units.subarray(0, n) as unknown as number[]);
  let text = '';
  for (let k = 0; k < n; k += CHUNK) text += String.fromCharCode.apply(null, units.subarray(k, Math.min(n, k + CHUNK)) as unknown as number[]);
  return text;
}

/**
 * Appends the printed form of one character to `units` at `n`; returns the new length. PDFium marks a
 * hyphen that ends a line as U+0002. `low`: the next unit, for a surrogate pair.
 */
function addUnits(u: number, low: number, n: number): number {
  // (A character adds at most 3 units: the widest ligature, ffi, spelled out.)
  if (n + 3 > units.length) {
    const grown = new Uint16Array(units.length * 2);
    grown.set(units);
    units = grown;
  }
  if (u === 0x02) units[n++] = 0x2d;
  else if (u === 0xad) return n;
  else if (u >= 0xd800 && u <= 0xdbff) {
    units[n++] = u;
    units[n++] = low;
  } else if (u >= 0xfb00 && u <= 0xfb4f) {
    // Ligatures (fi, fl, ffi...) come as one code point; pdf.js spelled them out.
    const t = String.fromCharCode(u).normalize('NFKC');
    for (let k = 0; k < t.length; k++) units[n++] = t.charCodeAt(k);
  } else units[n++] = u;
  return n;
}

/** Word tokens of one page. Returns the count of printed (non-space) characters too. */
export function pageTokens(pdfium: Pdfium, page: number, pageNo: number, vt: number[], out: Token[]): number {
  const { fn, scratch: s } = pdfium;
  const tp = fn.FPDFText_LoadPage(page);
  if (!tp) return 0;
  try {
    const count = fn.FPDFText_CountChars(tp);
    if (count > MAX_CHARS_PER_PAGE) {
      throw new AppError(
        'security_check_failed',
        `Page ${pageNo} holds ${count} characters (limit ${MAX_CHARS_PER_PAGE}): the file looks like a decompression bomb.`,
      );
    }
    const [va, vb, vc, vd, ve, vf] = vt;
    let chars = 0;
    // The word being read: its characters' UTF-16 units are gathered in `units` and made into one
    // string when the word ends (a string per character appended one by one made a string per step).
    let cur: Token | null = null;
    let n = 0;
    const flush = () => {
      if (cur && n) {
        cur.text = wordText(n);
        out.push(cur);
      }
      cur = null;
      n = 0;
    };
    // The matrix and font size belong to the text object (one show-text run): read once per run.
    let run = -1;
    let a = 0,
      b = 0,
      em = 0;
    for (let i = 0; i < count; i++) {
      const u = fn.FPDFText_GetUnicode(tp, i);
      // The spaces and line ends PDFium inserts are whitespace too.
      if (isSpace(u) && u !== 0x02) {
        flush();
        continue;
      }
      chars++;
      const obj = fn.FPDFText_GetTextObject(tp, i);
      if (obj !== run || !obj) {
        run = obj;
        fn.FPDFText_GetMatrix(tp, i, s);
        const ma = pdfium.float(s),
          mb = pdfium.float(s + 4),
          mc = pdfium.float(s + 8),
          md = pdfium.float(s + 12);
        a = va * ma + vc * mb;
        b = vb * ma + vd * mb;
        em = fn.FPDFText_GetFontSize(tp, i) * (Math.hypot(va * mc + vc * md, vb * mc + vd * md) || Math.hypot(a, b));
      }
      // Horizontal, left-to-right text only.
      if (!(a > 0) || Math.abs(b) > Math.abs(a) * 0.05 || !(em > 0)) {
        flush();
        continue;
      }
      fn.FPDFText_GetCharOrigin(tp, i, s, s + 8);
      const ox = pdfium.double(s),
        oy = pdfium.double(s + 8);
      const x = va * ox + vc * oy + ve,
        y = vb * ox + vd * oy + vf;
      fn.FPDFText_GetLooseCharBox(tp, i, s);
      // The advance box is axis-aligned on the page, so on the upright page too: its right edge is
      // the larger device x of its corners.
      const l = pdfium.float(s),
        t = pdfium.float(s + 4),
        r = pdfium.float(s + 8),
        bt = pdfium.float(s + 12);
      const x1 = Math.max(va * l + vc * t, va * r + vc * bt, va * l + vc * bt, va * r + vc * t) + ve;
      const c: Token | null = cur;
      if (c && Math.abs(y - c.y) <= c.em * BASELINE_EM && x >= c.x1 - c.em * 0.3 && x - c.x1 <= Math.min(em, c.em) * WORD_GAP_EM) {
        c.x1 = Math.max(c.x1, x1);
      } else {
        flush();
        cur = newWord(x, Math.max(x1, x), y, pageNo, em, em * 1.2);
      }
      // (The next unit is read only for a high surrogate.)
      n = addUnits(u, u >= 0xd800 && u <= 0xdbff ? fn.FPDFText_GetUnicode(tp, ++i) : 0, n);
    }
    flush();
    return chars;
  } finally {
    fn.FPDFText_ClosePage(tp);
    // A page with one huge word does not keep its buffer for the rest of the process.
    if (units.length > 65536) units = new Uint16Array(1024);
  }
}

export interface Extracted {
  tokens: Token[];
  pages: PageInfo[];
  chars: number;
}

/** Every page's words, each classified once, after the per-page safety check of its annotations. */
export function extractTokens(doc: PdfDocument): Extracted {
  const tokens: Token[] = [];
  const pages: PageInfo[] = [];
  let chars = 0;
  const checkAnnots = needsAnnotationCheck(doc);
  for (let p = 1; p <= doc.numPages; p++) {
    doc.withPage(p, (page) => {
      const { vt, width, height } = pageGeometry(doc.pdfium, page);
      pages.push({ page: p, width, height });
      if (checkAnnots) guardAnnotations(doc.annotations(page) as unknown as Record<string, unknown>[], p);
      const start = tokens.length;
      chars += pageTokens(doc.pdfium, page, p, vt, tokens);
      joinLetterSpaced(tokens, start);
      // The one pass that reads a word's characters for what it is (date, figure, text): every later
      // step reads the classification kept on the word (layout/word-kinds.ts).
      for (let k = start; k < tokens.length; k++) classifyWord(tokens[k]);
    });
    if (chars > MAX_CHARS_TOTAL) {
      throw new AppError(
        'security_check_failed',
        `The PDF expands to more than ${MAX_CHARS_TOTAL} characters of text: the file looks like a decompression bomb.`,
      );
    }
  }
  return { tokens, pages, chars };
}
