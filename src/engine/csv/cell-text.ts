// The text of a table's cells: parts joined without repeats, placeholders and table-drawing residue
// dropped, trailing unnamed cells' words, and the label tests a row reader asks of every cell.
import { parseMoney } from '../money.js';
import { CLOSING_LABEL, OPENING_LABEL, TOTAL_LABEL, type Role } from './header-words.js';

/** A row's text as its list of parts. */
export const textParts = (d: string | string[]): string[] => (typeof d === 'string' ? [d] : d);

// Text an export prints where it has none ("No Description", "N/A"): no part of a description.
const PLACEHOLDER = /^(?:no description|no details|n\/a|none|null|-+)$/i;
export const textOf = (x: string): string => {
  const t = x.trim();
  return t.length <= 14 && PLACEHOLDER.test(t) ? '' : t;
};

/** Joins text parts, dropping a part that another part already contains (type "Direct debit X" + "X"). */
export function joinParts(parts: string[]): string[] {
  if (parts.length === 1) {
    const p = textOf(parts[0]);
    return p ? [p] : [];
  }
  const seen: string[] = [];
  for (const p of parts.map(textOf).filter(Boolean)) {
    const low = p.toLowerCase();
    if (seen.some((s) => s.toLowerCase().includes(low))) continue;
    for (let i = seen.length - 1; i >= 0; i--) if (low.includes(seen[i].toLowerCase())) seen.splice(i, 1);
    seen.push(p);
  }
  return seen;
}

// A stray "|" at the edge of a cell ("26.851,95|", "|SALDO FINALE"): table-drawing residue, not data.
const STRAY_PIPES = /^[|¦]+\s*|\s*[|¦]+$/g;
export function unpiped(cells: string[]): string[] {
  for (const x of cells) if (x.includes('|') || x.includes('¦')) return cells.map((y) => y.replace(STRAY_PIPES, ''));
  return cells;
}

/**
 * False for text no figure label can match: every label starts with a letter, so an empty cell or one
 * starting with a digit or a sign (dates, amounts) is passed over without running the long label
 * patterns (ten of them a row on a large export).
 */
export function mayBeLabel(x: string): boolean {
  if (!x) return false;
  const c = x.charCodeAt(0);
  return !((c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46 || c === 44 || c === 40);
}

/**
 * Text of unnamed trailing cells (beyond the header): words, not figures or dates. A column beyond the
 * header that its content gave a role (John Lewis's unnamed last column of "CR" marks) is that, not text.
 */
export function trailingText(c: string[], width: number, roles: (Role | null)[]): string[] {
  const out: string[] = [];
  for (let i = width; i < c.length; i++) {
    if (roles[i]) continue;
    const x = c[i];
    if (x && /\p{L}/u.test(x) && parseMoney(x) === null) out.push(x);
  }
  return out;
}

/**
 * A test on cell text, remembered per distinct text for one file (never across files: cell text is the
 * customer's): exports repeat descriptions over many rows, and the label patterns (dozens of
 * alternatives in many languages) cost more than a look-up. Bounded.
 */
export function remembered(test: (t: string) => boolean): (t: string) => boolean {
  const seen = new Map<string, boolean>();
  return (t) => {
    let v = seen.get(t);
    if (v === undefined) {
      v = test(t);
      if (seen.size >= 20000) seen.clear();
      seen.set(t, v);
    }
    return v;
  };
}

/** The text is nothing but a figure's label, perhaps with a date or a colon ("Closing balance 06/10/2014"). */
export function wholeLabel(t: string): boolean {
  const m = OPENING_LABEL.exec(t) ?? CLOSING_LABEL.exec(t) ?? TOTAL_LABEL.exec(t);
  return !!m && /^[\s\d:./-]*$/.test(t.slice(m[0].length));
}
