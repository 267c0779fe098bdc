// A header that names more columns than its rows hold, because the exporter wrote several of them into
// one quoted cell (",Vilnius,LT" under "Address,City,Country"): that cell is split at the delimiter so the
// rows line up with the header again. Without this, every column right of the merged cell is read under
// the wrong name (the amount under "MemoDet", nothing under "Amount").
import { looksLikeDate } from '../dates.js';
import { parseMoney } from '../money.js';
import { roleOfHeader } from './header-words.js';
import type { TextRecord } from './records.js';

// The header search reads as far (header-roles.ts).
const SCAN = 80;

const filledCount = (cells: string[]): number => cells.reduce((n, c) => (c.trim() ? n + 1 : n), 0);

function countOf(text: string, delimiter: string): number {
  let n = 0;
  for (let k = text.indexOf(delimiter); k >= 0; k = text.indexOf(delimiter, k + 1)) n++;
  return n;
}

/** Words only, at least two of them header words: a record that can be a table's header. */
function headerLike(cells: string[]): boolean {
  if (filledCount(cells) < 3) return false;
  if (cells.some((c) => c.trim() && (looksLikeDate(c) || parseMoney(c) !== null))) return false;
  return cells.filter((c) => c.trim() && roleOfHeader(c) !== null).length >= 2;
}

/**
 * The records with the merged cell split, or the records as they are. Only when it is unambiguous: every
 * row below the header (records of two or more filled cells) is short by the same k cells, and exactly
 * one column holds exactly k delimiters on every one of those rows.
 */
export function splitMergedCells(records: TextRecord[], delimiter: string): TextRecord[] {
  const scan = Math.min(records.length, SCAN);
  for (let h = 0; h < scan; h++) {
    const head = records[h].cells;
    if (!headerLike(head)) continue;
    const rows = records.slice(h + 1).filter((r) => filledCount(r.cells) >= 2);
    if (!rows.length) return records;
    const width = rows[0].cells.length;
    const k = head.length - width;
    if (k < 1 || rows.some((r) => r.cells.length !== width)) return records;
    // Trailing empty cells must pair up: a header ending in a delimiter its rows lack names no column
    // they could miss (a comma in every description is no merged cell), and rows ending in one as the
    // header does (Danske's "...,Amount," over "...,-7.8,") lack the merged columns all the same.
    let named = head.length;
    while (named > 0 && !head[named - 1].trim()) named--;
    let rowNamed = width;
    while (rowNamed > 0 && rows.every((r) => !r.cells[rowNamed - 1].trim())) rowNamed--;
    if (named - rowNamed !== k) return records;
    const merged: number[] = [];
    for (let j = 0; j < width; j++) if (rows.every((r) => countOf(r.cells[j], delimiter) === k)) merged.push(j);
    if (merged.length !== 1) return records;
    const j = merged[0];
    return records.map((r, i) =>
      i <= h || r.cells.length !== width ? r : { ...r, cells: [...r.cells.slice(0, j), ...r.cells[j].split(delimiter), ...r.cells.slice(j + 1)] },
    );
  }
  return records;
}
