// A PDF whose text layer is a cipher of what it prints (a font's ToUnicode table mapping codes to the
// wrong characters): its words hold no date and no amount, so every page is read by OCR instead, and
// without OCR the answer says why the file cannot be read.
import { describe, expect, it } from 'vitest';
import { createOcrBackend } from '../../src/adapters/ocr/index.js';
import { convert } from '../../src/engine/convert.js';
import { withGarbledToUnicode } from '../fixtures/pdf/garbled-fonts.js';
import { generateStatementPdf } from '../fixtures/pdf/generate.js';

describe('a garbled text layer', { timeout: 180_000 }, () => {
  it("is set aside and the page OCR'd: the rows of the printed page", async () => {
    const g = await generateStatementPdf({ layout: 'split', rows: 12, seed: 3 });
    const r = await convert(withGarbledToUnicode(g.bytes), { ocr: createOcrBackend() });
    const got = r.transactions.map((t) => `${t.Date} ${t.Amount}`);
    const want = g.truth.transactions.map((t) => `${t.Date} ${Number(t.Amount).toFixed(2)}`);
    const hit = want.filter((w) => got.includes(w)).length;
    expect((2 * hit) / (got.length + want.length)).toBeGreaterThanOrEqual(0.9);
    expect(r.warnings.map((w) => w.code)).toContain('ocr_used');
    if (r.reconcile_status === 'PASS') expect(hit).toBe(want.length);
  });

  it('without OCR is refused with the reason, not read as its cipher', async () => {
    const g = await generateStatementPdf({ layout: 'split', rows: 12, seed: 3 });
    await expect(convert(withGarbledToUnicode(g.bytes), {})).rejects.toMatchObject({
      code: 'no_transactions_found',
      message: expect.stringMatching(/text layer cannot be read/),
    });
  });
});
