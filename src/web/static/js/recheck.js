// The balance check of a corrected result, run in the browser after every edit and again by the
// server's render endpoint (src/web/render.ts imports this same file): one rule, one place.
// Exact: amounts are decimal strings turned into scaled BigInts (money.js), never floats.
//
// Rule (the engine's, for rows already read): per currency, in printed order (reversed when the dates
// run newest first), the opening balance (when printed) plus each row's amount must give the next
// printed balance, and the last balance the printed closing balance. A row is checked only when it
// sits inside such an equation; a lone printed balance checks nothing. Every non-empty Balance is
// taken as a figure of the statement.
import { formatUnits, toUnits } from './money.js';

/** Warning codes the check owns: recomputed, never carried over from an earlier result. */
export const CHECK_CODES = ['balance_mismatch'];
/**
 * Warnings that keep a result from PASS whatever the balances say. rows_unverified is one: the
 * engine fills computed balances into rows the statement prints none for, and this check cannot
 * tell those from printed ones, so the engine's word that a row was never checked stands.
 */
export const BLOCKING_CODES = ['rows_unverified', 'totals_mismatch', 'grouping_uncertain', 'ocr_ambiguous', 'ocr_unsure_text'];

const isoOf = (d) => (/^\d{2}\/\d{2}\/\d{4}$/.test(d) ? `${d.slice(6)}-${d.slice(3, 5)}-${d.slice(0, 2)}` : '');

/**
 * @param {{Date: string, Amount: string, Balance: string, Currency: string}[]} transactions
 * @param {{currency: string, currencyExponent: number, openingBalance: string|null, closingBalance: string|null}} meta
 */
export function recheck(transactions, meta) {
  const groups = new Map();
  transactions.forEach((t, i) => {
    const c = t.Currency || meta.currency;
    if (!groups.has(c)) groups.set(c, []);
    groups.get(c).push(i);
  });
  if (!groups.has(meta.currency) && (meta.openingBalance !== null || meta.closingBalance !== null)) groups.set(meta.currency, []);
  const warnings = [];
  let equations = 0;
  let diff = null;
  let unverifiedCount = 0;
  for (const [currency, idx] of groups) {
    const digits = currency === meta.currency ? meta.currencyExponent : 2;
    const money = (v) => `${formatUnits(v, digits)} ${currency}`;
    const first = isoOf(transactions[idx[0]]?.Date ?? '');
    const last = isoOf(transactions[idx[idx.length - 1]]?.Date ?? '');
    const order = first && last && first > last ? [...idx].reverse() : idx;
    const own = currency === meta.currency;
    let prev = own && meta.openingBalance !== null ? toUnits(meta.openingBalance) : null;
    let pending = []; // rows since the last checked figure
    const unverified = [];
    for (const i of order) {
      const t = transactions[i];
      const expected = prev === null ? null : prev + toUnits(t.Amount);
      pending.push(i);
      if (t.Balance === '') {
        prev = expected;
        continue;
      }
      const printed = toUnits(t.Balance);
      if (expected === null) unverified.push(...pending);
      else {
        equations += 1;
        if (printed !== expected) {
          const delta = printed - expected;
          diff ??= { delta, digits };
          warnings.push({
            code: 'balance_mismatch',
            row: i + 1,
            message: `The balance after this row should be ${money(expected)} from the amounts read, but the statement shows ${money(printed)} (a difference of ${money(delta)}).`,
          });
        }
      }
      pending = [];
      prev = printed;
    }
    const closing = own && meta.closingBalance !== null ? toUnits(meta.closingBalance) : null;
    if (closing !== null && prev !== null) {
      equations += 1;
      pending = [];
      if (closing !== prev) {
        const delta = closing - prev;
        diff ??= { delta, digits };
        warnings.push({
          code: 'balance_mismatch',
          message: `The rows add up to a closing balance of ${money(prev)}, but the statement shows ${money(closing)} (a difference of ${money(delta)}).`,
        });
      }
    }
    unverified.push(...pending);
    if (unverified.length) {
      const firstRow = Math.min(...unverified) + 1;
      unverifiedCount += unverified.length;
      warnings.push({
        code: 'rows_unverified',
        row: firstRow,
        message: `${unverified.length === 1 ? 'One row has' : `${unverified.length} rows have`} no printed balance to check against (first: row ${firstRow}).`,
      });
    }
  }
  const status = equations === 0 ? 'NO_BAL' : diff !== null || unverifiedCount > 0 ? 'RECONCILE_WARN' : 'PASS';
  const d = diff ? formatUnits(diff.delta, diff.digits).replace(/,/g, '') : '0';
  return { status, diff: d, equations, warnings };
}

/**
 * The verdict of a corrected result: the check's own balance warnings replace the earlier ones; the
 * others stay (their rows already renumbered by the caller), and a blocking one keeps it from PASS.
 * A result that had nothing to check (`earlierStatus` NO_BAL) stays NO_BAL: editing rows prints no
 * balance, and balances the engine computed are not figures of the statement.
 */
export function verdictOf(transactions, meta, otherWarnings, earlierStatus) {
  const r = recheck(transactions, meta);
  const kept = otherWarnings.filter((w) => !CHECK_CODES.includes(w.code));
  const unverified = kept.some((w) => w.code === 'rows_unverified');
  const own = r.warnings.filter((w) => !(unverified && w.code === 'rows_unverified'));
  const blocked = kept.some((w) => BLOCKING_CODES.includes(w.code));
  const status = earlierStatus === 'NO_BAL' ? 'NO_BAL' : r.status === 'PASS' && blocked ? 'RECONCILE_WARN' : r.status;
  return { reconcile_status: status, reconcile_diff: status === 'RECONCILE_WARN' ? Number(r.diff) : 0, warnings: [...kept, ...own], equations: r.equations };
}
