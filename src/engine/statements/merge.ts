// Several statements read from one PDF or CSV (one account over one period each, issue 18) -> one
// EngineResult. Each part was reconciled on its own; its rows follow the rows of the part before it, its
// warnings name it, and the top-level verdict is the worst of the parts (PASS < NO_BAL < RECONCILE_WARN).
// Pure: results in, result out.
import { DEFAULT_CURRENCY } from '../currencies.js';
import { integrityOf } from '../integrity/types.js';
import { shiftProof } from '../proof.js';
import { accountOf } from '../structured/account.js';
import type { EngineResult, StatementAccount, StatementSummary, Warning } from '../types.js';
import { settleVerdict } from '../verdict.js';

/** The account a PDF/CSV result names: the ids as printed, reduced to what a result may show. */
export function accountOfResult(r: EngineResult): StatementAccount {
  return accountOf({
    id: r.meta.accountId,
    bankId: r.meta.bankId,
    currency: r.meta.currency || r.transactions[0]?.Currency || DEFAULT_CURRENCY,
    kind: r.meta.accountType === 'card' ? 'card' : null,
  });
}

const toIso = (ddmmyyyy: string) => `${ddmmyyyy.slice(6, 10)}-${ddmmyyyy.slice(3, 5)}-${ddmmyyyy.slice(0, 2)}`;

/** One statement's summary from its own result; `firstRow` is the 1-based index of its first row in the file's result. */
export function summaryOf(r: EngineResult, firstRow: number): StatementSummary {
  const days = r.transactions.map((t) => toIso(t.Date)).sort();
  return {
    account: accountOfResult(r),
    period: { from: r.meta.periodStart ?? days[0] ?? null, to: r.meta.periodEnd ?? days[days.length - 1] ?? null },
    opening_balance: r.meta.openingBalance,
    closing_balance: r.meta.closingBalance,
    reconcile_status: r.reconcile_status,
    reconcile_diff: r.reconcile_status === 'RECONCILE_WARN' ? r.reconcile_diff : 0,
    first_row: firstRow,
    row_count: r.transactions.length,
  };
}

export const sameAccount = (a: StatementAccount, b: StatementAccount): boolean =>
  a.currency === b.currency && a.number_last4 === b.number_last4 && a.iban_masked === b.iban_masked && a.sort_code === b.sort_code && a.name === b.name;

export function describeStatement(s: StatementSummary): string {
  const a = s.account;
  const id = a.iban_masked ?? (a.number_last4 ? `account ending ${a.number_last4}` : (a.name ?? 'account'));
  const period = s.period.from && s.period.to ? `, ${s.period.from} to ${s.period.to}` : '';
  return `${id}${period}`;
}

/**
 * Joins the parts in file order. One part is returned as it is (no `statements`: the contract's six
 * fields stay as they were). `names` (per part) name an account that no number names (a CSV's account
 * column of "Checking", "Cash").
 */
export function mergeStatements(parts: EngineResult[], names?: (string | undefined)[]): EngineResult {
  if (parts.length === 1) return parts[0];
  const statements: StatementSummary[] = [];
  const out: EngineResult = {
    bank: parts[0].bank,
    reconcile_status: 'PASS',
    reconcile_diff: 0,
    transaction_count: 0,
    warnings: [],
    transactions: [],
    provenance: [],
    meta: { ...parts[0].meta },
    statements,
    statementIds: parts.map((p) => ({ accountId: p.meta.accountId, bankId: p.meta.bankId })),
    proof: [],
  };
  const anySourceIds = parts.some((p) => p.sourceIds?.some((x) => x !== null));
  if (anySourceIds) out.sourceIds = [];
  parts.forEach((p, n) => {
    const offset = out.transactions.length;
    const summary = summaryOf(p, offset + 1);
    if (!summary.account.number_last4 && names?.[n]) summary.account.name = names[n].slice(0, 100);
    statements.push(summary);
    const label = `Statement ${n + 1} (${describeStatement(summary)})`;
    for (const w of p.warnings) out.warnings.push(prefixed(w, label, { rows: offset, equations: out.proof!.length, statement: n + 1 }));
    out.transactions.push(...p.transactions);
    out.provenance.push(...p.provenance);
    out.proof!.push(...shiftProof(p.proof ?? [], offset));
    if (out.sourceIds) out.sourceIds.push(...(p.sourceIds ?? p.transactions.map(() => null)));
  });
  out.transaction_count = out.transactions.length;
  out.integrity = integrityOf(parts.flatMap((p) => p.integrity?.signals ?? []));
  const oneAccount = statements.every((s) => sameAccount(s.account, statements[0].account));
  const froms = statements
    .map((s) => s.period.from)
    .filter((x): x is string => !!x)
    .sort();
  const tos = statements
    .map((s) => s.period.to)
    .filter((x): x is string => !!x)
    .sort();
  out.meta = {
    ...parts[0].meta,
    closingBalance: oneAccount ? parts[parts.length - 1].meta.closingBalance : parts[0].meta.closingBalance,
    periodStart: froms[0] ?? null,
    periodEnd: tos[tos.length - 1] ?? null,
    pageCount: parts[0].meta.pageCount,
  };
  const accounts = (): number =>
    new Set(statements.map((s) => JSON.stringify([s.account.currency, s.account.number_last4, s.account.iban_masked, s.account.sort_code, s.account.name])))
      .size;
  out.warnings.push(
    accounts() > 1
      ? {
          code: 'multiple_accounts',
          message: `The file holds ${statements.length} statements of ${accounts()} accounts, each reconciled on its own (see statements). One-account formats (OFX, QBO, QIF, Xero, QuickBooks, Sage) give a ZIP of one file per account, or one statement with statement=N.`,
        }
      : {
          code: 'multiple_statements',
          message: `The file holds ${statements.length} statements of one account, each reconciled on its own (see statements); the verdict is the worst of them.`,
        },
  );
  return settleVerdict(out);
}

