// The verdict of a result as corrected on the page, run in the browser after every edit and again by the
// server's render endpoint for the downloads (src/web/render.ts imports this same file). It re-checks the
// engine's own equations (the proof: each a printed figure plus some rows' amounts giving another printed
// figure) against the rows as they stand, and decides with the engine's rule and the engine's table of
// warnings (verdict-rule.js, the table passed in as data): one rule, one table, every path.
// Exact: amounts are decimal strings turned into scaled BigInts, never floats.
import { checkEquations, decideVerdict, millionths } from '../../../engine/verdict-rule.js';
import { formatUnits } from './money.js';

const isTotal = (e) => e.total === 'in' || e.total === 'out';

/**
 * The engine's equations renumbered for the rows as they stand. A deleted row leaves its equation; a
 * corrected balance moves the figure it was; an added row joins the equation of the row before it (after
 * that row's printed balance, the next one); a total takes every row of its currency and direction.
 * @param {{ t: object, key: number, added?: boolean }[]} rows the rows now, in order (key: the row's index as read)
 * @param {object[]} proof the engine's equations (1-based rows as read)
 */
export function equationsNow(rows, proof) {
  const pos = new Map();
  rows.forEach((x, i) => {
    if (!x.added) pos.set(x.key, i);
  });
  const balanceNow = (row) => {
    const i = pos.get(row - 1);
    const b = i === undefined ? '' : rows[i].t.Balance;
    return b !== '' && millionths(b) !== null ? b : null;
  };
  // A deleted row takes its printed balance with it: the equation that ended there and the one that
  // started there become one, from the figure before to the figure after.
  const chained = [];
  const byStart = new Map();
  for (const e of proof) {
    if (isTotal(e)) {
      chained.push(e);
      continue;
    }
    const before = e.start_row && !pos.has(e.start_row - 1) ? byStart.get(e.start_row) : undefined;
    if (before) {
      const joined = { ...e, rows: [...before.rows, ...e.rows], start: before.start, start_label: before.start_label, implied: before.implied };
      if (before.start_row) joined.start_row = before.start_row;
      else delete joined.start_row;
      chained[chained.indexOf(before)] = joined;
      byStart.delete(e.start_row);
      if (e.end_row) byStart.set(e.end_row, joined);
      continue;
    }
    chained.push(e);
    if (e.end_row) byStart.set(e.end_row, e);
  }
  const out = chained.map((e) => {
    if (isTotal(e)) {
      const rowsNow = [];
      rows.forEach((x, i) => {
        const credit = !String(x.t.Amount).startsWith('-');
        if (x.t.Currency === e.currency && credit === (e.total === 'in')) rowsNow.push(i + 1);
      });
      return { ...e, rows: rowsNow };
    }
    return {
      ...e,
      rows: e.rows.flatMap((r) => (pos.has(r - 1) ? [pos.get(r - 1) + 1] : [])),
      start: (e.start_row && balanceNow(e.start_row)) || e.start,
      end: (e.end_row && balanceNow(e.end_row)) || e.end,
    };
  });
  // Added rows: into the chain equation of the nearest row as read before them (or after them, at the top).
  const chain = out.filter((e) => !isTotal(e));
  rows.forEach((x, i) => {
    if (!x.added) return;
    let j = i - 1;
    while (j >= 0 && rows[j].added) j--;
    let home;
    if (j >= 0) {
      const k = rows[j].key + 1;
      home = chain.find((e) => e.start_row === k && e.end_row !== k) ?? chain.find((e) => e.end_row !== k && chained[out.indexOf(e)].rows.includes(k));
    } else {
      let n = i + 1;
      while (n < rows.length && rows[n].added) n++;
      if (n < rows.length) home = chain.find((e) => chained[out.indexOf(e)].rows.includes(rows[n].key + 1));
    }
    if (home) home.rows = [...home.rows, i + 1].sort((a, b) => a - b);
  });
  return out;
}

/** A sentence for an equation that no longer holds, and the row it names. */
function breakWarning(e, sumNow, digits) {
  const money = (v) => `${formatUnits(v, digits)} ${e.currency}`;
  const end = millionths(e.end);
  const delta = end - sumNow;
  if (isTotal(e)) {
    return {
      code: 'totals_mismatch',
      message: `The rows of money ${e.total} add up to ${money(e.total === 'in' ? sumNow : -sumNow)}, but the statement prints ${money(e.total === 'in' ? end : -end)}.`,
      delta,
    };
  }
  const row = e.end_row ? e.rows[e.rows.length - 1] : undefined;
  const what = row ? 'The balance after this row should be' : 'The rows add up to a closing balance of';
  return {
    code: 'balance_mismatch',
    message: `${what} ${money(sumNow)} from the amounts read, but the statement shows ${money(end)} (a difference of ${money(delta)}).`,
    ...(row ? { row } : {}),
    delta,
  };
}

/**
 * The verdict of the rows as they stand.
 * @param {{ t: object, key: number, added?: boolean }[]} rows
 * @param {{ proof?: object[], warnings: object[], reconcile_status: string, meta: { currencyExponent: number } }} result the engine's result
 * @param {Record<string, { severity: string, blocks: boolean | 'instance' }>} table the engine's warning table
 * @returns {{ reconcile_status: string, reconcile_diff: number, warnings: object[], proof: object[] }}
 */
export function verdictOf(rows, result, table) {
  const transactions = rows.map((x) => x.t);
  const proof = equationsNow(rows, result.proof ?? []);
  const checked = checkEquations(transactions, proof);
  // An opening the statement does not print is its first balance less the row before it: it moves with them, and checks nothing.
  checked.forEach((c, n) => {
    if (c.implied) c.holds = true;
    proof[n].holds = c.holds;
  });
  // The engine's warnings stay, renumbered, but for those about an equation: each is decided again below.
  const pos = new Map();
  rows.forEach((x, i) => {
    if (!x.added) pos.set(x.key, i + 1);
  });
  const kept = [];
  for (const w of result.warnings) {
    if (w.equation !== undefined) continue;
    const copy = { ...w };
    if (w.row) {
      const row = pos.get(w.row - 1);
      if (row) copy.row = row;
      else delete copy.row;
    }
    kept.push(copy);
  }
  const own = [];
  let diff = null;
  checked.forEach((c, n) => {
    if (c.holds) return;
    const e = proof[n];
    let sum = millionths(e.start) ?? 0n;
    for (const r of c.rows) sum += millionths(transactions[r]?.Amount ?? '') ?? 0n;
    const w = breakWarning(e, sum, result.meta.currencyExponent);
    diff ??= w.delta;
    delete w.delta;
    own.push({ ...w, equation: n + 1 });
  });
  const warnings = [...kept, ...own];
  const v = decideVerdict({ rowCount: transactions.length, equations: checked, warnings }, table);
  if (v.uncovered.length && !warnings.some((w) => w.code === 'rows_unverified')) {
    const first = v.uncovered[0] + 1;
    warnings.push({
      code: 'rows_unverified',
      row: first,
      message: `${v.uncovered.length === 1 ? 'One row is' : `${v.uncovered.length} rows are`} inside no equation between printed figures, so nothing printed confirms ${v.uncovered.length === 1 ? 'it' : 'them'} (first: row ${first}).`,
    });
  }
  const status = v.status;
  return {
    reconcile_status: status,
    reconcile_diff: status === 'RECONCILE_WARN' && diff !== null ? Number(formatUnits(diff, result.meta.currencyExponent).replace(/,/g, '')) : 0,
    warnings,
    proof,
  };
}
