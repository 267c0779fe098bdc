// The per-page annotation check is skipped only when the raw bytes show no /Annots key and no object
// streams (then no page dictionary can carry annotations); anything else is still checked.
import { describe, expect, it } from 'vitest';
import { guardDocument, needsAnnotationCheck } from '../../src/engine/pdf/pdf-guard.js';
import { openPdf } from '../../src/engine/pdf/pdfium-document.js';
import { generateStatementPdf } from '../fixtures/pdf/generate.js';

async function gate(bytes: Uint8Array): Promise<boolean> {
  const doc = await openPdf(bytes, undefined);
  try {
    await guardDocument(doc, bytes);
    return needsAnnotationCheck(doc);
  } finally {
    await doc.destroy();
  }
}

describe('annotation check gate', () => {
  it('skips the per-page check for a file without /Annots or object streams', async () => {
    const { bytes } = await generateStatementPdf({ layout: 'split', rows: 5 });
    expect(await gate(bytes)).toBe(false);
  });
  it('keeps it when the bytes mention /Annots or /ObjStm', async () => {
    const { bytes } = await generateStatementPdf({ layout: 'split', rows: 5 });
    for (const key of ['/Annots', '/ObjStm']) {
      const marked = new Uint8Array([...bytes, ...new TextEncoder().encode(`\n% ${key}\n`)]);
      expect(await gate(marked)).toBe(true);
    }
  });
});
