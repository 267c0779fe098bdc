// Subtotals inside a table that dates its rows: an undated figure line that sums the dated rows beside
// it is no transaction (split from row-builder.ts).
import { paidInValue } from './money-words.js';
import type { DraftRow } from './types.js';

/** The figure a row prints, signed by its column (money out negative); null when it prints none. */
function printedFigure(r: DraftRow): bigint | null {
  if (r.debit || r.credit) return (r.credit ? paidInValue(r.credit) : 0n) - (r.debit?.abs ?? 0n);
  if (r.amount) return r.amount.sign === '-' || r.amount.dir === 'dr' ? -r.amount.abs : r.amount.abs;
  return null;
}

// A statement dates nearly every row when at least this share of its figure lines print a date.
export const DATED_TABLE = 0.8;

/**
 * In a statement that dates every row, an undated figure line whose figure is the sum of the dated rows
 * right below it (or right above it) is a subtotal ("Payments", a cardholder's total, "Total
 * activity"), not a transaction. The same total printed again inside that run (a cardholder's total
 * repeated atop each page of their rows) is passed over, and is a subtotal as much.
 */
export function withoutSubtotals(rows: DraftRow[]): DraftRow[] {
  const repeats = new Set<number>();
  const isSubtotal = (i: number): boolean => {
    const own = printedFigure(rows[i]);
    if (own === null) return false;
    for (const step of [1, -1]) {
      let sum = 0n,
        n = 0;
      const passed: number[] = [];
      for (let k = i + step; k >= 0 && k < rows.length; k += step) {
        const f = printedFigure(rows[k]);
        if (f === null) break;
        if (!rows[k].date) {
          if (f !== own) break;
          passed.push(k);
          continue;
        }
        sum += f;
        n++;
        if (sum === own) {
          for (const p of passed) repeats.add(p);
          return true;
        }
      }
      if (n && sum === own) return true;
    }
    return false;
  };
  const subtotal = rows.map((r, i) => !r.date && isSubtotal(i));
  return rows.filter((_, i) => !subtotal[i] && !repeats.has(i));
}
