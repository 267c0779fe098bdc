// The line spacing of a table block, in line pitches: row-grouping.ts reads a double-spaced table's
// lines of one row as standing two pitches apart.
import type { LineRec } from './line-record.js';

/**
 * Line spacing of a double-spaced table, in line pitches (1 otherwise). Text converted from a PDF
 * often puts a blank line between every two printed lines, so a row's own lines stand two pitches
 * apart: the usual gap between consecutive table lines, not a break between rows. Only the most
 * common gap counts, and only when it is about two and (nearly) no lines are closer.
 */
export function blockSpacing(recs: LineRec[]): number {
  const counts = new Map<number, number>();
  let pairs = 0,
    close = 0;
  for (let k = 1; k < recs.length; k++) {
    const a = recs[k - 1].line,
      b = recs[k].line;
    if (a.page !== b.page) continue;
    const gap = Math.round(((b.y - a.y) / b.lh) * 10) / 10;
    if (gap < 1.5) close++;
    counts.set(gap, (counts.get(gap) ?? 0) + 1);
    pairs++;
  }
  let best = 1,
    bestN = 0;
  for (const [gap, n] of counts)
    if (n > bestN || (n === bestN && gap < best)) {
      best = gap;
      bestN = n;
    }
  return bestN * 2 >= pairs && close * 10 <= pairs && best >= 1.8 && best <= 2.4 ? best : 1;
}
