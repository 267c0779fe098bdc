// PDFium characters become the word tokens pdf.js gave the layout: the page transform (rotation,
// crop box offsets) and the grouping of characters into words.
import { describe, expect, it } from 'vitest';
import { makePdf } from '../../../test/helpers/pdfkit.js';
import { openPdf } from './pdfium-document.js';
import { extractTokens, viewportTransform } from './pdfium-text.js';

const apply = (m: number[], x: number, y: number) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

const pdf = (build: (d: PDFKit.PDFDocument) => void) => makePdf(build, { margin: 0 });

describe('viewportTransform', () => {
  const box = { left: 10, bottom: 20, right: 610, top: 820 };
  it('puts the top-left corner of an upright page at the origin, y growing downwards', () => {
    const { vt, width, height } = viewportTransform(box, 0);
    expect([width, height]).toEqual([600, 800]);
    expect(apply(vt, 10, 820)).toEqual([0, 0]);
    expect(apply(vt, 610, 20)).toEqual([600, 800]);
  });
  it('turns a page printed with /Rotate 90 upright: width and height swap', () => {
    const { vt, width, height } = viewportTransform(box, 90);
    expect([width, height]).toEqual([800, 600]);
    // The page's bottom-left corner comes to the top-left once turned a quarter clockwise.
    expect(apply(vt, 10, 20)).toEqual([0, 0]);
    expect(apply(vt, 610, 820)).toEqual([800, 600]);
  });
  it('handles 180 and 270 degrees', () => {
    expect(apply(viewportTransform(box, 180).vt, 610, 20)).toEqual([0, 0]);
    expect(apply(viewportTransform(box, 270).vt, 610, 820)).toEqual([0, 0]);
  });
});

describe('extractTokens', () => {
  it('splits words at spaces and wide gaps, keeps baselines and font sizes, drops vertical text', async () => {
    const bytes = await pdf((d) => {
      d.font('Helvetica').fontSize(10).text('Card payment TESCO', 50, 100, { lineBreak: false });
      d.text('12.50', 300, 100, { lineBreak: false });
      d.fontSize(14).text('Statement', 50, 50, { lineBreak: false });
      d.save()
        .rotate(-90, { origin: [500, 500] })
        .fontSize(10)
        .text('SIDEWAYS', 500, 500, { lineBreak: false })
        .restore();
    });
    const doc = await openPdf(bytes, undefined);
    try {
      const { tokens, pages, chars } = extractTokens(doc);
      expect(pages).toEqual([{ page: 1, width: 595.28, height: 841.89 }]);
      expect(tokens.map((t) => t.text)).toEqual(['Card', 'payment', 'TESCO', '12.50', 'Statement']);
      expect(chars).toBeGreaterThanOrEqual(33);
      const [card, payment, , amount, title] = tokens;
      expect(card.x0).toBeCloseTo(50, 0);
      expect(payment.x0).toBeGreaterThan(card.x1);
      expect(amount.x0).toBeCloseTo(300, 0);
      // Same baseline for the words of one line; the em is the font size in points.
      expect(amount.y).toBeCloseTo(card.y, 1);
      expect(card.em).toBeCloseTo(10, 1);
      expect(title.em).toBeCloseTo(14, 1);
      expect(title.y).toBeLessThan(card.y);
      // The right edge is the end of the last advance: "12.50" in Helvetica is 4 x 556 + 278 units of 1/1000 em.
      expect(amount.x1 - amount.x0).toBeCloseTo(25.02, 1);
    } finally {
      await doc.destroy();
    }
  });
});
