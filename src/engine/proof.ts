// The proof behind a verdict: every equation between printed figures that the balance chain checked.
// Each says that a starting figure plus the sum of some rows' amounts gives an ending figure; a PASS
// needs every row inside one that holds (verdict.ts). `include=proof` shows them, so anyone can check a
// PASS from the file alone: start + sum(Amount of rows) = end, exactly.
import { currencyExponent, formatMinor } from './money.js';
import type { EngineResult } from './types.js';

/** What a figure of an equation is on the statement. */
export type FigureKind =
  | 'opening' // the printed opening (brought forward, previous) balance
  | 'closing' // the printed closing (carried forward, new) balance
  | 'balance' // the balance printed after a row
  | 'implied_opening' // no opening printed: the first printed balance less the one row before it
  | 'zero' // a printed total: nothing plus the rows of one direction
  | 'total_in'
  | 'total_out';

/** One checked equation, in signed minor units of `currency`. */
export interface Equation {
  /** 0-based indexes into the result's transactions, in the order they were summed. */
  rows: number[];
  start: bigint;
  end: bigint;
  currency: string;
  startKind: FigureKind;
  endKind: FigureKind;
  /** 0-based row whose printed balance the figure is (kind 'balance'). */
  startRow?: number;
  endRow?: number;
  /** Whether start + the rows' amounts equals end as printed. */
  holds: boolean;
}

/** The contract's form of an equation: 1-based rows, plain decimals, the figures named in words. */
export interface ProofEquation {
  rows: number[];
  start: string;
  end: string;
  /** ISO 4217 code of the figures. */
  currency: string;
  /** A printed total: 'in' sums every row of money in of the currency, 'out' every row of money out. */
  total?: 'in' | 'out';
  start_label: string;
  end_label: string;
  /** 1-based row whose printed Balance the start (end) is, where it is one: a correction of that balance moves the figure. */
  start_row?: number;
  end_row?: number;
  page?: number;
  holds: boolean;
  /** The start is no printed figure: the opening implied by the first printed balance less its one row. It covers the row and checks nothing. */
  implied?: boolean;
}

function label(kind: FigureKind, row: number | undefined): string {
  switch (kind) {
    case 'opening':
      return 'opening balance';
    case 'closing':
      return 'closing balance';
    case 'balance':
      return `balance printed on row ${(row ?? 0) + 1}`;
    case 'implied_opening':
      return 'opening implied by the first printed balance';
    case 'zero':
      return 'nothing (a printed total)';
    case 'total_in':
      return 'printed total money in';
    case 'total_out':
      return 'printed total money out (as a negative sum)';
  }
}

/** The proof of a result in the contract's form (include=proof). */
export function proofOf(result: Pick<EngineResult, 'proof' | 'provenance'>): ProofEquation[] {
  return (result.proof ?? []).map((e) => {
    const exp = currencyExponent(e.currency);
    // The page of the ending figure: the row it is printed on, else the last row summed.
    const at = e.endRow ?? e.rows[e.rows.length - 1];
    const page = at !== undefined ? result.provenance[at]?.page : undefined;
    return {
      rows: e.rows.map((r) => r + 1),
      start: formatMinor(e.start, exp),
      end: formatMinor(e.end, exp),
      currency: e.currency,
      ...(e.endKind === 'total_in' ? { total: 'in' as const } : e.endKind === 'total_out' ? { total: 'out' as const } : {}),
      start_label: label(e.startKind, e.startRow),
      end_label: label(e.endKind, e.endRow),
      ...(e.startRow !== undefined ? { start_row: e.startRow + 1 } : {}),
      ...(e.endRow !== undefined ? { end_row: e.endRow + 1 } : {}),
      ...(page !== undefined ? { page } : {}),
      holds: e.holds,
      ...(e.startKind === 'implied_opening' ? { implied: true } : {}),
    };
  });
}

/** The equations of `proof` moved by `offset` rows (a statement joined after others, or cut out of them). */
export function shiftProof(proof: Equation[], offset: number): Equation[] {
  if (offset === 0) return proof;
  const by = (r: number | undefined) => (r === undefined ? undefined : r + offset);
  return proof.map((e) => ({
    ...e,
    rows: e.rows.map((r) => r + offset),
    ...(e.startRow !== undefined ? { startRow: by(e.startRow) } : {}),
    ...(e.endRow !== undefined ? { endRow: by(e.endRow) } : {}),
  }));
}
