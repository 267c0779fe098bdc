// Page pictures for OCR (issue 16 reads image-only pages from them): size follows the resolution,
// the page is painted on white, text lands where the text layer says it is, and image coverage
// tells a scanned page from a text page.
import { describe, expect, it } from 'vitest';
import { generateStatementPdf } from '../../../test/fixtures/pdf/generate.js';
import { imagePdf, pngDims, scanPages } from '../../../test/ocr/scan-fixture.js';
import { openPdf } from './pdfium-document.js';
import { imageCoverage, pageSize, renderPage } from './pdfium-render.js';
import { extractTokens } from './pdfium-text.js';

const dark = (d: Uint8Array, i: number) => d[i] + d[i + 1] + d[i + 2] < 3 * 128;

describe('renderPage', () => {
  it('renders a page at the asked resolution, on white, with ink where the text layer has words', async () => {
    const { bytes } = await generateStatementPdf({ layout: 'split', rows: 8 });
    const doc = await openPdf(bytes, undefined);
    try {
      const { width, height } = pageSize(doc, 1);
      expect([Math.round(width), Math.round(height)]).toEqual([595, 842]); // A4 in points
      const low = renderPage(doc, 1, 72);
      expect([low.width, low.height]).toEqual([Math.ceil(width), Math.ceil(height)]);
      const bmp = renderPage(doc, 1, 150);
      expect([bmp.width, bmp.height]).toEqual([Math.ceil((width * 150) / 72), Math.ceil((height * 150) / 72)]);
      expect(bmp.data.length).toBe(bmp.width * bmp.height * 4);
      // The top-left corner is page margin: white, opaque.
      expect([...bmp.data.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
      // Under the first word of the text layer there is ink; the whole page is mostly white.
      const word = extractTokens(doc).tokens.find((t) => t.page === 1 && /\w{4,}/.test(t.text))!;
      const k = 150 / 72;
      let ink = 0;
      for (let y = Math.floor((word.y - word.em * 0.7) * k); y <= Math.ceil(word.y * k); y++) {
        for (let x = Math.floor(word.x0 * k); x <= Math.ceil(word.x1 * k); x++) if (dark(bmp.data, (y * bmp.width + x) * 4)) ink++;
      }
      expect(ink).toBeGreaterThan(10);
      let total = 0;
      for (let i = 0; i < bmp.data.length; i += 4) if (dark(bmp.data, i)) total++;
      expect(total / (bmp.width * bmp.height)).toBeLessThan(0.2);
    } finally {
      await doc.destroy();
    }
  });

  it('refuses a page that would pass the pixel limit', async () => {
    const { bytes } = await generateStatementPdf({ layout: 'split', rows: 3 });
    const doc = await openPdf(bytes, undefined);
    try {
      expect(() => renderPage(doc, 1, 1200, 1_000_000)).toThrow(expect.objectContaining({ code: 'security_check_failed' }));
    } finally {
      await doc.destroy();
    }
  });

  it('tells a scanned page (an image covering it) from a text page', async () => {
    const { bytes } = await generateStatementPdf({ layout: 'split', rows: 5 });
    const pngs = await scanPages(bytes, { dpi: 100 });
    const scanned = await imagePdf(pngs, pngs.map(pngDims), 100);
    const text = await openPdf(bytes, undefined);
    const image = await openPdf(scanned, undefined);
    try {
      expect(imageCoverage(text, 1)).toBe(0);
      expect(imageCoverage(image, 1)).toBeGreaterThan(0.95);
    } finally {
      await text.destroy();
      await image.destroy();
    }
  });
});
