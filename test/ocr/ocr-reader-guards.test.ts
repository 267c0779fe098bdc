// Guards of the OCR reader without running OCR: a generated statement's text-layer words play the
// OCR words (each read at 96% unless a test says otherwise). A figure OCR garbled into a row's text
// keeps the result from PASS.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Token } from '../../src/engine/layout/types.js';
import type { OcrWord } from '../../src/engine/ocr/ocr-backend.js';
import { readOcrPages } from '../../src/engine/ocr/ocr-reader.js';
import { openPdf } from '../../src/engine/pdf/pdfium-document.js';
import { extractTokens } from '../../src/engine/pdf/pdfium-text.js';
import { generateStatementPdf, type Truth } from '../fixtures/pdf/generate.js';

let tokens: Token[];
let truth: Truth;
let pages: { page: number; width: number; height: number }[];

beforeAll(async () => {
  const g = await generateStatementPdf({ layout: 'split', rows: 8, seed: 5, multiLine: false });
  truth = g.truth;
  const doc = await openPdf(g.bytes, undefined);
  try {
    ({ tokens, pages } = extractTokens(doc));
  } finally {
    await doc.destroy();
  }
});

/** Text-layer tokens as OCR words (points as pixels), lines by baseline; `edit` may change a word. */
function read(edit: (w: OcrWord) => OcrWord = (w) => w) {
  const lines = new Map<number, number>();
  const words: OcrWord[] = tokens.map((t) => {
    const key = Math.round(t.y);
    if (!lines.has(key)) lines.set(key, lines.size);
    return edit({ text: t.text, conf: 96, x0: t.x0, x1: t.x1, y0: t.y - t.em * 0.72, y1: t.y + t.em * 0.2, line: lines.get(key)! });
  });
  return readOcrPages([{ page: 1, words, scale: 1 }], { inputKind: 'image', bank: 'auto', pageCount: 1, pages, backend: 'test' });
}

describe('OCR reader guards', () => {
  it('words read surely: PASS with the rows as printed', () => {
    const r = read();
    expect(r.transactions.map((t) => t.Amount)).toEqual(truth.transactions.map((t) => t.Amount));
    expect(r.reconcile_status).toBe('PASS');
  });

  it('a balance garbled into the description ("-1,2345.67") keeps the result from PASS', () => {
    // The printed balance of the third row (a row inside the chain, not the opening).
    const printed = Number(truth.transactions[2].Balance).toLocaleString('en-GB', { minimumFractionDigits: 2 });
    const target = tokens.find((t) => t.text === printed);
    expect(target).toBeDefined();
    const r = read((w) => (w.text === target!.text && w.x0 === target!.x0 ? { ...w, text: w.text.replace(',', ',5') } : w));
    const w = r.warnings.find((x) => x.code === 'ocr_unsure_text' && /could not read as money/.test(x.message));
    expect(w?.message).toContain(',5');
    expect(r.reconcile_status).not.toBe('PASS');
  });
});
