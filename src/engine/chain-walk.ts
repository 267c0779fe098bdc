// The balance chain of one currency: rows in chronological order, printed figures in signed minor
// units. Every comparison between printed figures is an equation; a row is verified only when it sits
// inside one that was checked (a segment between two printed balances, opening to closing, or the
// printed totals). A lone printed balance checks nothing. This is what makes a PASS a promise.
import { currencyExponent, formatMinor } from './money.js';
import type { Equation, FigureKind } from './proof.js';
import type { DraftRow, PrintedFigures } from './reconcile.js';

export interface Break {
  row: number; // index into rows, or -1 for the closing balance
  expected: bigint;
  printed: bigint;
  currency: string;
  what: 'balance' | 'closing';
  /** Index into the walk's proof of the equation that broke. */
  equation: number;
}

export interface ChainResult {
  currency: string;
  /** Indexed by row; only this group's rows are set. */
  amounts: (bigint | undefined)[];
  balances: (bigint | undefined)[];
  /** The walk stopped once it had more breaks than its limit: the counts are a lower bound. */
  aborted: boolean;
  breaks: Break[];
  unverified: number[];
  /** Printed totals the rows do not reach: the sentence, and the index into the walk's proof of its equation. */
  totalsMismatch: { text: string; equation: number }[];
  /** Some balance is printed or can be derived: rows get (computed) balances. */
  hasBalances: boolean;
  /** Equations between printed figures that were checked (0: nothing was checked, NO_BAL). */
  equations: number;
  /** The equations themselves, in the order they were checked (rows are indexes into the draft's rows). */
  proof: Equation[];
  diff: bigint | null;
  opening: bigint | null;
  closing: bigint | null;
}

// Ambiguous rows of one segment whose combinations are tried (2^10 = 1,024 sums at most).
const MAX_COMBINED = 10;

/**
 * `mirrored` (DraftStatement.mirrored): a row without alternatives of its own may also be read with the
 * opposite sign, as if its alternatives were [-amount] (derived here, not an array a row).
 */
const hasOptions = (r: DraftRow, mirrored: boolean) => (r.alternatives ? r.alternatives.length > 0 : mirrored);
/** Options of one row: the default reading first. */
const optionsOf = (r: DraftRow, mirrored: boolean): bigint[] => {
  const alternatives = r.alternatives ?? (mirrored ? [-r.amount] : undefined);
  return alternatives?.length ? [r.amount, ...alternatives.filter((a) => a !== r.amount)] : [r.amount];
};
const absDiff = (a: bigint, b: bigint) => (a > b ? a - b : b - a);

class ChainWalk {
  readonly amounts: (bigint | undefined)[];
  readonly balances: (bigint | undefined)[];
  readonly breaks: Break[] = [];
  /** Rows inside a checked equation, by row index (1 = verified): a flag array, as a Set of 100,000 row numbers cost most of a large export's walk. */
  readonly verified: Uint8Array;
  /** Rows whose options several readings of their segment would satisfy: inside an equation, but not decided by it. */
  readonly undecided = new Set<number>();
  equations = 0;
  readonly proof: Equation[] = [];
  /** The printed figure `running` stands for: where the next equation starts. */
  private from: { kind: FigureKind; row?: number } = { kind: 'opening' };
  running: bigint | null;
  opening: bigint | null;
  firstBreakDiff: bigint | null = null;
  private readonly segment: number[] = [];
  private segSum = 0n;

  constructor(
    private readonly rows: DraftRow[],
    readonly currency: string,
    figs: PrintedFigures,
    private readonly mirrored: boolean,
  ) {
    this.amounts = new Array<bigint | undefined>(rows.length);
    this.balances = new Array<bigint | undefined>(rows.length);
    this.verified = new Uint8Array(rows.length);
    this.running = figs.opening ?? null;
    this.opening = figs.opening ?? null;
  }

  add(i: number): void {
    const a = this.rows[i].amount;
    this.amounts[i] = a;
    // A segment's first row is its sum: no new bigint (most exports print a balance on every row).
    this.segSum = this.segment.length ? this.segSum + a : a;
    this.segment.push(i);
  }

  /**
   * If exactly one row of the open segment is ambiguous, takes its option that lands on `target`.
   * When none does (a misprinted figure), the option that comes nearest is the likelier reading: a
   * figure printed a little off keeps its direction, while the wrong direction misses by twice the
   * amount. Ties keep the default.
   */
  private repair(target: bigint): void {
    const ambiguous = this.segment.filter((j) => hasOptions(this.rows[j], this.mirrored));
    if (this.running === null) return;
    if (ambiguous.length > 1) {
      this.repairSeveral(ambiguous, target);
      return;
    }
    if (ambiguous.length !== 1) return;
    const j = ambiguous[0];
    const rest = this.segSum - this.amounts[j]!;
    const miss = (a: bigint) => absDiff(target, this.running! + rest + a);
    let best = this.amounts[j]!;
    for (const a of optionsOf(this.rows[j], this.mirrored)) if (miss(a) < miss(best)) best = a;
    this.amounts[j] = best;
    this.segSum = rest + best;
  }

