// Continuity across uploads (issue 18). Every converted statement of an identified bank account leaves
// its period, opening and closing balance and conversion id (metadata only), keyed by the salted account
// key; the next statement of that account is compared with them:
//   continuity_gap     the statement opens at another figure than the one before it closed, or days
//                      lie between the two periods that no statement covers;
//   statement_overlap  its period overlaps an earlier statement's: the rows dated inside the overlap are
//                      likely already imported (their stable ids equal the earlier ones, so importers
//                      that dedupe by FITID skip them).
// The answer's `continuity` says the same per statement.
import { describeStatement } from '../engine/statements/merge.js';
import type { EngineResult, StatementSummary } from '../engine/types.js';
import { currencyExponent, formatMinor, parseAmount } from '../engine/money.js';
import type { ContinuityRepository, StatementHistoryRow } from '../store/continuity.repository.js';
import { newId } from '../store/ids.js';
import type { AccountKeys } from './account-keys.js';
import { isoAt, type Clock } from './clock.js';

export interface ContinuityLink {
  conversion_id: string;
  period: { from: string; to: string };
  closing_balance: string | null;
}

export interface ContinuityOverlap extends ContinuityLink {
  /** The rows of this statement dated inside the overlap (1-based indexes into transactions), or null when none is. */
  rows: { first: number; last: number; count: number } | null;
}

export interface StatementContinuity {
  /** 1-based index into `statements` (1 for a file of one statement). */
  statement: number;
  /** first: no earlier statement of this account; continues: opens where the one before closed, no day missing. */
  status: 'first' | 'continues' | 'gap' | 'overlap';
  previous: ContinuityLink | null;
  /** Days between the previous statement's end and this one's start, when any. */
  missing: { from: string; to: string } | null;
  /** This opening balance less the previous closing balance, when both are stated and differ. */
  opening_difference: string | null;
  overlaps: ContinuityOverlap[];
}

interface Candidate {
  index: number;
  key: string;
  summary: StatementSummary;
  from: string;
  to: string;
}

const DAY = 86_400_000;
const dayAfter = (iso: string, n = 1) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const toIso = (dmy: string) => `${dmy.slice(6, 10)}-${dmy.slice(3, 5)}-${dmy.slice(0, 2)}`;

/** The result's statements as summaries (a one-statement result gets one from its meta). */
function summariesOf(result: EngineResult): StatementSummary[] {
  if (result.statements?.length) return result.statements;
  // The first and last day are read only where the statement prints no period (one pass, no sort).
  let from = result.meta.periodStart ?? null,
    to = result.meta.periodEnd ?? null;
  if (from === null || to === null) {
    let first: string | null = null,
      last: string | null = null;
    for (const t of result.transactions) {
      const d = toIso(t.Date);
      if (first === null || d < first) first = d;
      if (last === null || d > last) last = d;
    }
    from ??= first;
    to ??= last;
  }
  return [
    {
      account: { name: null, sort_code: null, number_last4: null, iban_masked: null, currency: result.meta.currency, kind: null },
      period: { from, to },
      opening_balance: result.meta.openingBalance,
      closing_balance: result.meta.closingBalance,
      reconcile_status: result.reconcile_status,
      reconcile_diff: result.reconcile_diff,
      first_row: 1,
      row_count: result.transactions.length,
    },
  ];
}

/** Exact difference of two plain decimals of `currency`, as a plain decimal, or null when either is not one. */
function difference(a: string, b: string, currency: string): string | null {
  const exp = currencyExponent(currency);
  const x = parseAmount(a, exp, '.'),
    y = parseAmount(b, exp, '.');
  return x === null || y === null ? null : formatMinor(x - y, exp);
}

export class ContinuityService {
  constructor(
    private readonly repo: ContinuityRepository,
    private readonly keys: AccountKeys,
    private readonly clock: Clock,
  ) {}

  /**
   * Sets `result.accountKeys` (for the stable ids), compares every identified statement with the
   * account's earlier ones, adds the warnings to the result and returns the `continuity` of the answer
   * (null when no statement names its account).
   */
  async check(accountId: string, result: EngineResult): Promise<StatementContinuity[] | null> {
    const keys = this.keys.keysOf(result);
    if (keys.some((k) => k !== null)) result.accountKeys = keys;
    const out: StatementContinuity[] = [];
    for (const c of candidates(result, keys)) {
      const history = await this.repo.list(accountId, c.key);
      out.push(this.compare(result, c, history));
    }
    return out.length ? out : null;
  }

