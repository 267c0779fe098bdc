import { describe, expect, it } from 'vitest';
import { cleanPage, despeckle, estimatePixelSkew, guessDpi, otsu, type GreyPage } from './page-cleanup.js';

/** A white page with dark text-like bars on lines tilted by `deg` (positive: downhill to the right). */
function linesPage(deg: number, width = 1200, height = 900): GreyPage {
  const grey = new Uint8Array(width * height).fill(235);
  const t = Math.tan((deg * Math.PI) / 180);
  for (let row = 100; row < height - 100; row += 40) {
    for (let x = 100; x < width - 100; x++) {
      if (x % 30 > 22) continue; // gaps between "glyphs"
      const y0 = Math.round(row + x * t);
      for (let y = y0; y < y0 + 12; y++) grey[y * width + x] = 20;
    }
  }
  return { width, height, grey, dpi: 150 };
}

describe('page clean-up before OCR', () => {
  it('finds a small tilt from the ink rows, to 0.1°', () => {
    const deg = (p: GreyPage) => (estimatePixelSkew(p) * 180) / Math.PI;
    expect(Math.abs(deg(linesPage(1.3)) - 1.3)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(deg(linesPage(-0.8)) + 0.8)).toBeLessThanOrEqual(0.1);
    expect(estimatePixelSkew(linesPage(0))).toBe(0);
  });

  it('thresholds between paper and ink', () => {
    const t = otsu(linesPage(0).grey);
    expect(t).toBeGreaterThanOrEqual(20);
    expect(t).toBeLessThan(235);
  });

  it('removes lone specks but keeps a decimal point beside its digits', () => {
    const w = 60,
      h = 30;
    const bin = new Uint8Array(w * h);
    const box = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) bin[y * w + x] = 1;
    };
    box(10, 5, 16, 20); // a digit
    box(19, 17, 22, 20); // its decimal point, 3 px away
    box(45, 3, 47, 5); // dust, far from anything
    expect(despeckle(bin, w, h, 30, 8)).toBe(1);
    // A decimal point 12 px from the digits on either side (a large font) stays too: it is on their line.
    const wide = new Uint8Array(w * h);
    const put = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) wide[y * w + x] = 1;
    };
    put(2, 5, 10, 20);
    put(22, 17, 25, 20);
    put(37, 5, 45, 20);
    expect(despeckle(wide, w, h, 30, 8, 24)).toBe(0);
    expect(bin[18 * w + 20]).toBe(1);
    expect(bin[4 * w + 46]).toBe(0);
  });

  it('scales a 150 dpi page to 300 dpi and straightens it; the scale maps back to input pixels', async () => {
    const page = linesPage(1.5, 600, 450);
    const c = await cleanPage(page);
    expect(c.image.width).toBe(1200);
    expect(c.scale).toBeCloseTo(0.5);
    expect((c.skew * 180) / Math.PI).toBeCloseTo(1.5, 0);
    expect(c.bin.length).toBe(c.image.width * c.image.height);
  });

  it('evens the light of a page cut out of a photo, and of no evenly lit scan', async () => {
    const even = await cleanPage({ ...linesPage(0), dpi: 300 });
    expect(even.applied).not.toContain('light evened');
    const photo = await cleanPage({ ...linesPage(0), dpi: 300, photo: true });
    expect(photo.applied).toContain('light evened');
  });

  it('guesses the resolution of an untagged A4 scan from its width', () => {
    expect(Math.round(guessDpi(1654, 2339))).toBe(199);
    expect(Math.round(guessDpi(3508, 2480) / 10)).toBe(31); // landscape A4 at 300 dpi
    expect(Math.round(guessDpi(2481, 1473))).toBe(299); // the top of a portrait page
  });
});
