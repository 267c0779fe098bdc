// Scans of a shared development statement (synth-uk, used in place; skipped where the corpus is
// absent), printed and scanned by test/fixtures/scan/scan-statements.ts at 200 dpi with noise,
// dust, blur and a slight tilt, read as a multi-page TIFF. Two pages only: the whole set (both
// resolutions, PDF and TIFF, both backends) is measured by `npm run bench` (bench/ocr-corpus.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createOcrBackend } from '../../src/adapters/ocr/index.js';
import { convert } from '../../src/engine/convert.js';
import { HAS_SYNTH_UK, scanStatement, SYNTH_UK } from '../fixtures/scan/scan-statements.js';

interface ExpectedRow {
  Date: string;
  Amount: string;
  Description: string;
}

/** Rows matched on Date + Amount (each expected row at most once): precision/recall F1. */
function rowF1(got: { Date: string; Amount: string }[], want: ExpectedRow[]): number {
  const left = new Map<string, number>();
  for (const r of want) left.set(`${r.Date} ${Number(r.Amount)}`, (left.get(`${r.Date} ${Number(r.Amount)}`) ?? 0) + 1);
  let hit = 0;
  for (const r of got) {
    const k = `${r.Date} ${Number(r.Amount)}`;
    const n = left.get(k) ?? 0;
    if (n > 0) {
      hit++;
      left.set(k, n - 1);
    }
  }
  return (2 * hit) / (got.length + want.length);
}

describe.skipIf(!HAS_SYNTH_UK)('scans of the synth-uk statements', { timeout: 240_000 }, () => {
  it('a 200 dpi two-page TIFF scan reads with row F1 >= 0.95, every row with its OCR confidence, never a wrong PASS', async () => {
    const file = `${SYNTH_UK}/generic_01.pdf`;
    const expected = JSON.parse(readFileSync(file.replace(/\.pdf$/, '.expected.json'), 'utf8')) as { transactions: ExpectedRow[] };
    const { tiff } = await scanStatement(file, 200);
    const r = await convert(tiff, { ocr: createOcrBackend() });
    expect(r.meta.inputKind).toBe('image');
    const f1 = rowF1(r.transactions, expected.transactions);
    expect(f1).toBeGreaterThanOrEqual(0.95);
    if (r.reconcile_status === 'PASS') expect(f1).toBe(1);
    expect(r.provenance.every((p) => p?.ocr && p.ocr.confidence > 0 && p.ocr.min <= p.ocr.confidence)).toBe(true);
    // Low-confidence words name their cell, so the web page can mark it.
    for (const p of r.provenance) for (const w of p?.ocr?.low ?? []) expect(['date', 'description', 'amount', 'balance']).toContain(w.cell);
  });
});
