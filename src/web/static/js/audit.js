// The audit trail of a person's corrections: for every row that differs from the statement as read, what
// was printed and what it is now, and when that was saved. The converter page sends it with a download
// (so the file says which rows a person edited) and the server builds the same list when corrections are
// saved to a kept result (src/web/corrections.ts imports this file): one list, one place.

const FIELDS = ['Date', 'Description', 'Type', 'Debit', 'Credit', 'Amount', 'Balance', 'Reference', 'Currency'];
const same = (a, b) => FIELDS.every((f) => a[f] === b[f]);
const sig = (t) => FIELDS.map((f) => t[f]).join('\u0001');

/**
 * @param {{ t: object, key: number, added?: boolean }[]} rows the rows now, in order (key: the row's 0-based index as read)
 * @param {object[]} printed the transactions as read
 * @param {{ change: string, printed_row: number | null, corrected: object | null, at: string }[]} previous corrections saved
 *   before: a correction that is still the same keeps the time it was first saved
 * @param {string} at now (ISO 8601)
 * @returns {{ change: 'edited' | 'added' | 'deleted', row: number | null, printed_row: number | null, printed: object | null, corrected: object | null, at: string }[]}
 */
export function correctionsOf(rows, printed, previous, at) {
  const before = new Map();
  for (const c of previous ?? []) {
    const k = c.change === 'added' ? `added:${sig(c.corrected)}` : `${c.change}:${c.printed_row}:${c.corrected ? sig(c.corrected) : ''}`;
    if (!before.has(k)) before.set(k, c.at);
  }
  const when = (k) => {
    const t = before.get(k);
    if (t) before.delete(k);
    return t ?? at;
  };
  const out = [];
  const present = new Set();
  rows.forEach((x, i) => {
    if (x.added) {
      out.push({ change: 'added', row: i + 1, printed_row: null, printed: null, corrected: x.t, at: when(`added:${sig(x.t)}`) });
      return;
    }
    present.add(x.key);
    const p = printed[x.key];
    if (p && !same(p, x.t))
      out.push({ change: 'edited', row: i + 1, printed_row: x.key + 1, printed: p, corrected: x.t, at: when(`edited:${x.key + 1}:${sig(x.t)}`) });
  });
  printed.forEach((p, k) => {
    if (!present.has(k)) out.push({ change: 'deleted', row: null, printed_row: k + 1, printed: p, corrected: null, at: when(`deleted:${k + 1}:`) });
  });
  return out;
}

/** "2 rows edited, 1 added, 1 deleted" ('' when nothing). */
export function correctionsSummary(corrections) {
  return ['edited', 'added', 'deleted']
    .map((change) => [change, corrections.filter((c) => c.change === change).length])
    .filter(([, k]) => k > 0)
    .map(([change, k], i) => (i === 0 ? `${k} ${k === 1 ? 'row' : 'rows'} ${change}` : `${k} ${change}`))
    .join(', ');
}
