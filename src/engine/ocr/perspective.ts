// Undoing a photo's perspective: the homography that takes an upright rectangle onto the page's
// quadrilateral in the photo (four point pairs, solved directly: DLT with h33 = 1), and the page
// resampled through it to that rectangle with bilinear interpolation. The rectangle is as wide as
// the page's longer top/bottom side and as tall as its longer left/right side, so the page keeps
// the resolution of its nearer side (no more pixels than the photo had). Pure computation on
// plain numbers. Units: pixels (pixel centres at integer coordinates).
import type { GreyPage } from './page-cleanup.js';
import { dist, findPageQuad, needsStraightening, type Point, type Quad } from './page-edges.js';

/** A 3 x 3 projective map, row-major: [x', y', w'] = H [x, y, 1]. */
export type Homography = number[];

/** Solves A x = b by Gaussian elimination with partial pivoting (A n x n, row-major); null if singular. */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[piv][c])) piv = r;
    if (Math.abs(m[piv][c]) < 1e-12) return null;
    [m[c], m[piv]] = [m[piv], m[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  return m.map((row, i) => row[n] / row[i]);
}

/**
 * The homography taking each `from` point to its `to` point. Points are scaled to about unit size
 * first (coordinates of thousands of pixels squared would make the system badly conditioned).
 */
export function homography(from: Point[], to: Point[]): Homography | null {
  const sf = Math.max(1, ...from.flat().map(Math.abs)),
    st = Math.max(1, ...to.flat().map(Math.abs));
  const a: number[][] = [],
    b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const x = from[i][0] / sf,
      y = from[i][1] / sf,
      u = to[i][0] / st,
      v = to[i][1] / st;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const h = solve(a, b);
  if (!h) return null;
  // Undo the scaling: H = diag(st, st, 1) Hn diag(1/sf, 1/sf, 1).
  return [h[0] * (st / sf), h[1] * (st / sf), h[2] * st, h[3] * (st / sf), h[4] * (st / sf), h[5] * st, h[6] / sf, h[7] / sf, 1];
}

/** A point through a homography. */
export function mapPoint(h: Homography, [x, y]: Point): Point {
  const w = h[6] * x + h[7] * y + h[8];
  return [(h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w];
}

/** Size of the upright page a quadrilateral becomes: its longer opposite sides, within the photo's pixel count. */
export function uprightSize(q: Quad, maxPixels: number): { width: number; height: number } {
  const [tl, tr, br, bl] = q;
  let width = Math.max(dist(tl, tr), dist(bl, br)) + 1,
    height = Math.max(dist(tl, bl), dist(tr, br)) + 1;
  if (width * height > maxPixels) {
    const f = Math.sqrt(maxPixels / (width * height));
    width *= f;
    height *= f;
  }
  return { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
}

/**
 * The page inside `q` resampled upright to width x height: each output pixel traced back through the
 * homography and read bilinearly from the photo (outside the photo: white paper). With `inset`, that
 * many pixels of the upright page are left off each side (the output is 2 x inset smaller).
 */
export function warpQuad(p: GreyPage, q: Quad, width: number, height: number, inset = 0): Uint8Array | null {
  const rect: Point[] = [
    [0, 0],
    [width - 1, 0],
    [width - 1, height - 1],
    [0, height - 1],
  ];
  const h = homography(rect, q);
  if (!h) return null;
  const ow = width - 2 * inset,
    oh = height - 2 * inset;
  if (ow < 1 || oh < 1) return null;
  const out = new Uint8Array(ow * oh);
  const { width: sw, height: sh, grey: g } = p;
  for (let y = 0; y < oh; y++) {
    // Along a row the homogeneous coordinates change linearly: one step adds the first column.
    let X = h[0] * inset + h[1] * (y + inset) + h[2],
      Y = h[3] * inset + h[4] * (y + inset) + h[5],
      W = h[6] * inset + h[7] * (y + inset) + h[8];
    for (let x = 0; x < ow; x++, X += h[0], Y += h[3], W += h[6]) {
      const sx = X / W,
        sy = Y / W;
      if (!(sx >= 0 && sy >= 0 && sx <= sw - 1 && sy <= sh - 1)) {
        out[y * ow + x] = 255;
        continue;
      }
      const x0 = sx | 0,
        y0 = sy | 0,
        x1 = x0 + 1 < sw ? x0 + 1 : x0,
        y1 = y0 + 1 < sh ? y0 + 1 : y0,
        a = sx - x0,
        b = sy - y0;
      const top = g[y0 * sw + x0] + (g[y0 * sw + x1] - g[y0 * sw + x0]) * a,
        bottom = g[y1 * sw + x0] + (g[y1 * sw + x1] - g[y1 * sw + x0]) * a;
      out[y * ow + x] = Math.round(top + (bottom - top) * b);
    }
  }
  return out;
}

/** Share of the upright page's width left off each side (the paper's edge). */
const INSET = 0.004;

export interface Straightened {
  page: GreyPage;
  /** The paper's corners in the photo (page pixels), clockwise from the top-left. */
  quad: Quad;
}

/**
 * A photo of a page at an angle made upright: the paper's edges found (page-edges.ts), and when the
 * page is clearly not an upright rectangle, resampled to one. Null when no page was found against a
 * darker surround, or it is upright already (a flatbed scan, a photo taken square-on): the caller
 * keeps the pixels it has. The resolution of the upright page is guessed from its own size.
 */
export function straightenPage(p: GreyPage, guessDpi: (w: number, h: number) => number): Straightened | null {
  const quad = findPageQuad(p);
  if (!quad || !needsStraightening(quad)) return null;
  const size = uprightSize(quad, p.width * p.height);
  // The corners lie on the paper's edge, half table: ~0.4% of the page (~1 mm; a statement's margin
  // is 10 mm and more) is left off each side, so no dark rim of table reaches OCR as a ruled line.
  const inset = Math.round(size.width * INSET);
  const grey = warpQuad(p, quad, size.width, size.height, inset);
  if (!grey) return null;
  const width = size.width - 2 * inset,
    height = size.height - 2 * inset;
  return { page: { width, height, grey, dpi: guessDpi(width, height), photo: true }, quad };
}
