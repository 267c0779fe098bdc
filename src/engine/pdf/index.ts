// PDF statements: guard -> extract (PDFium, positioned words) -> shared layout -> reconcile.
// An OCR stage can later supply positioned words to the same layout (readStatement).
import { detectHeader } from '../layout/header-detect.js';
import { LabelRoles } from '../layout/header-labels.js';
import { alignByOrder, isCompact } from '../layout/compact-text.js';
import { AppError } from '../../errors.js';
import { fileSignals } from '../integrity/file-signals.js';
import { arithmeticSignals, overlapSignals } from '../integrity/layout-signals.js';
import { integrityOf } from '../integrity/types.js';
import { buildLines } from '../layout/line-builder.js';
import { readStatements } from '../layout/statement-split.js';
import type { ConvertOptions, EngineResult } from '../types.js';
import { garbledTextLayer } from './garbled-text.js';
import { guardDecompression } from './pdf-bomb.js';
import { guardBytes, guardDocument } from './pdf-guard.js';
import { openPdf } from './pdfium-document.js';
import { discardPdfium } from './pdfium-loader.js';
import { extractTokens } from './pdfium-text.js';

export async function convertPdf(bytes: Uint8Array, opts: ConvertOptions): Promise<EngineResult> {
  // Both byte-level checks run before any PDF library sees the file (they do not depend on one).
  await guardDecompression(bytes);
  await guardBytes(bytes);
  try {
    return await readPdf(bytes, opts);
  } catch (e) {
    // PDFium stopped inside WebAssembly (it ran out of its memory, or hit a fault on a hostile file):
    // the file's fault, a 400, never a 500; the thread's instance is replaced for the next file.
    if (!(e instanceof WebAssembly.RuntimeError)) throw e;
    discardPdfium();
    throw new AppError(
      'security_check_failed',
      'The PDF could not be read safely: the PDF reader stopped on it (it needs more memory than a conversion may use, or it is malformed).',
    );
  }
}

async function readPdf(bytes: Uint8Array, opts: ConvertOptions): Promise<EngineResult> {
  const doc = await openPdf(bytes, opts.password);
  try {
    await guardDocument(doc, bytes);
    const { tokens, pages, chars } = extractTokens(doc);
    // Scanned pages go to OCR when a backend is given (src/engine/ocr/pdf-scan.ts): pages with no
    // text layer always, pages with a large image when the text layer alone holds no table, and every
    // page when the text layer is garbled.
    const scan = opts.ocr
      ? (mode: 'bare' | 'mixed' | 'garbled') => import('../ocr/pdf-scan.js').then((m) => m.scanPages({ doc, tokens, pages, opts, backend: opts.ocr! }, mode))
      : null;
    const scanned = scan ? await scan('bare') : null;
    if (scanned) return scanned;
    if (chars === 0) {
      throw new AppError(
        'no_transactions_found',
        opts.ocr
          ? 'The PDF has no text layer and no scanned page images to read.'
          : 'The PDF has no text layer (it looks scanned or image-only) and OCR is not available in this setup.',
      );
    }
    let lines = buildLines(tokens);
    // A PDF of flowed text (words set one space apart, figures in no column, no table header) is read
    // as copied text is; a header row says where its columns are, however tight the figures sit.
    const labels = new LabelRoles();
    const compact = isCompact(lines);
    const headerless = compact && !lines.some((_, i) => detectHeader(lines, i, labels) !== null);
    if (headerless) lines = alignByOrder(lines);
    const read = (ls: typeof lines, asText: boolean) =>
      readStatements(ls, { inputKind: 'pdf', bank: opts.bank, pageCount: doc.numPages, pages, headerless: asText, currency: opts.currency });
    // Flowed text under a header row whose columns its rows do not keep (N26: each booking's date and
    // figure printed under the description label) is read as copied text, as if it had no header.
    const readFlowed = (): ReturnType<typeof read> => {
      try {
        return read(lines, headerless);
      } catch (e) {
        if (!compact || headerless || !(e instanceof AppError && e.code === 'no_transactions_found')) throw e;
        return read(alignByOrder(lines), true);
      }
    };
    try {
      const result = readFlowed();
      result.integrity = integrityOf([
        ...fileSignals(bytes, {
          producer: doc.metaText('Producer'),
          creator: doc.metaText('Creator'),
          creationDate: doc.metaText('CreationDate'),
          modDate: doc.metaText('ModDate'),
        }),
        ...overlapSignals(tokens),
        ...(result.integrity?.signals ?? []),
        ...arithmeticSignals(result),
      ]);
      return result;
    } catch (e) {
      if (!(e instanceof AppError && e.code === 'no_transactions_found')) throw e;
      const mixed = scan ? await scan('mixed') : null;
      if (mixed) return mixed;
      if (garbledTextLayer(tokens)) {
        // Its words are no statement's text (no date, no amount): the pages are read from their pixels.
        const read = scan ? await scan('garbled') : null;
        if (read) return read;
        throw new AppError(
          'no_transactions_found',
          opts.ocr
            ? "The PDF's text layer cannot be read (its fonts map to the wrong characters), and OCR of its pages found no transaction table."
            : "The PDF's text layer cannot be read (its fonts map to the wrong characters) and OCR is not available in this setup.",
        );
      }
      throw e;
    }
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}
