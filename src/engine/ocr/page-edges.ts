// The paper's four edges in a photo of a page lying on a darker surface (a table, a desk): each
// side is found by scanning the picture's rows (left, right sides) or columns (top, bottom) inward
// from its border to the first sharp rise from a dark surround to paper, and a straight line fitted
// through those points while ignoring the ones that miss (RANSAC: a shadow, a corner, text near the
// edge). The corners are where neighbouring lines meet. The rise is measured as a ratio of grey
// levels, so a shadow over part of an edge (paper and table darkened alike) does not hide it. A
// flatbed scan (paper up to the image's border) has no dark surround and gives no quadrilateral.
// Works on a copy reduced to at most ~600 px a side (box mean). Pure: pixels in, corners out.
// Units: pixels of the page given; angles in degrees.
import type { GreyPage } from './page-cleanup.js';

export type Point = [number, number];
/** Corners clockwise from the top-left: top-left, top-right, bottom-right, bottom-left. */
export type Quad = [Point, Point, Point, Point];

/** Longest side of the reduced copy the edges are found on (px). */
const SMALL_SIDE = 600;
/** Paper is at least this many times brighter than the surround just outside it. */
const RISE = 1.35;
/** ... and at least this many grey levels brighter. */
const MIN_STEP = 30;
/** Inlier distance from a side's line, reduced-copy pixels. */
const TOLERANCE = 1.5;

interface Small {
  width: number;
  height: number;
  grey: Float32Array;
  /** Page pixels per reduced pixel. */
  k: number;
}

/** The page reduced by a whole factor (each pixel the mean of the k x k it covers). */
function reduce(p: GreyPage, side = SMALL_SIDE): Small {
  const k = Math.max(1, Math.ceil(Math.max(p.width, p.height) / side));
  const width = Math.floor(p.width / k),
    height = Math.floor(p.height / k);
  const grey = new Float32Array(width * height);
  for (let y = 0; y < height * k; y++) {
    const row = ((y / k) | 0) * width;
    for (let x = 0; x < width * k; x++) grey[row + ((x / k) | 0)] += p.grey[y * p.width + x];
  }
  for (let i = 0; i < grey.length; i++) grey[i] /= k * k;
  return { width, height, grey, k };
}

/**
 * Where a line of pixels (from the image's border inward) rises from a dark surround to paper, in
 * sub-pixel position, or -1: the first 4-pixel window RISE times brighter than the 4 before it
 * (a sharp rise: light falling off across the table is not one), staying bright for the next 8 (a
 * speck of the table's grain does not), with everything before it dark against that paper (on a
 * flatbed scan the first rise is from a printed line back to paper, with paper before it), within
 * the outer half of the line.
 */
function riseAlong(v: (i: number) => number, n: number): number {
  if (n < 24) return -1;
  // The brightest pixel before the rise: the whole surround must be dark against the paper.
  let prefix = Math.max(v(0), v(1), v(2), v(3));
  for (let i = 4; i < n / 2 - 12; prefix = Math.max(prefix, v(i)), i++) {
    const before = (v(i - 4) + v(i - 3) + v(i - 2) + v(i - 1)) / 4;
    const win = (v(i) + v(i + 1) + v(i + 2) + v(i + 3)) / 4;
    if (win < Math.max(before * RISE, before + MIN_STEP)) continue;
    let after = 0;
    for (let j = i + 4; j < i + 12; j++) after += v(j);
    const paper = Math.max(win, after / 8);
    if (after / 8 < win * 0.85 || prefix > paper / RISE) return -1;
    // The edge: where the line crosses halfway between the surround and the paper.
    const mid = (before + paper) / 2;
    for (let j = Math.max(1, i - 2); j <= i + 3; j++) {
      const a = v(j - 1),
        b = v(j);
      if (a < mid && b >= mid) return j - 1 + (mid - a) / (b - a);
    }
    return i - 0.5;
  }
  return -1;
}

/** A side's line as q = a * p + c, p along the side, q across it (reduced pixels). */
interface SideLine {
  a: number;
  c: number;
  inliers: number;
}

/**
 * The line most points agree with (RANSAC over pairs drawn by a fixed sequence, so the same picture
 * always gives the same line), refitted by least squares on its inliers. Null with too few inliers.
 */
function fitSide(pts: Point[], minInliers: number): SideLine | null {
  if (pts.length < Math.max(2, minInliers)) return null;
  let best: { a: number; c: number; n: number } | null = null;
  let s = 12345;
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % pts.length;
  };
  for (let it = 0; it < 300; it++) {
    const [p1, q1] = pts[next()],
      [p2, q2] = pts[next()];
    if (Math.abs(p2 - p1) < pts.length / 8) continue;
    const a = (q2 - q1) / (p2 - p1),
      c = q1 - a * p1;
    let n = 0;
    for (const [p, q] of pts) if (Math.abs(q - a * p - c) <= TOLERANCE) n++;
    if (!best || n > best.n) best = { a, c, n };
  }
  if (!best) return null;
  let { a, c } = best;
  let n = 0;
  // Two least-squares passes over the inliers of the line so far.
  for (let pass = 0; pass < 2; pass++) {
    let sp = 0,
      sq = 0,
      spp = 0,
      spq = 0;
    n = 0;
    for (const [p, q] of pts) {
      if (Math.abs(q - a * p - c) > TOLERANCE) continue;
      n++;
      sp += p;
      sq += q;
      spp += p * p;
      spq += p * q;
    }
    const den = n * spp - sp * sp;
    if (n < 2 || !den) break;
    a = (n * spq - sp * sq) / den;
    c = (sq - a * sp) / n;
  }
  return n >= minInliers ? { a, c, inliers: n } : null;
}

