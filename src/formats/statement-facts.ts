// Figures several writers derive from a result the same way: the statement's first and last day and
// its ledger (closing) balance, with the fall-backs documented in docs/formats.md.
import type { EngineResult } from '../engine/types.js';
import { dayKey, parseDmy, parseIso, type Ymd } from './date-render.js';
import { fromMinor, toMinor } from './decimal.js';

export interface StatementSpan {
  start: Ymd;
  end: Ymd;
}

/** First and last day: the printed period, else the earliest and latest row, else `now`'s day. */
export function statementSpan(result: EngineResult, now: Date): StatementSpan {
  let lo: Ymd | null = null;
  let hi: Ymd | null = null;
  for (const t of result.transactions) {
    const d = parseDmy(t.Date);
    if (!lo || dayKey(d) < dayKey(lo)) lo = d;
    if (!hi || dayKey(d) > dayKey(hi)) hi = d;
  }
  const today = { y: now.getUTCFullYear(), m: now.getUTCMonth() + 1, d: now.getUTCDate() };
  return {
    start: result.meta.periodStart ? parseIso(result.meta.periodStart) : (lo ?? today),
    end: result.meta.periodEnd ? parseIso(result.meta.periodEnd) : (hi ?? today),
  };
}

export type LedgerSource = 'closing_balance' | 'last_row_balance' | 'opening_plus_rows' | 'none';

/**
 * The closing balance as a plain decimal: the printed closing balance; else the running balance of the
 * chronologically last row (statements listed newest first have it on their first row); else the
 * printed opening balance plus every amount; else zero, with source 'none' (OFX requires LEDGERBAL and
 * a statement without any balance information cannot supply one).
 */
export function ledgerBalance(result: EngineResult): { amount: string; source: LedgerSource } {
  const { meta, transactions: rows } = result;
  const exp = meta.currencyExponent;
  if (meta.closingBalance !== null) return { amount: meta.closingBalance, source: 'closing_balance' };
  if (rows.length > 0) {
    const first = dayKey(parseDmy(rows[0].Date));
    const last = dayKey(parseDmy(rows[rows.length - 1].Date));
    const newestFirst = first > last;
    const row = newestFirst ? rows[0] : rows[rows.length - 1];
    if (row.Balance !== '') return { amount: row.Balance, source: 'last_row_balance' };
  }
  if (meta.openingBalance !== null) {
    let sum = toMinor(meta.openingBalance, exp);
    for (const t of rows) sum += toMinor(t.Amount, exp);
    return { amount: fromMinor(sum, exp), source: 'opening_plus_rows' };
  }
  return { amount: fromMinor(0n, exp), source: 'none' };
}
