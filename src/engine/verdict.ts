// The verdict of a result, computed in one place from its proof (the equations the balance chain
// checked), its rows and its warnings, read against the one table of warnings. Readers never set or
// lower a verdict: they add warnings (a guess they made, a line they could not place) and equations,
// and this decides. Several statements in one file are each decided on their own rows, equations and
// warnings; the file's verdict is the worst of them (PASS < NO_BAL < RECONCILE_WARN).
import type { Equation } from './proof.js';
import type { EngineResult, ReconcileStatus, Warning } from './types.js';
import { decideVerdict } from './verdict-rule.js';
import { WARNINGS } from './warnings.js';

const WORST: ReconcileStatus[] = ['PASS', 'NO_BAL', 'RECONCILE_WARN'];
export const worseStatus = (a: ReconcileStatus, b: ReconcileStatus): ReconcileStatus => (WORST.indexOf(a) >= WORST.indexOf(b) ? a : b);

interface Part {
  from: number;
  count: number;
  equations: Equation[];
  warnings: Warning[];
}

function decidePart(p: Part): { status: ReconcileStatus; uncovered: number[] } {
  const equations = p.equations.map((e) => ({
    rows: p.from ? e.rows.map((r) => r - p.from) : e.rows,
    holds: e.holds,
    implied: e.startKind === 'implied_opening',
  }));
  const v = decideVerdict({ rowCount: p.count, equations, warnings: p.warnings }, WARNINGS);
  return { status: v.status, uncovered: v.uncovered.map((r) => r + p.from) };
}

/** A row no holding equation covers, and no warning names why: named here, so a verdict never rests on silence. */
function unexplained(uncovered: number[], warnings: Warning[]): Warning | null {
  if (!uncovered.length || warnings.some((w) => w.code === 'rows_unverified')) return null;
  const first = uncovered[0] + 1;
  return {
    code: 'rows_unverified',
    message: `${uncovered.length} row(s) sit inside no checked equation between printed figures (first: row ${first}).`,
    row: first,
  };
}

/**
 * Sets `reconcile_status` (and each statement's) from the result's proof and warnings; `reconcile_diff`
 * is kept only where the verdict is RECONCILE_WARN. Returns the result it was given.
 */
export function settleVerdict(result: EngineResult): EngineResult {
  const proof = result.proof ?? [];
  const list = result.statements;
  if (!list || list.length <= 1) {
    const v = decidePart({ from: 0, count: result.transactions.length, equations: proof, warnings: result.warnings });
    const named = unexplained(v.uncovered, result.warnings);
    if (named) result.warnings.push(named);
    result.reconcile_status = v.status;
    if (v.status !== 'RECONCILE_WARN') result.reconcile_diff = 0;
    if (list?.length === 1) {
      list[0].reconcile_status = v.status;
      list[0].reconcile_diff = result.reconcile_diff;
    }
    return result;
  }
  let status: ReconcileStatus = 'PASS';
  let diff: number | null = null;
  for (const [n, s] of list.entries()) {
    const from = s.first_row - 1;
    const to = from + s.row_count;
    const mine = (w: Warning) => (w.row !== undefined ? w.row > from && w.row <= to : w.statement === undefined || w.statement === n + 1);
    const warnings = result.warnings.filter(mine);
    const v = decidePart({ from, count: s.row_count, equations: proof.filter((e) => e.rows.length > 0 && e.rows[0] >= from && e.rows[0] < to), warnings });
    const named = unexplained(v.uncovered, warnings);
    if (named) result.warnings.push({ ...named, statement: n + 1 });
    s.reconcile_status = v.status;
    if (v.status !== 'RECONCILE_WARN') s.reconcile_diff = 0;
    else diff ??= s.reconcile_diff;
    status = n === 0 ? v.status : worseStatus(status, v.status);
  }
  result.reconcile_status = status;
  result.reconcile_diff = result.reconcile_status === 'RECONCILE_WARN' ? (diff ?? result.reconcile_diff) : 0;
  return result;
}

/** Whether the balances alone prove every row (no warning considered): the chain's word, for readers weighing readings. */
export const balancesProveAll = (result: EngineResult): boolean =>
  decidePart({ from: 0, count: result.transactions.length, equations: result.proof ?? [], warnings: [] }).status === 'PASS';
