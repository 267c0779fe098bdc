import { describe, expect, it } from 'vitest';
import { isolatedInk, lightSpread, majority3, normaliseBackground } from './page-filters.js';

/** A page of paper (240) with dark bars of text (30) every 20 rows. */
function bars(w: number, h: number, paper: (x: number, y: number) => number): Uint8Array {
  const g = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) g[y * w + x] = y % 20 < 6 && x % 10 < 7 ? 30 : paper(x, y);
  return g;
}

describe('page filters', () => {
  it('measures uneven light and evens it out: the paper reads white, ink stays dark', () => {
    const w = 256,
      h = 256;
    const flat = bars(w, h, () => 240);
    expect(lightSpread(flat, w, h)).toBeLessThan(5);
    // A shadow over the right half: the paper there is at 120.
    const shaded = bars(w, h, (x) => (x < 128 ? 240 : 120));
    expect(lightSpread(shaded, w, h)).toBeGreaterThan(40);
    const even = normaliseBackground(shaded, w, h);
    expect(even[10 * w + 200]).toBeGreaterThan(230);
    expect(even[2 * w + 200]).toBeLessThan(100);
  });

  it('finds isolated specks and a 3 x 3 median removes them, keeping strokes', () => {
    const w = 60,
      h = 60;
    const bin = new Uint8Array(w * h);
    for (let y = 10; y < 50; y++) for (let x = 20; x < 23; x++) bin[y * w + x] = 1; // a 3 px stroke
    expect(isolatedInk(bin, w, h)).toBe(0);
    for (let i = 0; i < 40; i++) bin[(5 + ((i * 7) % 50)) * w + 40 + (i % 15)] = 1;
    expect(isolatedInk(bin, w, h)).toBeGreaterThan(0.005);
    majority3(bin, w, h);
    expect(isolatedInk(bin, w, h)).toBe(0);
    expect(bin[30 * w + 21]).toBe(1);
  });
});
