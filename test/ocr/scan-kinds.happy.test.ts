// Scans as people make them (test/fixtures/scan/scan-kinds.ts), the few that must never regress: a
// page scanned turned a quarter is read upright; a phone photo taken at an angle is made upright; a
// page that cannot be read is named (page_unread) and keeps the other page's rows from PASS; a fax's
// squashed pixels are stretched before OCR.
// Row F1 per kind, for both backends, is measured by `npm run bench` (bench/scans.bench.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { createOcrBackend } from '../../src/adapters/ocr/index.js';
import { convert } from '../../src/engine/convert.js';
import { imagePages } from '../../src/engine/ocr/image-input.js';
import { DEFAULT_OCR_LIMITS } from '../../src/engine/ocr/ocr-backend.js';
import { generateStatementPdf, type Truth } from '../fixtures/pdf/generate.js';
import { makeScan } from '../fixtures/scan/scan-kinds.js';
import { imagePdf, pngDims, scanPages } from './scan-fixture.js';

let pdf: Uint8Array;
let truth: Truth;

beforeAll(async () => {
  const g = await generateStatementPdf({ layout: 'split', rows: 9, seed: 3 });
  pdf = g.bytes;
  truth = g.truth;
});

const rows = (t: { transactions: { Date: string; Amount: string; Balance: string | null }[] }) =>
  t.transactions.map((x) => [x.Date, Number(x.Amount).toFixed(2), Number(x.Balance).toFixed(2)]);

describe('scans as people make them', { timeout: 180_000 }, () => {
  it('a page scanned turned 90 degrees is read upright', async () => {
    const scan = await makeScan('rot90', pdf, 3);
    const r = await convert(scan.bytes, { ocr: createOcrBackend() });
    expect(rows(r)).toEqual(rows(truth));
    expect(r.warnings.find((w) => w.code === 'ocr_used')?.message).toMatch(/page 1 was read turned 270°/);
    expect(r.warnings.map((w) => w.code)).not.toContain('page_unread');
    // A flatbed page (paper up to the image's border) is never resampled for perspective.
    expect(r.warnings.find((w) => w.code === 'ocr_used')?.message).not.toMatch(/perspective/);
  });

  it('a page photographed at an angle (strong keystone, turned, on a table) is made upright', async () => {
    const scan = await makeScan('angled', pdf, 3);
    const r = await convert(scan.bytes, { ocr: createOcrBackend() });
    expect(rows(r)).toEqual(rows(truth));
    expect(r.warnings.find((w) => w.code === 'ocr_used')?.message).toMatch(/clean-up: perspective corrected/);
    // Provenance is in the upright page's frame: every box within the page's size.
    for (const p of r.provenance ?? []) {
      expect(p?.pageWidth).toBeLessThan(p!.pageHeight!);
      for (const [x0, y0, x1, y1] of p?.boxes ?? []) expect(x0 >= 0 && y0 >= 0 && x1 <= p!.pageWidth! && y1 <= p!.pageHeight!).toBe(true);
    }
  });

  it("a page that cannot be read is named, and the other page's rows never PASS alone", async () => {
    const [good] = await scanPages(pdf, { noise: 20, cropTop: 0.42 });
    const [smear] = await scanPages(pdf, { blur: 9, cropTop: 0.42 });
    const two = await imagePdf([good, smear], [pngDims(good), pngDims(smear)]);
    const r = await convert(two, { ocr: createOcrBackend() });
    expect(r.warnings.find((w) => w.code === 'page_unread')?.page).toBe(2);
    expect(r.reconcile_status).not.toBe('PASS');
  });

  it("a fax's pixels (204 x 98 dpi, 1-bit) are made square before clean-up", async () => {
    const scan = await makeScan('fax', pdf, 3);
    const pages = [];
    for await (const p of imagePages(scan.bytes, DEFAULT_OCR_LIMITS)) pages.push(p);
    // A4 at 204 dpi both ways: 1687 x ~2386 pixels, not half height.
    expect(pages[0].dpi).toBe(204);
    expect(pages[0].height / pages[0].width).toBeCloseTo(297 / 210, 1);
  });
});
