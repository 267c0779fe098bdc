// pdfjs text items -> positioned word tokens (points, page top-left origin). Rotated page content is
// brought upright by the viewport transform; text that still is not horizontal (watermarks, vertical
// sidebars) is dropped. Work per page is capped so a decompression bomb cannot run away.
import { AppError } from '../../errors.js';
import type { PageInfo, Token } from '../layout/types.js';
import { guardAnnotations, needsAnnotationCheck } from './pdf-guard.js';
import type { PdfDocument } from './pdfjs-loader.js';

export const MAX_ITEMS_PER_PAGE = 50_000;
export const MAX_CHARS_TOTAL = 20_000_000;

interface TextItemLike { str: string; transform: number[]; width: number; height: number }

const mul = (m: number[], n: number[]): number[] => [
  m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5],
];

/** Splits one item into word tokens, placing each word by its share of the item's characters. */
export function itemWords(item: TextItemLike, vt: number[], page: number): Token[] {
  const m = mul(vt, item.transform);
  const [a, b, c, d, e, f] = m;
  const size = Math.hypot(c, d) || Math.hypot(a, b);
  // Horizontal, left-to-right text only.
  if (!(a > 0) || Math.abs(b) > Math.abs(a) * 0.05 || size <= 0) return [];
  const str = item.str;
  const width = item.width > 0 ? item.width : str.length * size * 0.5;
  const perChar = str.length ? width / str.length : 0;
  const out: Token[] = [];
  const re = /\S+/g;
  let w: RegExpExecArray | null;
  while ((w = re.exec(str))) {
    const x0 = e + w.index * perChar;
    out.push({ text: w[0].replace(/\u00ad/g, ''), x0, x1: x0 + w[0].length * perChar, y: f, page, em: size, lh: size * 1.2 });
  }
  return out;
}

export interface Extracted {
  tokens: Token[];
  pages: PageInfo[];
  chars: number;
}

export async function extractTokens(doc: PdfDocument): Promise<Extracted> {
  const tokens: Token[] = [];
  const pages: PageInfo[] = [];
  let chars = 0;
  const checkAnnots = needsAnnotationCheck(doc);
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    try {
      const vp = page.getViewport({ scale: 1 });
      pages.push({ page: p, width: vp.width, height: vp.height });
      if (checkAnnots) guardAnnotations((await page.getAnnotations({ intent: 'display' })) as unknown as Record<string, unknown>[], p);
      const tc = await page.getTextContent({ includeMarkedContent: false });
      if (tc.items.length > MAX_ITEMS_PER_PAGE) {
        throw new AppError('security_check_failed', `Page ${p} holds ${tc.items.length} text pieces (limit ${MAX_ITEMS_PER_PAGE}): the file looks like a decompression bomb.`);
      }
      for (const it of tc.items) {
        if (!('str' in it) || !it.str.trim()) continue;
        chars += it.str.length;
        tokens.push(...itemWords(it as TextItemLike, vp.transform, p));
      }
      if (chars > MAX_CHARS_TOTAL) {
        throw new AppError('security_check_failed', `The PDF expands to more than ${MAX_CHARS_TOTAL} characters of text: the file looks like a decompression bomb.`);
      }
    } finally {
      page.cleanup();
    }
  }
  return { tokens, pages, chars };
}
