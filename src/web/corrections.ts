// A person's corrections saved to a kept result (PUT /app/conversions/:id/corrections): the rows as the
// converter page holds them, each naming the row as read it came from (or none: added), applied to the
// kept result as converted. The verdict is decided again exactly as the page and the render endpoint
// decide it (recheck.js: the engine's equations re-checked against the rows, its rule, its table of
// warnings), and the audit trail (audit.js: printed and corrected values, when) is built here from the
// kept result, never taken from the browser. Runs in a conversion process (the body may hold 100,000
// rows), like the render (src/adapters/side-tasks.ts).
import { Type, type Static } from 'typebox';
import { currencyExponent } from '../engine/currencies.js';
import { payeesOf } from '../engine/payees/index.js';
import { proofOf, type Equation, type FigureKind, type ProofEquation } from '../engine/proof.js';
import type { Correction, EngineResult, StatementSummary, Warning } from '../engine/types.js';
import { decideVerdict, millionths } from '../engine/verdict-rule.js';
import { WARNINGS } from '../engine/warnings.js';
import { AppError } from '../errors.js';
import type { KeptCorrected } from '../services/kept-results.service.js';
import { jsonBodyReader } from './json-body.js';
import { RenderTransaction, ROWS } from './render.schema.js';
import { correctionsOf, correctionsSummary } from './static/js/audit.js';
import { verdictOf } from './static/js/recheck.js';

export const CorrectionsBody = Type.Object(
  {
    rows: Type.Array(
      Type.Object(
        {
          // The row's 0-based index as read; null for a row the person added.
          key: Type.Union([Type.Integer({ minimum: 0, maximum: ROWS - 1 }), Type.Null()]),
          t: RenderTransaction,
        },
        { additionalProperties: false },
      ),
      { maxItems: ROWS },
    ),
  },
  { additionalProperties: false },
);
type CorrectionsBodyT = Static<typeof CorrectionsBody>;

const readBody = jsonBodyReader<CorrectionsBodyT>(CorrectionsBody, 'corrections', 'not a list of rows');

function parseBody(json: Uint8Array, rowsRead: number): CorrectionsBodyT {
  const parsed = readBody(json);
  const seen = new Set<number>();
  for (const r of parsed.rows) {
    if (r.key === null) continue;
    if (r.key >= rowsRead || seen.has(r.key))
      throw new AppError(
        'invalid_request',
        `Invalid corrections: row ${r.key + 1} as read is named twice or does not exist (the result has ${rowsRead} rows).`,
      );
    seen.add(r.key);
  }
  return parsed;
}

/** A contract equation (recheck.js works on those) back in the engine's form, its figures in minor units. */
export function equationOf(e: ProofEquation): Equation {
  const exp = currencyExponent(e.currency);
  // millionths are exact; a figure with more digits than the currency has is cut toward zero.
  const minor = (s: string) => (millionths(s) ?? 0n) / 10n ** BigInt(6 - Math.min(6, exp));
  const startKind: FigureKind = e.implied ? 'implied_opening' : e.total ? 'zero' : e.start_row ? 'balance' : 'opening';
  const endKind: FigureKind = e.total === 'in' ? 'total_in' : e.total === 'out' ? 'total_out' : e.end_row ? 'balance' : 'closing';
  return {
    rows: e.rows.map((r) => r - 1),
    start: minor(e.start),
    end: minor(e.end),
    currency: e.currency,
    startKind,
    endKind,
    ...(e.start_row ? { startRow: e.start_row - 1 } : {}),
    ...(e.end_row ? { endRow: e.end_row - 1 } : {}),
    holds: e.holds,
  };
}

/** The note every corrected result carries, so no file of it reads as the statement untouched. */
export function correctedNote(corrections: Correction[]): Warning {
  const last = corrections.reduce((a, c) => (c.at > a ? c.at : a), '');
  return {
    code: 'rows_corrected',
    message: `A person corrected this result (${correctionsSummary(corrections)}; last saved ${last.slice(0, 16).replace('T', ' ')} UTC): the balances were checked again with the corrected rows.`,
  };
}

