// Statements read from a structured file -> one EngineResult. Every statement (one account over one
// period) is reconciled on its own with only the balances its file states; the rows of all of them
// follow each other in file order, and the top-level verdict is the worst of the statements.
import { AppError } from '../../errors.js';
import { currencyExponent, formatMinor, minorToNumber } from '../money.js';
import { shiftProof } from '../proof.js';
import { reconcile, type DraftRow, type DraftStatement } from '../reconcile.js';
import { prefixed } from '../statements/merge.js';
import type { EngineResult, ReconcileStatus, StatementAccount, StatementSummary, StructuredKind, Warning } from '../types.js';
import { settleVerdict } from '../verdict.js';
import { accountOf, type AccountFacts } from './account.js';

/** One stretch of rows bracketed by the balances the file states for it (an MT940 message, a camt Stmt ...). */
export interface Segment {
  rows: DraftRow[];
  /** Signed minor units of the account currency, as stated; null when the file states none. */
  opening: bigint | null;
  closing: bigint | null;
  /** Totals the file states for the segment (MT940/942 :90D:/:90C:, unsigned minor units). */
  totalIn?: bigint | null;
  totalOut?: bigint | null;
  /** A closing balance that checks nothing on its own (OFX LEDGERBAL without an opening): reported, never used. */
  ledger?: bigint | null;
  /** ISO dates the file states for the segment's period. */
  from?: string | null;
  to?: string | null;
  /** Ids the file gives its rows (OFX FITID), parallel to `rows`. */
  ids?: (string | null)[];
  warnings?: Warning[];
  /** How to name the segment in a warning ("statement 19322/1"). */
  label?: string;
}

export interface StatementRead {
  account: AccountFacts;
  segments: Segment[];
}

interface Reconciled {
  result: EngineResult;
  status: ReconcileStatus;
  diff: number;
  opening: string | null;
  closing: string | null;
  from: string | null;
  to: string | null;
}

function reconcileSegment(kind: StructuredKind, bank: string, currency: string, seg: Segment): Reconciled {
  const c = currency.toUpperCase();
  const exp = currencyExponent(c);
  // An opening or a closing alone checks nothing (OFX states only a closing; cut MT940 files only an
  // opening): both are reported, neither is used.
  const stated = seg.opening !== null && seg.closing !== null;
  const figures = stated ? { [c]: { opening: seg.opening, closing: seg.closing, totalIn: seg.totalIn ?? null, totalOut: seg.totalOut ?? null } } : {};
  const draft: DraftStatement = {
    bank,
    currency: c,
    rows: seg.rows,
    figures,
    order: 'asc',
    warnings: [...(seg.warnings ?? [])],
    meta: {
      inputKind: kind,
      openingBalance: seg.opening !== null ? formatMinor(seg.opening, exp) : null,
      closingBalance: seg.closing !== null ? formatMinor(seg.closing, exp) : seg.ledger != null ? formatMinor(seg.ledger, exp) : null,
      periodStart: seg.from ?? undefined,
      periodEnd: seg.to ?? undefined,
    },
  };
  const result = reconcile(draft);
  // Totals alone (an MT942 interim report) check that no row is missing, but no balance: NO_BAL when
  // they agree, a warning when they do not.
  if (!stated && (seg.totalIn != null || seg.totalOut != null)) {
    let sumIn = 0n,
      sumOut = 0n;
    for (const r of seg.rows)
      if (r.amount >= 0n) sumIn += r.amount;
      else sumOut -= r.amount;
    const bad: string[] = [];
    if (seg.totalIn != null && seg.totalIn !== sumIn)
      bad.push(`money in: rows add up to ${formatMinor(sumIn, exp)}, the file states ${formatMinor(seg.totalIn, exp)}`);
    if (seg.totalOut != null && seg.totalOut !== sumOut)
      bad.push(`money out: rows add up to ${formatMinor(sumOut, exp)}, the file states ${formatMinor(seg.totalOut, exp)}`);
    if (bad.length) {
      const d = seg.totalIn != null && seg.totalIn !== sumIn ? seg.totalIn - sumIn : (seg.totalOut ?? 0n) - sumOut;
      result.reconcile_diff = minorToNumber(d, exp);
      result.warnings.push({ code: 'totals_mismatch', message: `${c} totals: ${bad.join('; ')}.` });
      settleVerdict(result);
    }
  }
  return {
    result,
    status: result.reconcile_status,
    diff: result.reconcile_diff,
    opening: result.meta.openingBalance,
    closing: result.meta.closingBalance,
    from: seg.from ?? result.meta.periodStart,
    to: seg.to ?? result.meta.periodEnd,
  };
}

