// A statement PDF with its text layer on page 1 and a scan as page 2 (an image-only page): page 2
// alone is rendered by PDFium and OCR'd, and the rows of both pages come out as one statement.
import { describe, expect, it } from 'vitest';
import { createOcrBackend } from '../../src/adapters/ocr/index.js';
import { convert } from '../../src/engine/convert.js';
import { generateStatementPdf } from '../fixtures/pdf/generate.js';
import { withScannedPages } from '../fixtures/scan/mixed-pdf.js';
import { scanPages } from './scan-fixture.js';

describe('mixed text and scanned pages', { timeout: 180_000 }, () => {
  it("a scanned page among text pages is OCR'd on its own; rows of both pages, only page 2 rows carry OCR confidence", async () => {
    const g = await generateStatementPdf({ layout: 'split', rows: 45, seed: 4 });
    const [, page2] = await scanPages(g.bytes, { dpi: 300, angleDeg: -0.8, blur: 0.6, noise: 30, specks: 60 });
    const pdf = await withScannedPages(g.bytes, new Map([[2, page2]]));
    const r = await convert(pdf, { ocr: createOcrBackend() });
    const got = r.transactions.map((t) => `${t.Date} ${t.Amount}`);
    const want = g.truth.transactions.map((t) => `${t.Date} ${Number(t.Amount).toFixed(2)}`);
    const hit = want.filter((w) => got.includes(w)).length;
    expect((2 * hit) / (got.length + want.length)).toBeGreaterThanOrEqual(0.95);
    const pagesRead = new Set(r.provenance.map((p) => p?.page));
    expect(pagesRead).toEqual(new Set([1, 2]));
    expect(r.provenance.filter((p) => p?.page === 1).every((p) => p?.ocr === undefined)).toBe(true);
    expect(r.provenance.filter((p) => p?.page === 2).every((p) => typeof p?.ocr?.confidence === 'number')).toBe(true);
    expect(r.warnings.find((w) => w.code === 'ocr_used')?.message).toMatch(/^Page 2 was read by OCR/);
    if (r.reconcile_status === 'PASS') expect(hit).toBe(want.length);
  });
});