  /**
   * Several ambiguous rows in one segment (balances printed once a day, amounts in one unsigned
   * column): every combination of their options is tried, at most 2^MAX_COMBINED of them. Exactly one
   * that lands on the printed figure is the reading; several that land are a guess: the one nearest the
   * defaults is kept and its rows are not counted as verified (the equation cannot tell them apart).
   */
  private repairSeveral(ambiguous: number[], target: bigint): void {
    if (ambiguous.length > MAX_COMBINED) return;
    const fixed = this.segSum - ambiguous.reduce((a, j) => a + this.amounts[j]!, 0n);
    const options = ambiguous.map((j) => optionsOf(this.rows[j], this.mirrored));
    let found: bigint[] | null = null;
    let count = 0;
    const pick = new Array<bigint>(ambiguous.length);
    // Options are tried default first, so the first combination found is the one nearest the defaults.
    const search = (k: number, sum: bigint): void => {
      if (count > 1) return;
      if (k === ambiguous.length) {
        if (this.running! + fixed + sum === target) {
          count++;
          found ??= [...pick];
        }
        return;
      }
      for (const a of options[k]) {
        pick[k] = a;
        search(k + 1, sum + a);
      }
    };
    search(0, 0n);
    if (!found) return;
    const chosen: bigint[] = found;
    ambiguous.forEach((j, k) => {
      this.amounts[j] = chosen[k];
    });
    this.segSum = fixed + chosen.reduce((a, b) => a + b, 0n);
    if (count > 1) for (const j of ambiguous) this.undecided.add(j);
  }

  /**
   * Without a printed opening, the first printed figure fixes it. A single row before that figure is
   * the usual implied opening (figure minus the row's amount) and counts as chained; several rows, or
   * an undecided ambiguous one, are not inside any checked equation.
   */
  private anchor(printed: bigint, row: number): void {
    this.opening = printed - this.segSum;
    this.running = this.opening;
    if (this.segment.length === 1 && !hasOptions(this.rows[this.segment[0]], this.mirrored)) {
      this.verified[this.segment[0]] = 1;
      this.record('implied_opening', printed, { kind: 'balance', row }, true);
    }
  }

  /** Notes a checked equation: the open segment from the figure `running` stands for to `end`. */
  private record(startKind: FigureKind, end: bigint, to: { kind: FigureKind; row?: number }, holds: boolean): void {
    this.proof.push({
      rows: this.segment.slice(),
      start: this.running!,
      end,
      currency: this.currency,
      startKind,
      ...(startKind === 'balance' ? { startRow: this.from.row } : {}),
      endKind: to.kind,
      ...(to.row !== undefined ? { endRow: to.row } : {}),
      holds,
    });
  }

  /** Checks the open segment against a printed figure; returns false when it does not add up. */
  private check(printed: bigint, row: number, what: Break['what']): boolean {
    let expected = this.running! + this.segSum;
    if (expected !== printed) {
      this.repair(printed);
      expected = this.running! + this.segSum;
    }
    this.equations++;
    for (const j of this.segment) this.verified[j] = 1;
    this.record(this.from.kind, printed, what === 'closing' ? { kind: 'closing' } : { kind: 'balance', row }, expected === printed);
    if (expected === printed) return true;
    this.breaks.push({ row, expected, printed, currency: this.currency, what, equation: this.proof.length - 1 });
    if (this.firstBreakDiff === null) this.firstBreakDiff = printed - expected;
    return false;
  }

  /** Computed balances for the open segment; `printedLast`: its last row's balance is printed (set by the caller). */
  private settle(printedLast = false): void {
    let b = this.running!;
    const seg = this.segment;
    const n = printedLast ? seg.length - 1 : seg.length;
    for (let k = 0; k < n; k++) {
      const j = seg[k];
      b += this.amounts[j]!;
      this.balances[j] = b;
    }
    // Emptied in place: a statement printing a balance on every row would otherwise make an array a row.
    this.segment.length = 0;
    this.segSum = 0n;
  }

  /** A printed balance after row `i`: closes the open segment and re-anchors the chain on the figure. */
  closeAt(i: number, printed: bigint): void {
    if (this.running === null) this.anchor(printed, i);
    else this.check(printed, i, 'balance');
    this.from = { kind: 'balance', row: i };
    // The segment ends at row i (added just before), whose balance is the printed one.
    this.settle(this.segment[this.segment.length - 1] === i);
    this.balances[i] = printed;
    this.running = printed;
  }

  /** The printed closing balance after the last row. */
  closeWith(closing: bigint): void {
    if (this.running === null) {
      // Only a closing balance: it fixes the opening, every row is computed from it, nothing is checked.
      this.opening = closing - this.segSum;
      this.running = this.opening;
    } else this.check(closing, -1, 'closing');
    this.settle();
  }