/**
 * A part's warning in the joined result: its statement named, its row and equation moved past the
 * rows and equations of the parts before it (one naming no row is marked as the statement's).
 */
export function prefixed(w: Warning, label: string, at: { rows: number; equations: number; statement: number }): Warning {
  return {
    ...w,
    message: label ? `${label}: ${w.message}` : w.message,
    ...(w.row !== undefined ? { row: w.row + at.rows } : { statement: at.statement }),
    ...(w.equation !== undefined ? { equation: w.equation + at.equations } : {}),
  };
}

/**
 * One statement of a result as a result of its own (statement=N for the one-account formats): its rows,
 * provenance and source ids, the warnings about its rows or naming no row, its verdict and figures.
 * `n` is 1-based. Without statements, statement 1 is the whole result.
 */
export function statementOfResult(r: EngineResult, n: number): EngineResult {
  const list = r.statements ?? [];
  if (list.length <= 1) return r;
  const s = list[n - 1];
  const ids = r.statementIds?.[n - 1];
  const from = s.first_row - 1,
    to = from + s.row_count;
  // The statement's equations, and where they stood among the file's (warnings name them by index).
  const kept = new Map<number, number>();
  const proof = (r.proof ?? []).filter((e, i) => {
    const mine = e.rows.length > 0 && e.rows[0] >= from && e.rows[0] < to;
    if (mine) kept.set(i + 1, kept.size + 1);
    return mine;
  });
  const warnings = r.warnings
    .filter((w) => (w.row !== undefined ? w.row > from && w.row <= to : w.statement === undefined || w.statement === n))
    .filter((w) => w.code !== 'multiple_accounts' && w.code !== 'multiple_statements')
    .map(({ statement: _, equation, ...w }) => ({
      ...w,
      ...(w.row !== undefined ? { row: w.row - from } : {}),
      ...(equation !== undefined && kept.has(equation) ? { equation: kept.get(equation) } : {}),
    }));
  const out: EngineResult = {
    ...r,
    reconcile_status: s.reconcile_status,
    reconcile_diff: s.reconcile_diff,
    transaction_count: s.row_count,
    warnings,
    transactions: r.transactions.slice(from, to),
    provenance: r.provenance.slice(from, to),
    meta: {
      ...r.meta,
      currency: s.account.currency,
      openingBalance: s.opening_balance,
      closingBalance: s.closing_balance,
      periodStart: s.period.from,
      periodEnd: s.period.to,
      ...(ids ? { accountId: ids.accountId, bankId: ids.bankId } : {}),
      accountType: s.account.kind === 'card' ? 'card' : r.meta.accountType,
    },
    statements: [{ ...s, first_row: 1 }],
    proof: shiftProof(proof, -from),
    statementIds: ids ? [ids] : undefined,
    accountKeys: r.accountKeys ? [r.accountKeys[n - 1] ?? null] : undefined,
  };
  if (r.sourceIds) out.sourceIds = r.sourceIds.slice(from, to);
  if (r.payees) out.payees = r.payees.slice(from, to);
  return out;
}
