// Entries the balance skips: an amount printed (a declined card payment, a reversed transfer) with a
// balance after it that is the balance before it. The figures decide, never the words beside them
// ("declined", "insufficient funds" are evidence a person reads, not a rule): the row's own printed
// balance repeats the one printed just above it in the same table, and the next printed balance moves
// from it by exactly the next row's amount, so the chain runs past the entry as if it were not there.
// Such an entry moved no money: it is left out, and said so (rows_skipped, which the figures account for).
import { rowAmount } from './account-view.js';
import type { DraftRow, MoneyToken } from './types.js';

const signed = (m: MoneyToken): bigint => (m.sign === '-' || m.dir === 'dr' ? -m.abs : m.abs);
const abs = (v: bigint): bigint => (v < 0n ? -v : v);

/** The rows (in printed order, dated and with an amount) whose printed balance says they were not booked. */
export function unbookedRows(rows: readonly DraftRow[]): Set<DraftRow> {
  const out = new Set<DraftRow>();
  for (let i = 1; i < rows.length - 1; i++) {
    const r = rows[i],
      prev = rows[i - 1],
      next = rows[i + 1];
    if (!r.balance || !prev.balance || !next.balance || r.section !== prev.section || r.section !== next.section) continue;
    if (out.has(prev) || signed(r.balance) !== signed(prev.balance)) continue;
    // (A carried-forward line repeats the balance above by nature: the candidates' check decides it.)
    if (r.carried) continue;
    const amount = rowAmount(r, 'holder')?.amount ?? 0n;
    const nextAmount = rowAmount(next, 'holder')?.amount ?? 0n;
    if (amount === 0n || nextAmount === 0n) continue;
    // (Printed latest first, the row above is the later one: there the next balance moves by this row's amount, not the next's.)
    if (abs(signed(next.balance) - signed(r.balance)) === abs(nextAmount)) out.add(r);
  }
  return out;
}
