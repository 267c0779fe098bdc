// PDFium's WebAssembly memory never shrinks: a thread that read one huge file drops that instance once
// no document is open, instead of holding the memory until the worker exits.
import { describe, expect, it } from 'vitest';
import { generateStatementPdf } from '../../../test/fixtures/pdf/generate.js';
import { openPdf } from './pdfium-document.js';
import { KEEP_MEMORY_BYTES, loadPdfium } from './pdfium-loader.js';

describe('loadPdfium', () => {
  it('keeps one instance per thread, and drops it after a document grew its memory past the bound', async () => {
    const { bytes } = await generateStatementPdf({ layout: 'split', rows: 3 });
    const first = await loadPdfium();
    expect(await loadPdfium()).toBe(first);
    const doc = await openPdf(bytes, undefined);
    // Grow the memory as a very large file would, then give the block back: the memory stays grown.
    const big = first.fn.malloc(KEEP_MEMORY_BYTES + 16 * 1024 * 1024);
    expect(big).not.toBe(0);
    first.fn.free(big);
    expect(await loadPdfium()).toBe(first); // a document is still open
    await doc.destroy();
    const second = await loadPdfium();
    expect(second === first).toBe(false); // (toBe would deep-compare the old instance's detached views)
    expect(second.fn.memory.buffer.byteLength).toBeLessThan(KEEP_MEMORY_BYTES);
    // The fresh instance reads PDFs as before.
    const again = await openPdf(bytes, undefined);
    expect(again.numPages).toBe(1);
    await again.destroy();
    expect(await loadPdfium()).toBe(second);
  });
});
