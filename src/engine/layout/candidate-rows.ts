// Lines that read like totals are candidates, never vetoed on a word. An undated figure line holding
// a total's word ("TOTAL", "SUBTOTAL", "CARD PAYMENT TOTAL FITNESS 45.00") that the table's structure
// did not already show to be a subtotal (subtotal-rows.ts: its figure is the sum of the rows beside it)
// is read as a row; then the balances decide:
//
// - inside an equation between printed figures that holds (not the implied opening's, which checks
//   nothing): it is a row;
// - the balances close without it and not with it: it is no transaction (a total the chain never
//   counts), left out with a note that printed figures account for it; a carried-forward line
//   ("Übertrag", "A reporter") only where the balance it prints is the one printed before it (the
//   balance carried over the page break): a carried line printing another figure is never dropped;
// - neither: it stays a row, its text visible, and rows_undecided names it and blocks PASS.
import { balancesProveAll, settleVerdict } from '../verdict.js';
import { locationUnit, type EngineResult, type InputKind } from '../types.js';
import type { BuildResult } from './row-builder.js';
import type { DraftRow, MoneyToken } from './types.js';

type Read = (built: BuildResult) => { result: EngineResult; kept: DraftRow[] };

const listed = (rows: number[]): string => rows.slice(0, 5).join(', ') + (rows.length > 5 ? ` and ${rows.length - 5} more` : '');

export function decideCandidates(built: BuildResult, read: Read, kind: InputKind): EngineResult {
  const first = read(built);
  const { result, kept } = first;
  const open = kept.flatMap((r, i) => (r.candidate && !checkedRow(result, i) ? [i] : []));
  if (!open.length) return result;
  const where = (r: DraftRow) => (locationUnit(kind) === 'page' ? r.page : (r.lines[0] ?? r.page));
  const left = new Set(open.map((i) => kept[i]));
  if (!balancesProveAll(result) && open.every((i) => carriesBalance(kept, i, left))) {
    let without: ReturnType<Read> | null = null;
    try {
      without = read({ ...built, rows: built.rows.filter((r) => !left.has(r)) });
    } catch {
      // (Nothing left to read without them: they stay rows, undecided.)
    }
    if (without && balancesProveAll(without.result)) {
      const r0 = kept[open[0]];
      without.result.warnings.push({
        code: 'rows_skipped',
        blocks: false,
        message: `${open.length} line(s) that read like a total ("${r0.descParts.join(' ').slice(0, 50)}" on ${locationUnit(kind)} ${where(r0)}) were left out: the printed balances close without them and not with them.`,
      });
      return settleVerdict(without.result);
    }
  }
  const rows = open.map((i) => i + 1);
  result.warnings.push({
    code: 'rows_undecided',
    message: `Row(s) ${listed(rows)} read like a total, a subtotal or a balance carried forward but could be transactions, and no printed balance decides; their text is kept: check them.`,
    row: rows[0],
    page: where(kept[open[0]]),
  });
  return settleVerdict(result);
}

const signed = (m: MoneyToken): bigint => (m.sign === '-' || m.dir === 'dr' ? -m.abs : m.abs);

/**
 * A carried-forward line's printed balance (where it prints one) is the balance printed last before it
 * by a row that stays: what a page's foot carries over the break and the next page's head repeats.
 */
function carriesBalance(kept: DraftRow[], i: number, left: Set<DraftRow>): boolean {
  const r = kept[i];
  if (!r.carried || !r.balance) return true;
  for (let k = i - 1; k >= 0; k--) {
    const above = kept[k];
    if (left.has(above) || !above.balance) continue;
    return above.section === r.section && signed(above.balance) === signed(r.balance);
  }
  return true;
}

/** Row `i` sits inside an equation between printed figures that holds (the implied opening's checks nothing). */
function checkedRow(result: EngineResult, i: number): boolean {
  return (result.proof ?? []).some((e) => e.holds && e.startKind !== 'implied_opening' && e.rows.includes(i));
}
