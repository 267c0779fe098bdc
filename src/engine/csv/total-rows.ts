// A line a total's word labels ("Total", "Summe", "Transactions total") is told by its figures, not
// the word: a figure that is the sum of a column (every row's amount, the money out, the money in),
// over the whole table, the rows above it, the rows below it or the rows since the previous total,
// makes it a total, no transaction. A figure that is no such sum could have moved money: the line is
// left out all the same (it has no date to be a row by), and rows_skipped names it; it blocks PASS
// unless printed balances on the rows either side check it.
import type { ReadResult } from './row-reader.js';
import type { ReadRow } from './read-row.js';

const abs = (v: bigint) => (v < 0n ? -v : v);

/** Every sum of a column the rows give, per currency folded together (a total prints one currency's). */
function columnSums(rows: ReadRow[], into: Set<bigint>): void {
  const by = new Map<string, [bigint, bigint, bigint]>();
  for (const r of rows) {
    const s = by.get(r.currency) ?? [0n, 0n, 0n];
    s[0] += r.amount;
    if (r.amount < 0n) s[1] -= r.amount;
    else s[2] += r.amount;
    by.set(r.currency, s);
  }
  for (const s of by.values()) for (const v of s) into.add(abs(v));
}

export function settleTotals(read: ReadResult): void {
  const lineOf = (r: ReadRow) => r.provenance.lines[0] ?? 0;
  let previous = 0;
  for (const t of read.totals) {
    const sums = new Set<bigint>();
    columnSums(read.rows, sums);
    columnSums(
      read.rows.filter((r) => lineOf(r) < t.line),
      sums,
    );
    columnSums(
      read.rows.filter((r) => lineOf(r) > t.line),
      sums,
    );
    columnSums(
      read.rows.filter((r) => lineOf(r) > previous && lineOf(r) < t.line),
      sums,
    );
    previous = t.line;
    if (t.figures.every((f) => f === 0n || sums.has(abs(f)))) continue;
    // Between two rows that print their balances, the chain checks it: a line that moved money breaks it.
    const above = read.rows.findLast((r) => lineOf(r) < t.line);
    const below = read.rows.find((r) => lineOf(r) > t.line);
    read.warnings.push({
      code: 'rows_skipped',
      blocks: above?.balance == null || below?.balance == null,
      message: `Line ${t.line} ("${t.text.slice(0, 60)}") reads like a total, but its figure is no sum of the rows: it was left out, and it may have moved money.`,
      page: t.line,
    });
  }
}
