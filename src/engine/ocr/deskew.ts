// Skew of a scanned page, estimated from the recognised words: words the backend read as one text
// line sit on one straight baseline, so the slope of their centres is the page's tilt. Statement
// rows span the page, which makes this estimate tight. Angles in radians, positive = the text runs
// downhill to the right (image y grows downwards).
import type { OcrWord } from './ocr-backend.js';

/** Above this the page is treated as not a slightly rotated scan: coordinates are left alone. */
export const MAX_DESKEW_RAD = (8 * Math.PI) / 180;

export function estimateSkew(words: OcrWord[]): number {
  const byLine = new Map<number, OcrWord[]>();
  for (const w of words) {
    if (!w.text.trim()) continue;
    let l = byLine.get(w.line);
    if (!l) byLine.set(w.line, (l = []));
    l.push(w);
  }
  const slopes: number[] = [];
  const weights: number[] = [];
  for (const ws of byLine.values()) {
    if (ws.length < 3) continue;
    const pts = ws.map((w) => [(w.x0 + w.x1) / 2, (w.y0 + w.y1) / 2] as const);
    const n = pts.length;
    const mx = pts.reduce((s, p) => s + p[0], 0) / n;
    const my = pts.reduce((s, p) => s + p[1], 0) / n;
    let sxx = 0,
      sxy = 0;
    for (const [x, y] of pts) {
      sxx += (x - mx) ** 2;
      sxy += (x - mx) * (y - my);
    }
    if (sxx <= 0) continue;
    slopes.push(sxy / sxx);
    weights.push(Math.sqrt(sxx));
  }
  if (!slopes.length) return 0;
  // Weighted median: long lines decide, a short line with one tall word cannot.
  const order = slopes.map((s, i) => i).sort((a, b) => slopes[a] - slopes[b]);
  const total = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  for (const i of order) {
    acc += weights[i];
    if (acc >= total / 2) {
      const angle = Math.atan(slopes[i]);
      return Math.abs(angle) <= MAX_DESKEW_RAD ? angle : 0;
    }
  }
  return 0;
}

/** Rotates a point by -angle around the origin, so a line tilted by `angle` becomes horizontal. */
export function unrotate(x: number, y: number, angle: number): [number, number] {
  const c = Math.cos(angle),
    s = Math.sin(angle);
  return [x * c + y * s, -x * s + y * c];
}
