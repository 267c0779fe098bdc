// What the balances cannot check, said where the table's structure does not settle it: a printed line
// inside the table that no row took (its text is not in any description), and rows whose date came
// from a row above past a dated line that no row took (the date of their own group was lost with it).
// Both block PASS (warnings.ts: text_unplaced, date_unsupported); the readers only report them.
import { locationUnit, type EngineResult, type InputKind } from '../types.js';
import { lineText } from './line-builder.js';
import type { LineRec } from './line-record.js';
import type { DraftRow } from './types.js';

/** A text line of a table that no row took, with the rows printed right above and right below it. */
export interface StrayLine {
  rec: LineRec;
  above: DraftRow | null;
  below: DraftRow | null;
  /** Rows below it that print no date of their own before the next dated row: their date is a guess. */
  dateTaken: DraftRow[];
}

/**
 * The lines no row took that are the table's own: between two of its rows, and either a row's first
 * line (a date, a type code, a payment code in front) or set between them on one page. Text above a
 * table's first row or below its last, or alone at a page's foot or top without a row's marks, is the
 * page's (titles, small print), as the grouping found it.
 */
export function strayLines(unplaced: { rec: LineRec; after: number }[], rows: DraftRow[]): StrayLine[] {
  const out: StrayLine[] = [];
  for (const { rec, after } of unplaced) {
    const above = rows[after - 1] ?? null;
    const below = rows[after] ?? null;
    if (!above || !below) continue;
    const page = rec.line.page;
    if (!rec.marker && !(above.page === page && below.page === page)) continue;
    const dateTaken: DraftRow[] = [];
    if (rec.date) for (let k = after; k < rows.length && !rows[k].date; k++) dateTaken.push(rows[k]);
    out.push({ rec, above, below, dateTaken });
  }
  return out;
}

/**
 * Rows that print no date in a table whose rows print their own dates even on the same day (two rows
 * one after the other print the same date): nothing there makes a date head a group of rows, so such
 * a row's date, carried down from the row above, is a guess (a date cell left blank, or moved).
 */
export function borrowedDates(rows: DraftRow[]): DraftRow[] {
  const repeats = rows.some((r, i) => i > 0 && r.date && rows[i - 1].date && r.dateText === rows[i - 1].dateText && r.page === rows[i - 1].page);
  if (!repeats) return [];
  const first = rows.findIndex((r) => r.date);
  return first < 0 ? [] : rows.filter((r, i) => i > first && !r.date);
}

const listed = (rows: number[]): string => rows.slice(0, 5).join(', ') + (rows.length > 5 ? ` and ${rows.length - 5} more` : '');

/** Warnings for the stray lines, naming the rows either side (1-based into the kept rows). */
export function withLineEvidence(result: EngineResult, kept: DraftRow[], built: { stray: StrayLine[]; borrowed: DraftRow[] }, kind: InputKind): EngineResult {
  const indexOf = new Map(kept.map((r, i) => [r, i + 1]));
  const borrowed = built.borrowed.flatMap((r) => indexOf.get(r) ?? []);
  if (borrowed.length) {
    const first = kept[borrowed[0] - 1];
    result.warnings.push({
      code: 'date_unsupported',
      message: `Row(s) ${listed(borrowed)} print no date, in a table whose rows print their own dates even on the same day: their date was taken from the row above.`,
      row: borrowed[0],
      page: locationUnit(kind) === 'page' ? first.page : (first.lines[0] ?? first.page),
    });
  }
  let stray = built.stray;
  // (Between a row and a line group left out, a total below the last row, it is that group's text: the
  // left-out group is said in rows_skipped, or was shown by its figures to be no transaction.)
  stray = stray.filter((s) => indexOf.has(s.above!) && indexOf.has(s.below!));
  if (!stray.length) return result;
  const unit = locationUnit(kind);
  const where = (s: StrayLine) => (unit === 'page' ? s.rec.line.page : (s.rec.line.sourceLine ?? s.rec.line.page));
  const near = stray.flatMap((s) => [s.above, s.below].map((r) => (r ? indexOf.get(r) : undefined)).filter((i): i is number => i !== undefined));
  const first = stray[0];
  result.warnings.push({
    code: 'text_unplaced',
    message: `${stray.length} printed line(s) inside the table belong to no row ("${lineText(first.rec.line).slice(0, 60)}" on ${unit} ${where(first)}); check the descriptions of row(s) ${listed([...new Set(near)].sort((a, b) => a - b))}.`,
    row: near[0],
    page: where(first),
  });
  const taken = [...new Set(stray.flatMap((s) => s.dateTaken.map((r) => indexOf.get(r)).filter((i): i is number => i !== undefined)))].sort((a, b) => a - b);
  if (taken.length) {
    result.warnings.push({
      code: 'date_unsupported',
      message: `Row(s) ${listed(taken)} print no date of their own, and the dated line above them belongs to no row: their date was taken from an earlier row.`,
      row: taken[0],
      page: where(stray.find((s) => s.dateTaken.length)!),
    });
  }
  return result;
}