/**
 * The statements of a file of several, after rows were added or deleted: each row stays with its
 * statement (an added row with the row before it), and each statement's verdict is decided by the one
 * rule on its own equations and warnings.
 */
function statementsNow(list: StatementSummary[], owner: number[], proof: Equation[], warnings: Warning[]): StatementSummary[] {
  return list.map((s, n) => {
    const rows = owner.flatMap((o, i) => (o === n ? [i] : []));
    const from = rows[0] ?? 0;
    const mine = (w: Warning) => (w.row !== undefined ? owner[w.row - 1] === n : w.statement === undefined || w.statement === n + 1);
    const equations = proof
      .filter((e) => e.rows.length > 0 && owner[e.rows[0]] === n)
      .map((e) => ({ rows: e.rows.map((r) => r - from), holds: e.holds, implied: e.startKind === 'implied_opening' }));
    const v = decideVerdict({ rowCount: rows.length, equations, warnings: warnings.filter(mine) }, WARNINGS);
    return {
      ...s,
      first_row: from + 1,
      row_count: rows.length,
      reconcile_status: v.status,
      reconcile_diff: v.status === 'RECONCILE_WARN' ? s.reconcile_diff : 0,
    };
  });
}

/**
 * The kept result as corrected, or null when the rows are the rows as read again (nothing to keep).
 * `previous`: the corrections saved before (a correction still the same keeps its time).
 */
export function correctedResult(original: EngineResult, json: Uint8Array, previous: Correction[], nowMs: number): KeptCorrected | null {
  const body = parseBody(json, original.transactions.length);
  let extra = original.transactions.length;
  const rows = body.rows.map((r) => (r.key === null ? { t: r.t, key: extra++, added: true } : { t: r.t, key: r.key }));
  const at = new Date(nowMs).toISOString();
  const corrections = correctionsOf(rows, original.transactions, previous, at);
  if (!corrections.length) return null;
  const v = verdictOf(rows, { ...original, proof: proofOf(original) }, WARNINGS);
  const proof = v.proof.map(equationOf);
  const warnings = [...(v.warnings as Warning[]), correctedNote(corrections)];
  const asRead = (r: { key: number; added?: boolean }) => (r.added ? undefined : r.key);
  const payees = original.payees
    ? rows.map((r) => {
        const k = asRead(r);
        return k !== undefined && r.t.Description === original.transactions[k].Description ? original.payees![k] : payeesOf([r.t])[0];
      })
    : undefined;
  const result: KeptCorrected = {
    ...original,
    reconcile_status: v.reconcile_status,
    reconcile_diff: v.reconcile_diff,
    transaction_count: rows.length,
    warnings,
    transactions: rows.map((r) => r.t),
    provenance: rows.map((r) => (asRead(r) === undefined ? null : (original.provenance[r.key] ?? null))),
    proof,
    corrections,
    row_keys: rows.map((r) => asRead(r) ?? null),
  };
  if (payees) result.payees = payees;
  else delete result.payees;
  if (original.sourceIds) result.sourceIds = rows.map((r) => (asRead(r) === undefined ? null : (original.sourceIds![r.key] ?? null)));
  if (original.statements && original.statements.length > 1) {
    // Each row's statement: its own as read, an added row its predecessor's.
    const ownerAsRead = (k: number) => original.statements!.findIndex((s) => k >= s.first_row - 1 && k < s.first_row - 1 + s.row_count);
    const owner: number[] = [];
    rows.forEach((r, i) => owner.push(r.added ? (owner[i - 1] ?? 0) : Math.max(0, ownerAsRead(r.key))));
    result.statements = statementsNow(original.statements, owner, proof, warnings);
  }
  return result;
}
