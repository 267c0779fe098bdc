// Assigns the words of a table line to the header's columns by position, never by order: amounts
// go to the numeric column they overlap most (numbers are right-, left- or centre-aligned under
// their header), text goes to the column whose span holds its left edge.
import { isNumericRole } from './header-labels.js';

// Distances in ems of the line's font size (header words and figures are set in about the same size).
/** A figure belongs to a column it overlaps once the column's header is widened by this much on each side (a figure printed a little wider than its heading). */
const BAND_SLACK_EM = 0.3;
/** A figure overlapping no column is surely the nearest column's when an edge or the centre is this close (about two digits). */
const NEAR_BAND_EM = 1.5;
/** A text word starting this far left of a text column's heading still belongs to it (headings are often indented by a space). */
const TEXT_START_SLACK_EM = 0.5;
import type { Band, ColumnRole, MoneyToken, Token } from './types.js';

// A table's bands are read for every word of every line: facts derived from them are kept on the
// bands array itself (never mutated), under symbol keys; a WeakMap lookup per word cost more.
const NUMERIC = Symbol('numericBands');
const RIGHT = Symbol('tableRight');
const SORTED = Symbol('byLeftEdge');
type BandFacts = Band[] & { [NUMERIC]?: Band[]; [RIGHT]?: number; [SORTED]?: Band[] };

/** The bands of figure columns (debit, credit, amount, balance, foreign), in the bands' order. */
export function numericBands(bands: Band[]): Band[] {
  const facts = bands as BandFacts;
  return (facts[NUMERIC] ??= bands.filter((b) => isNumericRole(b.role)));
}

export function moneyRole(m: MoneyToken, bands: Band[], em: number): { role: ColumnRole; sure: boolean } {
  const numeric = numericBands(bands);
  if (!numeric.length) return { role: 'amount', sure: false };
  let best: Band | null = null;
  let bestOverlap = 0;
  for (const b of numeric) {
    const ov = Math.min(m.x1, b.x1 + em * BAND_SLACK_EM) - Math.max(m.x0, b.x0 - em * BAND_SLACK_EM);
    if (ov > bestOverlap) {
      bestOverlap = ov;
      best = b;
    }
  }
  if (best) {
    // Sure when no other numeric column overlaps it.
    const others = numeric.some((b) => b !== best && Math.min(m.x1, b.x1) - Math.max(m.x0, b.x0) > 0);
    return { role: best.role, sure: !others };
  }
  // No overlap: the nearest column by right edge, left edge or centre.
  let nearest = numeric[0];
  let dist = Infinity;
  for (const b of numeric) {
    const d = Math.min(Math.abs(m.x1 - b.x1), Math.abs(m.x0 - b.x0), Math.abs((m.x0 + m.x1) / 2 - (b.x0 + b.x1) / 2));
    if (d < dist) {
      dist = d;
      nearest = b;
    }
  }
  return { role: nearest.role, sure: dist < em * NEAR_BAND_EM };
}

/** The text column holding a word's left edge; text overflowing into numeric columns is description. */
export function textRole(w: Token, bands: Band[], em: number): ColumnRole {
  const role = bandRoleAt(w, bands, em);
  if (isNumericRole(role) || role === 'other') {
    // Text under a numeric header: a description that ran long, unless a reference column is there.
    return 'description';
  }
  return role;
}

/** The role of the band a word starts in, as its header named it ('other': a label no table knows). */
export function bandRoleAt(w: Token, bands: Band[], em: number): ColumnRole {
  const sorted = byLeftEdge(bands);
  let role: ColumnRole = sorted[0]?.role ?? 'description';
  for (let i = 0; i < sorted.length; i++) {
    const start = i === 0 ? -Infinity : sorted[i].x0 - em * TEXT_START_SLACK_EM;
    if (w.x0 >= start) role = sorted[i].role;
  }
  return role;
}

/**
 * Right edge of the table: words well beyond it are a sidebar. A column past the last figure column
 * whose label names no role ("NOTICEBOARD") is a sidebar printed beside the table, not part of it.
 */
export function tableRight(bands: Band[]): number {
  const facts = bands as BandFacts;
  return (facts[RIGHT] ??= tableRightOf(bands));
}

function tableRightOf(bands: Band[]): number {
  const lastNumeric = Math.max(...bands.filter((b) => isNumericRole(b.role)).map((b) => b.x1));
  const inTable = bands.filter((b) => !(b.role === 'other' && b.x0 > lastNumeric));
  return Math.max(...(inTable.length ? inTable : bands).map((b) => b.x1));
}

// Sorted once per bands array.
function byLeftEdge(bands: Band[]): Band[] {
  const facts = bands as BandFacts;
  return (facts[SORTED] ??= [...bands].sort((a, b) => a.x0 - b.x0));
}