/** The four sides' lines, found from the picture's border inward, or null when any side has none. */
function sideLines(s: Small): { left: SideLine; right: SideLine; top: SideLine; bottom: SideLine } | null {
  const { width: w, height: h, grey: g } = s;
  const left: Point[] = [],
    right: Point[] = [],
    top: Point[] = [],
    bottom: Point[] = [];
  for (let y = 0; y < h; y++) {
    const l = riseAlong((i) => g[y * w + i], w);
    if (l >= 0) left.push([y, l]);
    const r = riseAlong((i) => g[y * w + (w - 1 - i)], w);
    if (r >= 0) right.push([y, w - 1 - r]);
  }
  for (let x = 0; x < w; x++) {
    const t = riseAlong((i) => g[i * w + x], h);
    if (t >= 0) top.push([x, t]);
    const b = riseAlong((i) => g[(h - 1 - i) * w + x], h);
    if (b >= 0) bottom.push([x, h - 1 - b]);
  }
  // A side must be seen along at least a quarter of the picture's extent.
  const lines = {
    left: fitSide(left, h / 4),
    right: fitSide(right, h / 4),
    top: fitSide(top, w / 4),
    bottom: fitSide(bottom, w / 4),
  };
  return lines.left && lines.right && lines.top && lines.bottom ? (lines as { left: SideLine; right: SideLine; top: SideLine; bottom: SideLine }) : null;
}

/** Where a near-vertical side (x = a y + c) meets a near-horizontal one (y = a x + c). */
function meet(v: SideLine, hz: SideLine): Point {
  // x = av (ah x + ch) + cv  ->  x (1 - av ah) = av ch + cv
  const x = (v.a * hz.c + v.c) / (1 - v.a * hz.a);
  return [x, hz.a * x + hz.c];
}

const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
export const dist = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Area of a quadrilateral (shoelace), in square pixels. */
function quadArea(q: Quad): number {
  let s = 0;
  for (let i = 0; i < 4; i++) s += q[i][0] * q[(i + 1) % 4][1] - q[(i + 1) % 4][0] * q[i][1];
  return Math.abs(s) / 2;
}

/**
 * The paper's corners in the page's pixels, or null when the picture shows no page against a darker
 * surround on all four sides, or what was found is not a plausible page: corners outside the picture,
 * not convex, or under a fifth of the picture.
 */
export function findPageQuad(p: GreyPage): Quad | null {
  const s = reduce(p);
  if (s.width < 60 || s.height < 60) return null;
  const l = sideLines(s);
  if (!l) return null;
  const small: Quad = [meet(l.left, l.top), meet(l.right, l.top), meet(l.right, l.bottom), meet(l.left, l.bottom)];
  const slack = 0.02 * Math.max(s.width, s.height);
  if (small.some(([x, y]) => !(x >= -slack && y >= -slack && x <= s.width - 1 + slack && y <= s.height - 1 + slack))) return null;
  for (let i = 0; i < 4; i++) if (cross(small[i], small[(i + 1) % 4], small[(i + 2) % 4]) <= 0) return null;
  if (quadArea(small) < 0.2 * s.width * s.height) return null;
  // Reduced pixel i covers page pixels i*k .. i*k + k - 1: its centre is i*k + (k - 1)/2.
  const k = s.k;
  const clampX = (x: number) => Math.max(0, Math.min(p.width - 1, x * k + (k - 1) / 2)),
    clampY = (y: number) => Math.max(0, Math.min(p.height - 1, y * k + (k - 1) / 2));
  return small.map(([x, y]) => [clampX(x), clampY(y)]) as Quad;
}

/**
 * How far a quadrilateral is from an upright rectangle: the keystone (1 - the shorter of two opposite
 * sides over the longer, the larger of the two pairs) and the largest angle of a side from its axis.
 */
export function quadShape(q: Quad): { keystone: number; tiltDeg: number } {
  const [tl, tr, br, bl] = q;
  const ks = (a: number, b: number) => 1 - Math.min(a, b) / Math.max(a, b);
  const keystone = Math.max(ks(dist(tl, tr), dist(bl, br)), ks(dist(tl, bl), dist(tr, br)));
  const deg = (a: Point, b: Point, vertical: boolean) => {
    const dx = b[0] - a[0],
      dy = b[1] - a[1];
    return Math.abs((Math.atan2(vertical ? dx : dy, vertical ? dy : dx) * 180) / Math.PI);
  };
  const tiltDeg = Math.max(deg(tl, tr, false), deg(bl, br, false), deg(tl, bl, true), deg(tr, br, true));
  return { keystone, tiltDeg };
}

/**
 * Keystone from which a page is straightened. A page photographed from nearly above (the phone
 * kind, 4.5%) reads as well as it is: straightened, its rows were as right (row F1 1.000) but its
 * small type codes less so (tesseract: exact 1 of 2 statements, against 2 of 2), the page being
 * resampled twice (the text sits ~0.8° off the paper's edges, so deskew still turned it). At 12-15%
 * tesseract read half the rows wrong without it.
 */
const KEYSTONE = 0.06;
/** A side tilted this much (degrees) is straightened too: clean-up's deskew searches within ±3°. */
const TILT_DEG = 3;

/** Whether a found page needs its perspective undone: clearly not an upright rectangle. */
export function needsStraightening(q: Quad): boolean {
  const { keystone, tiltDeg } = quadShape(q);
  return keystone >= KEYSTONE || tiltDeg >= TILT_DEG;
}
