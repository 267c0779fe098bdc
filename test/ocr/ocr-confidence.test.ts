// The unsure-words rule without running OCR: a generated statement's text-layer words play the OCR
// words, each given a confidence. The balances check figures, not words, so PASS needs every date
// and description word read surely; a figure read unsurely but confirmed by the chain is fine.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildLines } from '../../src/engine/layout/line-builder.js';
import { readStatement } from '../../src/engine/layout/statement-reader.js';
import type { Token } from '../../src/engine/layout/types.js';
import { applyOcrConfidence, UNSURE_BELOW } from '../../src/engine/ocr/ocr-confidence.js';
import { settleVerdict } from '../../src/engine/verdict.js';
import { openPdf } from '../../src/engine/pdf/pdfium-document.js';
import { extractTokens } from '../../src/engine/pdf/pdfium-text.js';
import { generateStatementPdf, type Truth } from '../fixtures/pdf/generate.js';

let tokens: Token[];
let truth: Truth;
let pages: { page: number; width: number; height: number }[];
const read = () => readStatement(buildLines(tokens), { inputKind: 'pdf', bank: 'auto', pageCount: 1, pages });

beforeAll(async () => {
  const g = await generateStatementPdf({ layout: 'split', rows: 8, seed: 5 });
  truth = g.truth;
  const doc = await openPdf(g.bytes, undefined);
  try {
    ({ tokens, pages } = extractTokens(doc));
  } finally {
    await doc.destroy();
  }
});

const confs = (low: (t: Token) => boolean) => tokens.map((token) => ({ token, conf: low(token) ? 60 : 96 }));
const descWord = () => truth.transactions[2].Description.split(/\s+/)[0];

describe('OCR confidence per row and the unsure-words rule', () => {
  it('every word read surely: PASS, each row with its confidence and nothing low', () => {
    const r = read();
    expect(r.reconcile_status).toBe('PASS');
    applyOcrConfidence(
      r,
      confs(() => false),
    );
    expect(settleVerdict(r).reconcile_status).toBe('PASS');
    expect(r.provenance.every((p) => p?.ocr?.confidence === 96 && p.ocr.min === 96 && p.ocr.low.length === 0)).toBe(true);
  });

  it('an unsure description word: RECONCILE_WARN with ocr_unsure_text naming the row, the cell marked', () => {
    const r = read();
    const word = descWord();
    applyOcrConfidence(
      r,
      confs((t) => t.text === word),
    );
    expect(settleVerdict(r).reconcile_status).toBe('RECONCILE_WARN');
    const w = r.warnings.find((x) => x.code === 'ocr_unsure_text');
    expect(w?.row).toBe(truth.transactions.findIndex((t) => t.Description.split(/\s+/)[0] === word) + 1);
    expect(w?.page).toBe(1);
    expect(w?.message).toContain(`below ${UNSURE_BELOW}%`);
    const low = r.provenance[w!.row! - 1]?.ocr?.low ?? [];
    expect(low.map((l) => [l.text, l.conf, l.cell])).toContainEqual([word, 60, 'description']);
    expect(low[0].box.every((v) => Number.isFinite(v))).toBe(true);
  });

  it('an unsure figure the balances confirm keeps PASS; its cell is still marked for the page', () => {
    const r = read();
    const v = Math.abs(Math.round(Number(truth.transactions[3].Amount) * 100));
    const printed = `${Math.floor(v / 100).toLocaleString('en-GB')}.${String(v % 100).padStart(2, '0')}`;
    applyOcrConfidence(
      r,
      confs((t) => t.text === printed),
    );
    expect(r.reconcile_status).toBe('PASS');
    expect(r.warnings.map((w) => w.code)).not.toContain('ocr_unsure_text');
    expect(r.provenance[3]?.ocr?.low.map((l) => l.cell)).toEqual(['amount']);
  });
});
