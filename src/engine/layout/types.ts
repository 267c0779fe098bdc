// Shapes of the shared layout stage. PDF items and fixed-width text both become positioned tokens;
// everything after that (lines, header, column bands, rows, anchors) is written once.

/**
 * One printed word (or a run of words without a column gap) with its position.
 * Units: PDF points from the page's top-left; fixed-width text uses character columns for x and
 * line numbers for y.
 */
export interface Token {
  text: string;
  x0: number;
  x1: number;
  /** Baseline, growing downwards. */
  y: number;
  page: number;
  /** Em size in x units: the font size in points for PDF, 2 (columns) for fixed-width text. */
  em: number;
  /** Line pitch in y units: about 1.2 em for PDF, 1 for text. */
  lh: number;
}

export interface Line {
  page: number;
  y: number;
  /** Words of the line, left to right. */
  words: Token[];
  em: number;
  lh: number;
  /** 1-based source line (text input) for provenance. */
  sourceLine?: number;
}

export interface PageInfo {
  page: number;
  width: number;
  height: number;
}

/** A printed amount read from one or more adjacent words. Minor units. */
export interface MoneyToken {
  abs: bigint;
  /** Explicit sign: '-' (leading/trailing minus or parentheses), '+', or null. */
  sign: '-' | '+' | null;
  /** Explicit direction suffix (CR/DR/D/C/OD/Af/Bij/S/H) or null. */
  dir: 'dr' | 'cr' | null;
  x0: number;
  x1: number;
  text: string;
  words: Token[];
}

export type ColumnRole = 'date' | 'valuedate' | 'description' | 'type' | 'reference' | 'debit' | 'credit' | 'amount' | 'balance' | 'foreign' | 'other';

export interface Band {
  role: ColumnRole;
  x0: number;
  x1: number;
  label: string;
}

export interface DateParts {
  a: number; // first numeric field (day or month), or day when the month is a name
  b: number; // second numeric field
  y: number | null; // 4-digit year when printed
  /** True when the month was a name (so the order is known). */
  named: boolean;
  /** Order implied by the style: 'dmy' | 'mdy' | 'ymd' | null (numeric, undecided). */
  order: 'dmy' | 'mdy' | 'ymd' | null;
}

export interface DraftRow {
  date: DateParts | null;
  dateText: string;
  descParts: string[];
  typeCode: string;
  reference: string;
  debit: MoneyToken | null;
  credit: MoneyToken | null;
  amount: MoneyToken | null;
  balance: MoneyToken | null;
  /** Money tokens the bands could not place with confidence. */
  loose: MoneyToken[];
  page: number;
  boxes: [number, number, number, number][];
  lines: number[];
  section: number;
  /** Line y of the first line (for ordering). */
  firstY: number;
  lastY: number;
  moneyLineIndex: number;
  lineCount: number;
  /** Line pitch of the row's text (y units). */
  lh: number;
  /** The way an unmarked amount goes, named by its table's title ("Deposits", "Checks paid"). */
  unmarked?: 'dr' | 'cr';
  /** Its figure line reads like a total (an undated line with a total's word): a row or none, as the balances decide. */
  candidate?: boolean;
  /** Its figure line holds a carried-forward word: left out only where its printed balance is a neighbour's. */
  carried?: boolean;
}

/** `dated`: a balance printed with its date ("Saldo per 23.10.2025", "Balance on 1 April"), opening or closing by that date. */
export type AnchorKind = 'opening' | 'closing' | 'total_in' | 'total_out' | 'dated';

export interface Anchor {
  kind: AnchorKind;
  value: MoneyToken;
  page: number;
  section: number;
  /** Index into the row list at the time the anchor was seen (rows before it). */
  rowIndex: number;
  label: string;
  /** Baseline of the anchor line, to order it against rows. */
  y: number;
  /** The date printed in a `dated` anchor's label, as day/month/year parts. */
  date?: DateParts | null;
}

export interface Section {
  currency: string | null;
  hasBalanceColumn: boolean;
  hasSplitColumns: boolean;
  /** The money in / money out columns were placed by the figures' alignment, not named by a header. */
  unlabelledSplit?: boolean;
}

export interface DraftStatement {
  rows: DraftRow[];
  anchors: Anchor[];
  sections: Section[];
  pageText: string;
  pageCount: number;
}