export function assemble(kind: StructuredKind, bank: string, reads: StatementRead[], extraWarnings: Warning[] = []): EngineResult {
  const withRows = reads.filter((r) => r.segments.some((s) => s.rows.length > 0));
  if (!withRows.length) {
    // What was left out says why (entries not booked yet, an investment's trades).
    const why = extraWarnings.find((w) => w.code === 'rows_skipped');
    throw new AppError('no_transactions_found', `The ${KIND_NAMES[kind]} file holds no transactions${why ? `: ${why.message}` : '.'}`);
  }
  const out: EngineResult = {
    bank,
    reconcile_status: 'PASS',
    reconcile_diff: 0,
    transaction_count: 0,
    warnings: [...extraWarnings],
    transactions: [],
    provenance: [],
    meta: {
      inputKind: kind,
      pageCount: null,
      currency: '',
      currencyExponent: 2,
      openingBalance: null,
      closingBalance: null,
      periodStart: null,
      periodEnd: null,
      accountId: null,
      bankId: null,
      accountType: 'bank',
    },
    statements: [],
    sourceIds: [],
    proof: [],
  };
  const many = withRows.length > 1;
  withRows.forEach((read, n) => {
    const account: StatementAccount = accountOf(read.account);
    const currency = account.currency;
    const first = out.transactions.length;
    // The first discrepancy of the statement, for reconcile_diff where the verdict is RECONCILE_WARN.
    let diff: number | null = null;
    let opening: string | null = null,
      closing: string | null = null,
      from: string | null = null,
      to: string | null = null;
    let prevClosing: bigint | null = null;
    const label = many ? `Statement ${n + 1} (${describeAccount(account)})` : '';
    const segs = read.segments.filter((s) => s.rows.length > 0);
    const exp = currencyExponent(currency);
    // A part without rows (a day without movements in an MT940 file) still states balances: it must open
    // where the part before it closed and close where it opened, or the file contradicts itself.
    let emptyDiff: bigint | null = null;
    const emptyPart = (seg: Segment) => {
      const bad: string[] = [];
      if (prevClosing !== null && seg.opening !== null && prevClosing !== seg.opening)
        bad.push(`opens at ${formatMinor(seg.opening, exp)} ${currency}, but the part before it closed at ${formatMinor(prevClosing, exp)}`);
      if (seg.opening !== null && seg.closing !== null && seg.opening !== seg.closing)
        bad.push(`holds no rows, yet opens at ${formatMinor(seg.opening, exp)} and closes at ${formatMinor(seg.closing, exp)} ${currency}`);
      if (bad.length) {
        emptyDiff ??=
          seg.opening !== null && prevClosing !== null && prevClosing !== seg.opening ? seg.opening - prevClosing : (seg.closing ?? 0n) - (seg.opening ?? 0n);
        out.warnings.push({
          code: 'balance_mismatch',
          message: `${[label, seg.label].filter(Boolean).join(', ') || 'A part of the statement'}: ${bad.join('; ')}.`,
          statement: n + 1,
        });
      }
      prevClosing = seg.closing ?? seg.opening ?? prevClosing;
    };
    let k = 0;
    for (const seg of read.segments) {
      if (!seg.rows.length) {
        emptyPart(seg);
        continue;
      }
      const r = reconcileSegment(kind, bank, currency, seg);
      const offset = out.transactions.length;
      const segLabel = [label, segs.length > 1 && seg.label ? seg.label : ''].filter(Boolean).join(', ');
      // Consecutive parts of one statement (MT940 messages, intermediate :62M:/:60M:) must join up.
      if (prevClosing !== null && seg.opening !== null && prevClosing !== seg.opening) {
        diff ??= r.diff || minorToNumber(seg.opening - prevClosing, exp);
        out.warnings.push({
          code: 'balance_mismatch',
          row: offset + 1,
          message: `${segLabel || 'Statement'}: opens at ${formatMinor(seg.opening, exp)} ${currency}, but the part before it closed at ${formatMinor(prevClosing, exp)} (difference ${formatMinor(seg.opening - prevClosing, exp)}): rows are missing between them.`,
        });
      }
      prevClosing = seg.closing ?? (seg.opening !== null ? seg.opening + seg.rows.reduce((a, x) => a + x.amount, 0n) : null);
      out.transactions.push(...r.result.transactions);
      out.provenance.push(...r.result.provenance);
      out.sourceIds!.push(...(seg.ids ?? seg.rows.map(() => null)));
      for (const w of r.result.warnings) out.warnings.push(prefixed(w, segLabel, { rows: offset, equations: out.proof!.length, statement: n + 1 }));
      out.proof!.push(...shiftProof(r.result.proof ?? [], offset));
      if (r.status === 'RECONCILE_WARN') diff ??= r.diff;
      if (k === 0) {
        opening = r.opening;
        from = r.from;
      }
      closing = r.closing;
      if (r.to && (!to || r.to > to)) to = r.to;
      if (r.from && (!from || r.from < from)) from = r.from;
      k++;
    }
    if (emptyDiff !== null) diff ??= minorToNumber(emptyDiff, exp);
    const summary: StatementSummary = {
      account,
      period: { from, to },
      opening_balance: opening,
      closing_balance: closing,
      // (Decided with the file's other statements by settleVerdict below.)
      reconcile_status: 'NO_BAL',
      reconcile_diff: diff ?? 0,
      first_row: first + 1,
      row_count: out.transactions.length - first,
    };
    out.statements!.push(summary);
  });
  const s0 = out.statements![0];
  const facts0 = withRows[0].account;
  const oneAccount = out.statements!.every((s) => sameAccount(s.account, s0.account));
  out.transaction_count = out.transactions.length;
  out.meta = {
    ...out.meta,
    currency: s0.account.currency,
    currencyExponent: currencyExponent(s0.account.currency),
    openingBalance: s0.opening_balance,
    closingBalance: oneAccount ? out.statements![out.statements!.length - 1].closing_balance : s0.closing_balance,
    periodStart: minOf(out.statements!.map((s) => s.period.from)),
    periodEnd: maxOf(out.statements!.map((s) => s.period.to)),
    accountId: facts0.id ?? null,
    bankId: facts0.bankId ?? null,
    accountType: s0.account.kind === 'card' ? 'card' : 'bank',
  };
  if (!oneAccount) {
    const accounts = new Set(out.statements!.map((s) => JSON.stringify(s.account))).size;
    out.warnings.push({
      code: 'multiple_accounts',
      message: `The file holds ${out.statements!.length} statements of ${accounts} accounts, each reconciled on its own (see statements). One-account formats (OFX, QBO, QIF, Xero, QuickBooks, Sage) give a ZIP of one file per statement, or one statement with statement=N.`,
    });
  }
  out.statementIds = withRows.map((r) => ({ accountId: r.account.id ?? null, bankId: r.account.bankId ?? null }));
  if (!out.sourceIds!.some((x) => x !== null)) delete out.sourceIds;
  out.reconcile_diff = out.statements!.find((s) => s.reconcile_diff !== 0)?.reconcile_diff ?? 0;
  return settleVerdict(out);
}

export const KIND_NAMES: Record<StructuredKind, string> = { mt940: 'MT940', camt: 'camt', ofx: 'OFX', qif: 'QIF' };

const sameAccount = (a: StatementAccount, b: StatementAccount) =>
  a.currency === b.currency && a.kind === b.kind && a.number_last4 === b.number_last4 && a.iban_masked === b.iban_masked && a.sort_code === b.sort_code;

function describeAccount(a: StatementAccount): string {
  const id = a.iban_masked ?? (a.number_last4 ? `account ending ${a.number_last4}` : (a.name ?? 'account'));
  return `${id}, ${a.currency}`;
}

const minOf = (xs: (string | null)[]) => xs.filter((x): x is string => !!x).sort()[0] ?? null;
const maxOf = (xs: (string | null)[]) =>
  xs
    .filter((x): x is string => !!x)
    .sort()
    .pop() ?? null;
