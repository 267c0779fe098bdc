// PDF statements: guard -> extract (pdfjs, positioned words) -> shared layout -> reconcile.
// An OCR stage can later supply positioned words to the same layout (readStatement).
import { AppError } from '../../errors.js';
import { buildLines } from '../layout/line-builder.js';
import { readStatement } from '../layout/statement-reader.js';
import type { ConvertOptions, EngineResult } from '../types.js';
import { guardDecompression } from './pdf-bomb.js';
import { guardDocument } from './pdf-guard.js';
import { extractTokens } from './pdf-text.js';
import { openPdf } from './pdfjs-loader.js';

export async function convertPdf(bytes: Uint8Array, opts: ConvertOptions): Promise<EngineResult> {
  guardDecompression(bytes);
  const doc = await openPdf(bytes, opts.password);
  try {
    await guardDocument(doc, bytes);
    const { tokens, pages, chars } = await extractTokens(doc).catch(malformed);
    // Scanned pages go to OCR when a backend is given (src/engine/ocr/pdf-scan.ts): pages with no
    // text layer always, pages with a large image when the text layer alone holds no table.
    const scan = opts.ocr ? (mode: 'bare' | 'mixed') => import('../ocr/pdf-scan.js').then((m) => m.scanPages({ doc, tokens, pages, opts, backend: opts.ocr! }, mode)) : null;
    const scanned = scan ? await scan('bare') : null;
    if (scanned) return scanned;
    if (chars === 0) {
      throw new AppError('no_transactions_found', opts.ocr
        ? 'The PDF has no text layer and no scanned page images to read.'
        : 'The PDF has no text layer (it looks scanned or image-only) and OCR is not available in this setup.');
    }
    const lines = buildLines(tokens);
    try {
      return readStatement(lines, { inputKind: 'pdf', bank: opts.bank, pageCount: doc.numPages, pages });
    } catch (e) {
      const mixed = scan && e instanceof AppError && e.code === 'no_transactions_found' ? await scan('mixed') : null;
      if (mixed) return mixed;
      throw e;
    }
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}

/** pdfjs failures while reading pages (circular page trees, broken objects) are the file's fault: 400, never a 500. */
const PDFJS_ERRORS = /^(UnknownErrorException|FormatError|InvalidPDFException|XRefParseException|MissingDataException)$/;
function malformed(e: unknown): never {
  const name = (e as { name?: string })?.name ?? '';
  if (e instanceof AppError || !PDFJS_ERRORS.test(name)) throw e;
  throw new AppError('security_check_failed', 'The PDF is malformed beyond recovery (its page tree or objects are broken) and cannot be read safely.');
}
