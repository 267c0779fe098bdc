// A table's header printed again atop a later page, perhaps with a label misread on a scan: the
// columns keep the roles the first reading gave them (split from header-detect.ts).
import { cleanLabel } from './header-labels.js';
import type { Header } from './header-detect.js';

/** Levenshtein distance of two short labels, stopping early once it passes `max`. */
function labelDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    if (Math.min(...row) > max) return max + 1;
    prev = row;
  }
  return prev[b.length];
}

/**
 * The header in force, repeated on a later page with a label misread ("Money tn" for "Money In" on a
 * scan): every column stands where it stood and every label is the same or within a slip or two of
 * it, so the columns keep their roles. Otherwise the new header as read (a new table).
 */
export function repeatedHeader(prev: Header, h: Header): Header {
  if (prev.bands.length !== h.bands.length) return h;
  let mended = false;
  const bands = h.bands.map((b, i) => {
    const p = prev.bands[i];
    if (b.x0 >= p.x1 || b.x1 <= p.x0) return null;
    if (b.role === p.role) return b;
    if (b.role !== 'other') return null;
    const [x, y] = [cleanLabel(b.label), cleanLabel(p.label)];
    const slips = Math.max(1, Math.floor(y.length / 6));
    if (!x || labelDistance(x, y, slips) > slips) return null;
    mended = true;
    return { ...b, role: p.role };
  });
  return mended && bands.every((b) => b !== null) ? { ...h, bands } : h;
}
