// A header row whose words name no description, payee or memo column ("items", "Transaction Ref1",
// "Zahlungsreferenz"): without a fallback every row would have an empty description.
// A category column then becomes the row's type (it leads the Description), when no type column is named.
import type { ColumnRoles } from './header-roles.js';
import { normHeader } from './header-words.js';
import type { TextRecord } from './records.js';

const TEXT_ROLES = new Set(['description', 'payee', 'memo']);
const CATEGORY_HEADER = /^(category|categorie|kategorie|categoria|transaction category)$/;

/**
 * Gives the description role to the unassigned column carrying the most free text: values with letters
 * and spaces (ids like "CONPWBBZPL" have none), not a low-cardinality type column ("Outgoing transfer"
 * on every debit). Numbered siblings of that column ("Ref1", "Ref2", "Ref3") join it, in column order.
 */
export function withTextFallback(records: TextRecord[], cols: ColumnRoles): ColumnRoles {
  if (cols.headerIndex < 0 || cols.roles.some((r) => r && TEXT_ROLES.has(r))) return cols;
  const body = records.slice(cols.headerIndex + 1, cols.headerIndex + 401);
  const valuesOf = (i: number) => body.map((r) => (r.cells[i] ?? '').trim()).filter((v) => v);
  // With no text column, a category column (FinPension's "Category": Deposit, Buy, Dividend) is the
  // row's printed type, leading its Description, rather than left out as a spending category is.
  const category = cols.roles.includes('type')
    ? -1
    : cols.roles.findIndex((r, i) => {
        if (r !== 'ignore' || !CATEGORY_HEADER.test(normHeader(cols.headers[i] ?? ''))) return false;
        const vals = valuesOf(i);
        return vals.length > 0 && new Set(vals).size > 1 && vals.filter((v) => /\p{L}{3}/u.test(v)).length >= vals.length * 0.8;
      });
  let best = -1,
    bestLen = 0;
  cols.roles.forEach((role, i) => {
    if (role) return;
    const vals = valuesOf(i);
    if (!vals.some((v) => /[A-Za-z\u00C0-\u024F]/.test(v) && /\s/.test(v))) return;
    const distinct = new Set(vals).size;
    // (A column of few values is the type column this rule keeps out; beside a category read as the type
    // it may be the text, as an asset's name on the rows that trade it.)
    if (vals.length >= 4 ? distinct <= (category >= 0 ? 1 : 2) : distinct < 2 && vals.length > 1) return;
    const len = vals.reduce((a, v) => a + (/[A-Za-z\u00C0-\u024F]/.test(v) ? v.length : 0), 0);
    if (len > bestLen) {
      bestLen = len;
      best = i;
    }
  });
  if (best < 0 && category < 0) return cols;
  const roles = [...cols.roles];
  if (category >= 0) roles[category] = 'type';
  const stem = /^(.*\D)\s?\d$/.exec(normHeader(cols.headers[best] ?? ''))?.[1];
  roles.forEach((role, i) => {
    if (role) return;
    if (i === best || (stem && /^(.*\D)\s?\d$/.exec(normHeader(cols.headers[i] ?? ''))?.[1] === stem)) roles[i] = 'description';
  });
  return { ...cols, roles };
}
