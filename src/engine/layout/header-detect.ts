// Finds a table's header row by its words and turns its cells into column bands. A header may
// take two printed lines ("Bedrag" over "in euro's"); the second line is merged by position.
import { cellsOf } from './line-builder.js';
import { foldText, HEADER_ROLES } from './lexicon.js';
import { findMoney } from './money-words.js';
import { currencyOfSymbol } from './money-words.js';
import type { Band, ColumnRole, Line, Token } from './types.js';

const NUMERIC_ROLES: ColumnRole[] = ['debit', 'credit', 'amount', 'balance', 'foreign'];
export const isNumericRole = (r: ColumnRole) => NUMERIC_ROLES.includes(r);

function cleanLabel(s: string): string {
  return foldText(s)
    .replace(/\(.*?\)/g, ' ')
    .replace(/[£€$]/g, ' ')
    .replace(/\b(gbp|eur|usd)\b/g, ' ')
    .replace(/[:*]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function roleOf(label: string): ColumnRole | null {
  const c = cleanLabel(label);
  if (!c) return null;
  for (const [role, re] of HEADER_ROLES) if (re.test(c)) return role;
  return null;
}

/**
 * Role of a label when splitting a cell. The description pattern is a "contains" test, so several
 * words count only when they end in a description word and do not start with another role's word
 * ("Merchant Name or Transaction Description", never "Date Description").
 */
function exactRole(label: string, longDescriptions: boolean): ColumnRole | null {
  const r = roleOf(label);
  if (r !== 'description') return r;
  const words = cleanLabel(label).split(' ');
  if (words.length === 1) return r;
  if (!longDescriptions) return null;
  const first = roleOf(words[0]);
  return (first === null || first === 'description') && roleOf(words[words.length - 1]) === 'description' ? r : null;
}

interface HeaderCell { words: Token[]; text: string; x0: number; x1: number; role: ColumnRole | null }

/** Splits a cell like "Type Description" into role-bearing parts when the whole does not read as one. */
function splitCell(words: Token[]): HeaderCell[] {
  const whole = words.map((w) => w.text).join(' ');
  const wr = roleOf(whole);
  // Single-word descriptions first ("Pay type Details" is Type + Details), then longer ones.
  for (const long of [false, true]) {
    const parts = greedySplit(words, long);
    if (parts && parts.length > 1 && (!wr || wr === 'description')) return parts;
  }
  return [{ words, text: whole, x0: words[0].x0, x1: words[words.length - 1].x1, role: wr }];
}

/** Greedy: the longest run of words that is an exact role, then the next; null when a word is left over. */
function greedySplit(words: Token[], long: boolean): HeaderCell[] | null {
  if (words.length > 1) {
    const parts: HeaderCell[] = [];
    let i = 0;
    let ok = true;
    while (i < words.length) {
      let found = 0;
      for (let j = words.length; j > i; j--) {
        const t = words.slice(i, j).map((w) => w.text).join(' ');
        if (exactRole(t, long)) { found = j; break; }
      }
      if (!found) { ok = false; break; }
      const ws = words.slice(i, found);
      const t = ws.map((w) => w.text).join(' ');
      parts.push({ words: ws, text: t, x0: ws[0].x0, x1: ws[ws.length - 1].x1, role: exactRole(t, long) });
      i = found;
    }
    if (ok) return parts;
  }
  return null;
}

export interface Header {
  bands: Band[];
  /** Lines the header occupies (1 or 2). */
  lineCount: number;
  currency: string | null;
  /** Inferred from unaligned text: a line's left edge says nothing about its column. */
  compact?: boolean;
}

function cellGroups(line: Line): Token[][] {
  const cells = cellsOf(line.words);
  // Map each cell back to its words.
  const groups: Token[][] = [];
  let k = 0;
  for (const c of cells) {
    const g: Token[] = [];
    while (k < line.words.length && line.words[k].x1 <= c.x1 + 1e-6) g.push(line.words[k++]);
    if (g.length) groups.push(g);
  }
  return groups;
}

/** Reads `line` (and possibly `next`) as a table header; null when it is not one. */
// Every date or value-date label (HEADER_ROLES) contains one of these; a line without any cannot be
// a header, which spares the cell splitting on nearly every line of a statement.
const DATE_LABEL_PART = /(date|datum|posted|buchung|tag|fecha|day|received|valu|wert|valeur|process|settlement)/;

export function detectHeader(line: Line, next: Line | undefined): Header | null {
  if (line.words.length < 2 || line.words.length > 24) return null;
  if (!DATE_LABEL_PART.test(foldText(line.words.map((w) => w.text).join(' ')))) return null;
  if (findMoney(line.words).money.length) return null;
  let cells = cellGroups(line).flatMap(splitCell);
  const score = (cs: HeaderCell[]) => {
    const roles = cs.map((c) => c.role);
    const hasDate = roles.includes('date') || roles.includes('valuedate');
    const hasMoney = roles.some((r) => r === 'debit' || r === 'credit' || r === 'amount' || r === 'balance');
    const known = roles.filter(Boolean).length;
    return hasDate && hasMoney && known >= 3 && known * 2 >= cs.length ? known : 0;
  };
  if (!score(cells)) return null;
  let lineCount = 1;
  if (next && next.page === line.page && next.y - line.y <= line.lh * 1.8 && !findMoney(next.words).money.length) {
    const sub = cellGroups(next).map((ws) => ({ text: ws.map((w) => w.text).join(' '), x0: ws[0].x0, x1: ws[ws.length - 1].x1 }));
    const fits = sub.length > 0 && sub.every((s) => cells.some((c) => s.x0 < c.x1 + line.em && s.x1 > c.x0 - line.em));
    // A second header line never starts a row: no date-looking words in it.
    if (fits && !sub.some((s) => /\d/.test(s.text))) {
      cells = cells.map((c) => {
        const below = sub.filter((s) => s.x0 < c.x1 + line.em * 0.5 && s.x1 > c.x0 - line.em * 0.5);
        if (!below.length) return c;
        const text = `${c.text} ${below.map((b) => b.text).join(' ')}`;
        const r = roleOf(text);
        return { ...c, text, role: r ?? c.role, x0: Math.min(c.x0, ...below.map((b) => b.x0)), x1: Math.max(c.x1, ...below.map((b) => b.x1)) };
      });
      lineCount = 2;
    }
  }
  // The first date column is the row date; later ones are value/posting dates.
  let seenDate = false;
  const bands: Band[] = [];
  for (const c of cells) {
    let role: ColumnRole = c.role ?? 'other';
    if (role === 'date') { if (seenDate) role = 'valuedate'; seenDate = true; }
    bands.push({ role, x0: c.x0, x1: c.x1, label: c.text });
  }
  if (!seenDate) {
    const v = bands.find((b) => b.role === 'valuedate');
    if (v) v.role = 'date';
  }
  // Two plain "amount" columns: the left one is the foreign amount.
  const amounts = bands.filter((b) => b.role === 'amount');
  if (amounts.length > 1) amounts.slice(0, -1).forEach((b) => { b.role = 'foreign'; });
  const currency = cells.map((c) => currencyOfSymbol(c.text) ?? /\b(GBP|EUR|USD|CHF|INR)\b/.exec(c.text)?.[1] ?? null).find(Boolean) ?? null;
  return { bands, lineCount, currency };
}
