// A header row whose words name no description, payee or memo column ("items", "Transaction Ref1",
// "Zahlungsreferenz"): without a fallback every row would have an empty description.
import type { ColumnRoles } from './header-roles.js';
import { normHeader } from './header-words.js';
import type { TextRecord } from './records.js';

const TEXT_ROLES = new Set(['description', 'payee', 'memo']);

/**
 * Gives the description role to the unassigned column carrying the most free text: values with letters
 * and spaces (ids like "CONPWBBZPL" have none), not a low-cardinality type column ("Outgoing transfer"
 * on every debit). Numbered siblings of that column ("Ref1", "Ref2", "Ref3") join it, in column order.
 */
export function withTextFallback(records: TextRecord[], cols: ColumnRoles): ColumnRoles {
  if (cols.headerIndex < 0 || cols.roles.some((r) => r && TEXT_ROLES.has(r))) return cols;
  const body = records.slice(cols.headerIndex + 1, cols.headerIndex + 401);
  let best = -1,
    bestLen = 0;
  cols.roles.forEach((role, i) => {
    if (role) return;
    const vals = body.map((r) => (r.cells[i] ?? '').trim()).filter((v) => v);
    if (!vals.some((v) => /[A-Za-z\u00C0-\u024F]/.test(v) && /\s/.test(v))) return;
    const distinct = new Set(vals).size;
    if (vals.length >= 4 ? distinct <= 2 : distinct < 2 && vals.length > 1) return;
    const len = vals.reduce((a, v) => a + (/[A-Za-z\u00C0-\u024F]/.test(v) ? v.length : 0), 0);
    if (len > bestLen) {
      bestLen = len;
      best = i;
    }
  });
  if (best < 0) return cols;
  const roles = [...cols.roles];
  const stem = /^(.*\D)\s?\d$/.exec(normHeader(cols.headers[best] ?? ''))?.[1];
  roles.forEach((role, i) => {
    if (role) return;
    if (i === best || (stem && /^(.*\D)\s?\d$/.exec(normHeader(cols.headers[i] ?? ''))?.[1] === stem)) roles[i] = 'description';
  });
  return { ...cols, roles };
}