  private compare(result: EngineResult, c: Candidate, history: StatementHistoryRow[]): StatementContinuity {
    const label = (result.statements?.length ?? 0) > 1 ? `Statement ${c.index + 1} (${describeStatement(c.summary)})` : 'This statement';
    const link = (h: StatementHistoryRow): ContinuityLink => ({
      conversion_id: h.conversion_id,
      period: { from: h.period_from, to: h.period_to },
      closing_balance: h.closing_balance,
    });
    const overlaps: ContinuityOverlap[] = latestOfEach(history)
      .filter((h) => h.period_from <= c.to && h.period_to >= c.from)
      .sort((a, b) => (a.period_from < b.period_from ? -1 : 1))
      .map((h) => ({ ...link(h), rows: rowsWithin(result, c, h.period_from > c.from ? h.period_from : c.from, h.period_to < c.to ? h.period_to : c.to) }));
    const before = history.filter((h) => h.period_to < c.from).sort((a, b) => (a.period_to > b.period_to ? -1 : 1))[0] ?? null;
    const entry: StatementContinuity = {
      statement: c.index + 1,
      status: 'first',
      previous: before ? link(before) : null,
      missing: null,
      opening_difference: null,
      overlaps,
    };
    for (const o of overlaps) {
      const rows = o.rows
        ? `row${o.rows.count === 1 ? '' : 's'} ${o.rows.first}${o.rows.count > 1 ? `-${o.rows.last}` : ''} (${o.rows.count}, dated inside the overlap) are likely already imported; their ids (FITIDs, include=ids) are the same as before, so importers that dedupe by id skip them`
        : 'no row is dated inside the overlap';
      result.warnings.push({
        code: 'statement_overlap',
        message: `${label} covers ${c.from} to ${c.to}, which overlaps a statement of the same account converted before (${o.period.from} to ${o.period.to}, conversion ${o.conversion_id}): ${rows}.`,
        ...(o.rows ? { row: o.rows.first } : {}),
      });
    }
    if (before && !overlaps.length) {
      const next = dayAfter(before.period_to);
      if (next < c.from) {
        entry.missing = { from: next, to: dayAfter(c.from, -1) };
        result.warnings.push({
          code: 'continuity_gap',
          message: `${label} starts on ${c.from}, but the statement of this account before it (conversion ${before.conversion_id}) ended on ${before.period_to}: no statement covers ${entry.missing.from} to ${entry.missing.to}.`,
        });
      }
      const opening = c.summary.opening_balance;
      const diff = opening !== null && before.closing_balance !== null ? difference(opening, before.closing_balance, c.summary.account.currency) : null;
      if (diff !== null && !/^-?0(\.0+)?$/.test(diff)) {
        entry.opening_difference = diff;
        result.warnings.push({
          code: 'continuity_gap',
          message: `${label} opens at ${opening}, but the statement of this account before it (${before.period_from} to ${before.period_to}, conversion ${before.conversion_id}) closed at ${before.closing_balance} (difference ${diff}): transactions are missing between them, or one of them is not what it claims.`,
          row: c.summary.first_row,
        });
      }
    }
    entry.status = overlaps.length ? 'overlap' : entry.missing || entry.opening_difference ? 'gap' : before ? 'continues' : 'first';
    return entry;
  }

  /** Keeps the identified statements of a successful conversion for the next comparison. */
  async record(accountId: string, conversionId: string, result: EngineResult): Promise<void> {
    const now = this.clock();
    const rows = candidates(result, result.accountKeys ?? []).map((c) => ({
      id: newId('sth', now),
      account_id: accountId,
      account_key: c.key,
      conversion_id: conversionId,
      period_from: c.from,
      period_to: c.to,
      opening_balance: c.summary.opening_balance,
      closing_balance: c.summary.closing_balance,
      currency: c.summary.account.currency.slice(0, 3),
      created_at: isoAt(now),
    }));
    await this.repo.insert(rows);
  }
}

/** Statements that name their account and have a period: the only ones continuity can speak about. */
function candidates(result: EngineResult, keys: (string | null)[]): Candidate[] {
  if (!keys.some((k) => k)) return [];
  return summariesOf(result).flatMap((summary, index) => {
    const key = keys[index];
    const { from, to } = summary.period;
    return key && from && to ? [{ index, key, summary, from, to }] : [];
  });
}

function rowsWithin(result: EngineResult, c: Candidate, from: string, to: string): ContinuityOverlap['rows'] {
  let first = 0,
    last = 0,
    count = 0;
  for (let i = c.summary.first_row - 1; i < c.summary.first_row - 1 + c.summary.row_count; i++) {
    const d = toIso(result.transactions[i].Date);
    if (d < from || d > to) continue;
    if (!count) first = i + 1;
    last = i + 1;
    count++;
  }
  return count ? { first, last, count } : null;
}

/**
 * One entry per earlier statement: the same period with the same closing balance converted again is the
 * same statement, so only its latest conversion is named (a statement uploaded 200 times gives one overlap
 * note, not 200).
 */
function latestOfEach(history: StatementHistoryRow[]): StatementHistoryRow[] {
  const latest = new Map<string, StatementHistoryRow>();
  for (const h of history) {
    const key = `${h.period_from}|${h.period_to}|${h.closing_balance ?? ''}|${h.currency}`;
    const seen = latest.get(key);
    if (!seen || h.created_at > seen.created_at || (h.created_at === seen.created_at && h.id > seen.id)) latest.set(key, h);
  }
  return [...latest.values()];
}
