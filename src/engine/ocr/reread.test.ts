import { describe, expect, it } from 'vitest';
import type { OcrBackend, OcrWord, RecognizeOptions } from './ocr-backend.js';
import type { CleanPage } from './page-cleanup.js';
import { rereadWords } from './reread.js';

const page = (): CleanPage => {
  const width = 400,
    height = 100;
  return { image: { png: new Uint8Array(), width, height }, bin: new Uint8Array(width * height), scale: 1, skew: 0, applied: [] };
};
const word = (text: string, conf: number): OcrWord => ({ text, conf, x0: 100, x1: 220, y0: 30, y1: 60, line: 1 });

/** A backend whose cropped figure reading (digit whitelist) is `reads`; it counts the readings asked for. */
function backend(reads: string): OcrBackend & { figureReads: number } {
  return {
    name: 'fake',
    figureReads: 0,
    async recognize(_image, opts: RecognizeOptions) {
      if (!opts.variant?.whitelist) return [];
      this.figureReads++;
      // The one word cut out sits in the strip's first band (from y 20, twice its padded height).
      return [{ text: reads, conf: 96, x0: 20, x1: 140, y0: 30, y1: 60, line: 0 }];
    },
  };
}

describe('second readings of figures', () => {
  it('reads a figure OCR was fairly but not fully sure of (85%) again, cut out, and offers it as an alternative', async () => {
    const b = backend('1,597.20');
    const [w] = await rereadWords(b, page(), [word('4,597.20', 85)], 1, 5_000);
    expect(b.figureReads).toBe(1);
    // Offered to the balance chain only: the text stays as first read.
    expect(w.text).toBe('4,597.20');
    expect(w.alt).toBe('1,597.20');
  });

  it('leaves figures read surely alone, and keeps the printed sign of the first reading', async () => {
    const sure = backend('1,597.20');
    const [w] = await rereadWords(sure, page(), [word('4,597.20', 95)], 1, 5_000);
    expect(sure.figureReads).toBe(0);
    expect(w.alt).toBeUndefined();
    const [neg] = await rereadWords(backend('1,597.20'), page(), [word('-4,597.20', 84)], 1, 5_000);
    expect(neg.alt).toBe('-1,597.20');
  });
});

describe('the cut-out figure reading', () => {
  it('thresholds each cut on its own grey, not the page-wide ink', async () => {
    const p = page();
    // Faint strokes the page-wide threshold lost (no ink in bin), still darker than their own paper.
    p.grey = new Uint8Array(p.image.width * p.image.height).fill(200);
    for (let y = 35; y < 55; y++) for (let x = 110; x < 210; x += 3) p.grey[y * p.image.width + x] = 150;
    let dark = 0;
    const b: OcrBackend = {
      name: 'fake',
      async recognize(image, opts) {
        if (!opts.variant?.whitelist) return [];
        const { createCanvas, loadImage } = await import('@napi-rs/canvas');
        const img = await loadImage(Buffer.from(image.png));
        const c = createCanvas(image.width, image.height);
        c.getContext('2d').drawImage(img, 0, 0);
        const d = c.getContext('2d').getImageData(0, 0, image.width, image.height).data;
        for (let i = 0; i < d.length; i += 4) if (d[i] < 128) dark++;
        return [];
      },
    };
    await rereadWords(b, p, [word('4,597.20', 85)], 1, 5_000);
    expect(dark).toBeGreaterThan(500);
  });
});
