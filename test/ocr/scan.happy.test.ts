// Scanned statements end to end: generated statements rendered to noisy, blurred, slightly rotated
// images, read back by OCR as image-only PDFs and as PNG uploads. Rows must come out exact with
// PASS where the chain holds and OCR was sure of every word (else ocr_unsure_text); a smudged digit is repaired and named, or the verdict is
// RECONCILE_WARN, never a silent PASS. Few, small pages: OCR is CPU-heavy on 2 shared cores.
import { beforeAll, describe, expect, it } from 'vitest';
import { createOcrBackend } from '../../src/adapters/ocr/index.js';
import { TesseractJsBackend } from '../../src/adapters/ocr/tesseract-js.backend.js';
import { convert } from '../../src/engine/convert.js';
import type { EngineResult } from '../../src/engine/types.js';
import { generateStatementPdf, type Truth } from '../fixtures/pdf/generate.js';
import { accountWithKey, createTestApp } from '../helpers/app.js';
import { fileUpload } from '../helpers/multipart.js';
import { imagePdf, pngDims, scanPages } from './scan-fixture.js';

const SCAN = { angleDeg: 1.2, blur: 0.7, noise: 40, cropTop: 0.42 };
let truth: Truth;
let png: Buffer;

/** PASS only when OCR was sure of every date and description word; otherwise ocr_unsure_text says which rows to check. */
function expectVerdict(r: EngineResult) {
  const codes = r.warnings.map((w) => w.code);
  expect(codes).not.toContain('balance_mismatch');
  if (r.reconcile_status !== 'PASS') {
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(codes).toContain('ocr_unsure_text');
  } else expect(codes).not.toContain('ocr_unsure_text');
  // Every row says how sure OCR was of it.
  for (const p of r.provenance ?? []) expect(p?.ocr?.confidence).toBeGreaterThan(0);
}

function expectRows(r: EngineResult, t: Truth) {
  expect(r.transactions.map((x) => [x.Date, x.Description, x.Amount, x.Balance])).toEqual(
    t.transactions.map((x) => [x.Date, x.Description, x.Amount, x.Balance]),
  );
}

beforeAll(async () => {
  const g = await generateStatementPdf({ layout: 'split', rows: 9, seed: 3 });
  truth = g.truth;
  [png] = await scanPages(g.bytes, SCAN);
});

describe('scanned statements (OCR)', { timeout: 150_000 }, () => {
  it('an image-only PDF is read by the embedded tesseract.js: exact rows, PASS unless a word was unsure, per-row confidence, ocr_used', async () => {
    const pdf = await imagePdf([png], [pngDims(png)]);
    const ocr = new TesseractJsBackend();
    const r = await convert(pdf, { ocr });
    expectRows(r, truth);
    expectVerdict(r);
    expect(r.meta.inputKind).toBe('pdf');
    const used = r.warnings.find((w) => w.code === 'ocr_used');
    expect(used?.message).toMatch(/tesseract\.js.*confidence \d+(\.\d)?%/);
    // Provenance in PDF points, like a text PDF.
    expect(r.provenance[0]?.boxes?.[0]?.every((v) => v >= 0 && v <= 600)).toBe(true);
  });

  it('a PNG upload through the API is read (default backend), recorded with file_type image', async () => {
    const t = await createTestApp();
    try {
      const { key } = await accountWithKey(t, 'pro');
      const up = fileUpload(png, 'scan.png');
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const body: EngineResult = res.json();
      expect(['PASS', 'RECONCILE_WARN']).toContain(body.reconcile_status);
      expect(body.warnings.map((w) => w.code)).not.toContain('balance_mismatch');
      expectRows(body, truth);
      expect(body.warnings.map((w) => w.code)).toContain('ocr_used');
      const list = await t.app.inject({ method: 'GET', url: '/api/v1/conversions', headers: { 'x-api-key': key } });
      expect(list.json().conversions[0]).toMatchObject({ file_type: 'image', status: 'succeeded' });
    } finally {
      await t.close();
    }
  });

  it('a smudged digit is repaired and named, or the verdict is RECONCILE_WARN: never a silent PASS', async () => {
    const g = await generateStatementPdf({ layout: 'split', rows: 9, seed: 3 });
    const target = truth.transactions[4];
    const v = Math.abs(Math.round(Number(target.Amount) * 100));
    const printed = `${Math.floor(v / 100).toLocaleString('en-GB')}.${String(v % 100).padStart(2, '0')}`;
    const [smudged] = await scanPages(g.bytes, { ...SCAN, smudge: { text: printed, digit: 1 } });
    const r = await convert(new Uint8Array(smudged), { ocr: createOcrBackend() });
    const repaired = r.warnings.filter((w) => w.code === 'ocr_repaired');
    if (r.reconcile_status === 'PASS') {
      expect(repaired.length).toBeGreaterThan(0);
      expect(repaired.some((w) => w.row === 5 && w.page === 1)).toBe(true);
      expectRows(r, truth);
    } else {
      expect(r.reconcile_status).toBe('RECONCILE_WARN');
      // Either the break stays, or it was repaired and only unsure words keep the PASS back.
      const codes = r.warnings.map((w) => w.code);
      expect(codes.includes('balance_mismatch') || codes.includes('rows_skipped') || (repaired.length > 0 && codes.includes('ocr_unsure_text'))).toBe(true);
    }
  });
});