  /** No closing printed: rows after the last printed figure were never checked. */
  closeOpen(): void {
    if (this.running !== null) this.settle();
  }
}

/**
 * Walks one currency's rows in chronological order. At each printed balance the segment since the last
 * one must add up; if exactly one row of the segment is ambiguous, the option that makes it add up wins.
 * `limit` stops the walk once it has more breaks than the caller can use.
 */
export function walkChain(rows: DraftRow[], currency: string, chrono: number[], figs: PrintedFigures, limit = Infinity, mirrored = false): ChainResult {
  const w = new ChainWalk(rows, currency, figs, mirrored);
  for (const i of chrono) {
    w.add(i);
    const printed = rows[i].balance ?? null;
    if (printed === null) continue;
    w.closeAt(i, printed);
    if (w.breaks.length > limit) return aborted(w);
  }
  const closing = figs.closing ?? null;
  if (closing !== null) w.closeWith(closing);
  else w.closeOpen();
  const totals = checkTotals(w, chrono, figs);
  const equations = w.equations + totals.equations;
  const hasBalances = w.running !== null;
  if (!hasBalances) w.balances.fill(undefined);
  let diff = w.firstBreakDiff;
  if (closing !== null && w.opening !== null) {
    let total = 0n;
    for (const j of chrono) total += w.amounts[j]!;
    diff = closing - (w.opening + total);
  }
  return {
    currency,
    amounts: w.amounts,
    balances: w.balances,
    aborted: false,
    breaks: w.breaks,
    // A row is unverified when no checked equation holds it; with nothing checked at all the verdict
    // is NO_BAL and there is nothing to name.
    unverified: equations ? chrono.filter((j) => (!w.verified[j] && !totals.covered[j]) || w.undecided.has(j)) : [],
    totalsMismatch: totals.mismatch,
    hasBalances,
    equations,
    proof: totals.proof.length ? [...w.proof, ...totals.proof] : w.proof,
    diff,
    opening: w.opening,
    closing: closing ?? lastPrinted(rows, chrono) ?? w.running,
  };
}

function lastPrinted(rows: DraftRow[], chrono: number[]): bigint | null {
  for (let k = chrono.length - 1; k >= 0; k--) if (rows[chrono[k]].balance != null) return rows[chrono[k]].balance!;
  return null;
}

/**
 * Printed totals in and out are equations over every row of their direction: when one is printed and
 * agrees, the rows it sums are verified by it.
 */
function checkTotals(
  w: ChainWalk,
  chrono: number[],
  figs: PrintedFigures,
): { equations: number; mismatch: ChainResult['totalsMismatch']; covered: Uint8Array; proof: Equation[] } {
  const mismatch: ChainResult['totalsMismatch'] = [];
  const proof: Equation[] = [];
  // By row index, 1 = covered by a printed total that agrees.
  const covered = new Uint8Array(w.amounts.length);
  let equations = 0;
  let sumIn = 0n,
    sumOut = 0n;
  // Summed only when a total is printed: a bigint a row otherwise.
  if (figs.totalIn != null || figs.totalOut != null) {
    for (const i of chrono) {
      const a = w.amounts[i]!;
      if (a >= 0n) sumIn += a;
      else sumOut -= a;
    }
  }
  const fmt = (v: bigint) => formatMinor(v, currencyExponent(w.currency));
  const side = (printed: bigint | null | undefined, sum: bigint, label: string, inSide: boolean) => {
    if (printed == null) return;
    equations++;
    // Written as the other equations are: nothing plus the rows of the direction gives the signed total.
    proof.push({
      rows: chrono.filter((i) => w.amounts[i]! >= 0n === inSide),
      start: 0n,
      end: inSide ? printed : -printed,
      currency: w.currency,
      startKind: 'zero',
      endKind: inSide ? 'total_in' : 'total_out',
      holds: printed === sum,
    });
    if (printed !== sum) {
      // (The totals' equations follow the walk's own in the proof.)
      mismatch.push({ text: `${label}: rows add up to ${fmt(sum)}, the statement prints ${fmt(printed)}`, equation: w.proof.length + proof.length - 1 });
      return;
    }
    for (const i of chrono) if (w.amounts[i]! >= 0n === inSide) covered[i] = 1;
  };
  side(figs.totalIn, sumIn, 'money in', true);
  side(figs.totalOut, sumOut, 'money out', false);
  return { equations, mismatch, covered, proof };
}

function aborted(w: ChainWalk): ChainResult {
  return {
    currency: w.currency,
    amounts: w.amounts,
    balances: w.balances,
    aborted: true,
    breaks: w.breaks,
    unverified: [],
    totalsMismatch: [],
    hasBalances: true,
    equations: w.equations,
    proof: w.proof,
    diff: null,
    opening: null,
    closing: null,
  };
}
