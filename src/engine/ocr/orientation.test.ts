import { describe, expect, it } from 'vitest';
import type { OcrWord } from './ocr-backend.js';
import { band, chooseTurn, inkShare, readingScore, readsUpright, turnGrey } from './orientation.js';

const word = (text: string, conf = 92): OcrWord => ({ text, conf, x0: 0, y0: 0, x1: 10, y1: 10, line: 1 });
const page = (w: number, h: number) => ({ width: w, height: h, grey: Uint8Array.from({ length: w * h }, (_, i) => i % 251), dpi: 300 });

describe('page orientation', () => {
  it('turns pixels a quarter, a half and three quarters; four quarters give the page back', () => {
    const p = page(5, 3);
    const q = turnGrey(p, 90);
    expect([q.width, q.height]).toEqual([3, 5]);
    // Clockwise: the source's bottom-left pixel is the turned page's top-left.
    expect(q.grey[0]).toBe(p.grey[2 * 5]);
    expect(turnGrey(turnGrey(q, 270), 0).grey).toEqual(p.grey);
    expect(turnGrey(turnGrey(p, 180), 180).grey).toEqual(p.grey);
    expect(turnGrey(turnGrey(turnGrey(q, 90), 90), 90).grey).toEqual(p.grey);
    expect(band(p, 0, 0.34).height).toBe(2);
  });

  it('scores words that read as a statement above the noise of a page read the wrong way up', () => {
    const upright = ['Date', 'Description', 'Balance', '02/12/2023', 'TESCO', 'STORES', '-879.31', '620.69', '03', 'Dec', '1,527.21'].map((t) => word(t));
    const noise = ['‘IS', 'Z6', "'1'", 'SE9', ')8L', 'oe', '‘€', 'AGG', 'ly'].map((t) => word(t, 35));
    expect(readingScore(upright)).toBeGreaterThan(12);
    expect(readingScore(noise)).toBe(0);
    expect(readsUpright(noise)).toBe(false);
    expect(readsUpright([...upright, ...upright])).toBe(true);
  });

  it('turns only when another way up reads clearly better', () => {
    expect(chooseTurn({ 0: 2, 90: 40, 180: 3, 270: 5 })).toBe(90);
    expect(chooseTurn({ 0: 30, 90: 40, 180: 3, 270: 5 })).toBe(0);
    expect(chooseTurn({ 0: 0, 90: 5, 180: 3, 270: 6 })).toBe(0);
    expect(inkShare(Uint8Array.from([1, 0, 0, 0]))).toBe(0.25);
  });
});
