// Page edges (page-edges.ts) and perspective correction (perspective.ts) on synthetic photos: a
// page seen through a known homography on a dark table, a flatbed page with no border, the solve
// and its inverse.
import { describe, expect, it } from 'vitest';
import type { GreyPage } from './page-cleanup.js';
import { findPageQuad, needsStraightening, quadShape, type Point, type Quad } from './page-edges.js';
import { homography, mapPoint, straightenPage, uprightSize, warpQuad } from './perspective.js';

const dpiOf = (w: number) => w / 8.3;

/** Whether (x, y) lies inside the convex quadrilateral q (corners clockwise in image coordinates). */
function inside(q: Quad, x: number, y: number): boolean {
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = q[i],
      [bx, by] = q[(i + 1) % 4];
    if ((bx - ax) * (y - ay) - (by - ay) * (x - ax) < 0) return false;
  }
  return true;
}

/**
 * A photo: bright paper (grey 225) filling quadrilateral `q` on a dark table (grey 70, with a grain
 * of +-6 levels), printed with level text-like bars on the page (a 1000 x 1400 page seen through the
 * perspective that takes it onto `q`), and optionally a shadow darkening the right half by 45%
 * (paper and table alike).
 */
function photo(q: Quad, width: number, height: number, shadow = false): GreyPage {
  const toPage = homography(q, [
    [0, 0],
    [999, 0],
    [999, 1399],
    [0, 1399],
  ])!;
  const grey = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let g = 70 + 6 * Math.sin(x * 0.05 + y * 0.01);
      if (inside(q, x, y)) {
        const [s, t] = mapPoint(toPage, [x, y]);
        g = t % 40 < 8 && s % 30 < 22 && s > 80 && s < 920 && t > 80 && t < 1320 ? 30 : 225;
      }
      if (shadow && x > width / 2) g *= 0.55;
      grey[y * width + x] = Math.round(g);
    }
  }
  return { width, height, grey, dpi: dpiOf(width) };
}

const near = (a: Point, b: Point, tol: number) => Math.hypot(a[0] - b[0], a[1] - b[1]) <= tol;

describe('page edges in a photo', () => {
  const angled: Quad = [
    [150, 120],
    [930, 170],
    [1010, 1380],
    [90, 1430],
  ];

  it('finds the four corners of a bright page on a dark table', () => {
    const q = findPageQuad(photo(angled, 1100, 1500));
    expect(q).not.toBeNull();
    for (let i = 0; i < 4; i++) expect(near(q![i], angled[i], 6), `corner ${i}: ${q![i].join(',')}`).toBe(true);
    expect(needsStraightening(q!)).toBe(true);
  });

  it('finds them under a shadow over half the picture (paper and table darkened alike)', () => {
    const q = findPageQuad(photo(angled, 1100, 1500, true));
    expect(q).not.toBeNull();
    for (let i = 0; i < 4; i++) expect(near(q![i], angled[i], 6), `corner ${i}: ${q![i].join(',')}`).toBe(true);
  });

  it('finds no page on a flatbed scan (paper up to the border), which is left untouched', () => {
    const all: Quad = [
      [-5, -5],
      [1105, -5],
      [1105, 1505],
      [-5, 1505],
    ];
    const flatbed = photo(all, 1100, 1500);
    expect(findPageQuad(flatbed)).toBeNull();
    expect(straightenPage(flatbed, dpiOf)).toBeNull();
  });

  it('leaves an upright page on a darker table alone (found, but nothing to straighten)', () => {
    const upright: Quad = [
      [80, 90],
      [1010, 90],
      [1010, 1400],
      [80, 1400],
    ];
    const p = photo(upright, 1100, 1500);
    const q = findPageQuad(p);
    expect(q).not.toBeNull();
    expect(quadShape(q!).keystone).toBeLessThan(0.01);
    expect(needsStraightening(q!)).toBe(false);
    expect(straightenPage(p, dpiOf)).toBeNull();
  });
});

describe('perspective correction', () => {
  it('maps four points exactly, and back through the inverse solve', () => {
    const rect: Point[] = [
      [0, 0],
      [2479, 0],
      [2479, 3507],
      [0, 3507],
    ];
    const quad: Point[] = [
      [260, 631],
      [2745, 447],
      [2819, 3679],
      [651, 3819],
    ];
    const h = homography(rect, quad)!;
    const back = homography(quad, rect)!;
    for (let i = 0; i < 4; i++) expect(near(mapPoint(h, rect[i]), quad[i], 1e-6)).toBe(true);
    // Any point of the page goes there and back.
    for (const p of [
      [100, 200],
      [1234.5, 1800.25],
      [2400, 3400],
    ] as Point[])
      expect(near(mapPoint(back, mapPoint(h, p)), p, 1e-6)).toBe(true);
  });

  it('resamples the page inside the corners to an upright rectangle', () => {
    const q: Quad = [
      [150, 120],
      [930, 170],
      [1010, 1380],
      [90, 1430],
    ];
    const p = photo(q, 1100, 1500);
    const size = uprightSize(q, p.width * p.height);
    expect(size.width).toBe(Math.round(Math.hypot(920, 50) + 1));
    const out = warpQuad(p, q, size.width, size.height)!;
    // Paper everywhere but the bars; the bars run level (a row of the output is all paper or all
    // bars-and-gaps across the middle of the page).
    let dark = 0;
    for (const v of out) if (v < 128) dark++;
    expect(dark / out.length).toBeGreaterThan(0.05);
    expect(out[Math.round(size.height / 2) * size.width + 5]).toBeGreaterThan(200);
    const rowInk = (y: number) => {
      let n = 0;
      for (let x = 100; x < size.width - 100; x++) if (out[y * size.width + x] < 128) n++;
      return n / (size.width - 200);
    };
    const shares = Array.from({ length: size.height - 200 }, (_, i) => rowInk(i + 100));
    // Level bars: rows are either nearly empty or well inked (no rows cutting a tilted bar halfway).
    const middling = shares.filter((s) => s > 0.15 && s < 0.55).length;
    expect(middling / shares.length).toBeLessThan(0.08);
  });

  it('straightens a page photographed at an angle and guesses its resolution from the page', () => {
    const q: Quad = [
      [150, 120],
      [930, 170],
      [1010, 1380],
      [90, 1430],
    ];
    const s = straightenPage(photo(q, 1100, 1500), dpiOf)!;
    expect(s).not.toBeNull();
    expect(s.page.width).toBeGreaterThan(900);
    // The paper's edge is left off: no column or row of the border is table-dark.
    const { width: w, height: h, grey } = s.page;
    for (const i of [0, w - 1]) expect(Math.min(...Array.from({ length: h - 200 }, (_, y) => grey[(y + 100) * w + i]))).toBeGreaterThan(200);
    for (const j of [0, h - 1]) expect(Math.min(...grey.subarray(j * w + 100, j * w + w - 100))).toBeGreaterThan(200);
    expect(s.page.dpi).toBeCloseTo(s.page.width / 8.3, 5);
  });
});
