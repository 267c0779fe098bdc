// A PDF that makes PDFium stop inside WebAssembly (a trap: its memory exhausted, or a fault a hostile
// file reaches) is the file's fault: 400 security_check_failed, and the next PDF gets a fresh instance.
import { describe, expect, it, vi } from 'vitest';
import { generateStatementPdf } from '../../../test/fixtures/pdf/generate.js';
import { convert } from '../convert.js';
import { loadPdfium } from './pdfium-loader.js';

const trap = vi.hoisted(() => ({ armed: false }));
vi.mock('./pdfium-text.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./pdfium-text.js')>();
  return {
    ...real,
    extractTokens: (...args: Parameters<typeof real.extractTokens>) => {
      if (trap.armed) throw new WebAssembly.RuntimeError('memory access out of bounds');
      return real.extractTokens(...args);
    },
  };
});

describe('a PDFium trap', () => {
  it('answers 400 security_check_failed and replaces the instance', async () => {
    const { bytes } = await generateStatementPdf({ layout: 'split', rows: 5 });
    const before = await loadPdfium();
    trap.armed = true;
    await expect(convert(bytes, {})).rejects.toMatchObject({ code: 'security_check_failed', detail: expect.stringMatching(/stopped/) });
    trap.armed = false;
    expect((await loadPdfium()) === before).toBe(false);
    expect((await convert(bytes, {})).reconcile_status).toBe('PASS');
  });
});
