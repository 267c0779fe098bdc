// A table's rows as the reconciler's drafts: texts settled once, each reading's amounts mapped, balances
// printed before a row moved to the row they follow, zero rows checked, and the sum-owed reading.
import type { DraftRow, DraftStatement } from '../reconcile.js';
import type { ReadRow } from './read-row.js';
import { textParts } from './cell-text.js';
import type { ReadResult } from './row-reader.js';

/**
 * A type column that repeats the description ("Direct debit ABC" + "ABC") is printed once: the rows'
 * text is settled in place, once, and every reading shares it.
 */
export function settleTexts(rows: ReadRow[]): void {
  for (const r of rows) {
    const low = r.typeCode.toLowerCase();
    if (!low) continue;
    const parts = textParts(r.description).filter((p) => !low.includes(p.toLowerCase()));
    if (parts.some((p) => p.toLowerCase().includes(low))) r.typeCode = '';
    r.description = parts;
  }
}

export function toDraft(rows: ReadRow[], map: (r: ReadRow) => bigint): DraftRow[] {
  return rows.map((r) => {
    const amount = map(r);
    return {
      date: r.date,
      description: r.description,
      typeCode: r.typeCode,
      reference: r.reference,
      amount,
      // (A row with two readings keeps both, each through the same mapping.)
      alternatives: r.alternatives?.map((a) => map({ ...r, amount: a })),
      balance: r.balance,
      currency: r.currency,
      provenance: r.provenance,
    };
  });
}

/**
 * A balance printed before each row is the balance after the row printed next to it in time: so each row
 * gets its successor's figure, the earliest figure is the opening, and the latest row, which nothing
 * printed checks, keeps none (the reconciler reports it unverified).
 */
export function balancesFromBefore(rows: ReadRow[], figures: ReadResult['figures']): void {
  if (!rows.some((r) => r.balanceBefore !== null) || rows.some((r) => r.balance !== null)) return;
  if (new Set(rows.map((r) => r.currency)).size > 1) return;
  let asc = 0,
    desc = 0;
  for (let i = 1; i < rows.length; i++) {
    const p = rows[i - 1],
      q = rows[i];
    if (p.balanceBefore === null || q.balanceBefore === null) continue;
    if (p.balanceBefore + p.amount === q.balanceBefore) asc++;
    if (q.balanceBefore + q.amount === p.balanceBefore) desc++;
  }
  const chrono = desc > asc || (desc === asc && rows[0].date > rows[rows.length - 1].date) ? [...rows].reverse() : rows;
  const first = chrono[0].balanceBefore;
  if (first !== null) (figures[chrono[0].currency] ??= {}).opening ??= first;
  for (let i = 0; i < chrono.length; i++) chrono[i].balance = i + 1 < chrono.length ? chrono[i + 1].balanceBefore : null;
}

/**
 * A zero-amount row is no transaction, but the balance it prints is still a printed figure: it must equal
 * the balance after the row printed before it or after it (either printed order), or that balance less
 * the neighbour's own amount. Without a neighbouring balance there is nothing to compare.
 */
export function zeroRowAgrees(z: ReadResult['zeroBalances'][number]): boolean {
  const near = [z.prev, z.next].filter((r): r is ReadRow => r !== null && r.balance !== null);
  if (!near.length) return true;
  return near.some((r) => z.balance === r.balance || z.balance === r.balance! - r.amount || z.balance === r.balance! + r.amount);
}

/** Index of the last header cell that names something (a trailing delimiter leaves an empty one). */
export function lastNamed(headers: string[]): number {
  for (let i = headers.length - 1; i >= 0; i--) if (headers[i].trim()) return i;
  return -1;
}

/**
 * The same statement with every printed balance (rows and figures) read with the opposite sign: a sum owed.
 * Nothing printed says so, so the chain must check two equations at least (see reconcileBest).
 */
export function negateBalances(d: DraftStatement): DraftStatement {
  const figures: DraftStatement['figures'] = {};
  for (const [c, f] of Object.entries(d.figures ?? {})) {
    figures[c] = {
      ...f,
      opening: f.opening == null ? f.opening : -f.opening,
      closing: f.closing == null ? f.closing : -f.closing,
      between: f.between?.map((v) => -v),
    };
  }
  return { ...d, figures, minEquations: 2, rows: d.rows.map((r) => (r.balance == null ? r : { ...r, balance: -r.balance })) };
}
