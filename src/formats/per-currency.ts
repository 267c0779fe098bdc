// One currency of a result as a result of its own. An import file holds one account in one currency
// (single-currency.ts), so a statement with rows in several currencies (a multi-currency account printing
// a GBP and a EUR section) is written by the one-account formats as a ZIP of one file per currency
// (per-account.ts), each cut here: its rows, their provenance, payees and ids, the equations of that
// currency, the warnings about its rows (and those that name no row), the figures of that currency, and
// a verdict decided again by the engine's one rule (settleVerdict) on what the part holds.
import { formatMinor } from '../engine/money.js';
import { toMinor } from './decimal.js';
import { currencyExponent } from '../engine/currencies.js';
import type { Equation } from '../engine/proof.js';
import type { EngineResult, Warning } from '../engine/types.js';
import { settleVerdict } from '../engine/verdict.js';

/** The currencies of the rows, in the order they first appear. */
export function currenciesOf(result: EngineResult): string[] {
  const seen = new Set<string>();
  for (const t of result.transactions) seen.add(t.Currency);
  return [...seen];
}

export const severalCurrencies = (result: EngineResult): boolean => currenciesOf(result).length > 1;

/** The printed opening (closing) figure of a currency, from the equations the chain checked, or null. */
function figure(proof: Equation[], kind: 'opening' | 'closing', exponent: number): string | null {
  const e = kind === 'opening' ? proof.find((x) => x.startKind === 'opening') : proof.findLast((x) => x.endKind === 'closing');
  if (!e) return null;
  return formatMinor(kind === 'opening' ? e.start : e.end, exponent);
}

/** How far the first equation of the part that does not hold is off (end less start and rows), in major units; 0 when all hold. */
function firstBreak(proof: Equation[], result: EngineResult, keep: number[], exponent: number): number {
  const e = proof.find((x) => !x.holds);
  if (!e) return 0;
  let sum = e.start;
  for (const r of e.rows) sum += toMinor(result.transactions[keep[r]].Amount, exponent);
  return Number(formatMinor(e.end - sum, exponent));
}

/** The rows of `currency` as a result of their own (rows renumbered from 1). */
export function currencyPart(result: EngineResult, currency: string): EngineResult {
  const keep: number[] = [];
  result.transactions.forEach((t, i) => {
    if (t.Currency === currency) keep.push(i);
  });
  const at = new Map(keep.map((old, i) => [old, i]));
  const move = (r: number | undefined) => (r === undefined ? undefined : at.get(r));
  const kept = new Map<number, number>();
  const proof: Equation[] = [];
  (result.proof ?? []).forEach((e, i) => {
    if (e.currency !== currency) return;
    const rows = e.rows.flatMap((r) => (at.has(r) ? [at.get(r)!] : []));
    const startRow = move(e.startRow);
    const endRow = move(e.endRow);
    proof.push({ ...e, rows, ...(startRow !== undefined ? { startRow } : {}), ...(endRow !== undefined ? { endRow } : {}) });
    kept.set(i + 1, proof.length);
  });
  const warnings: Warning[] = [];
  for (const w of result.warnings) {
    if (w.row !== undefined) {
      const row = at.get(w.row - 1);
      if (row !== undefined) warnings.push({ ...w, row: row + 1, ...(w.equation !== undefined ? { equation: kept.get(w.equation) } : {}) });
      continue;
    }
    if (w.equation !== undefined) {
      // A warning about an equation of another currency is that currency's.
      if (kept.has(w.equation)) warnings.push({ ...w, equation: kept.get(w.equation) });
      continue;
    }
    warnings.push({ ...w });
  }
  const exponent = currency === result.meta.currency ? result.meta.currencyExponent : currencyExponent(currency);
  const pick = <T>(list: T[] | undefined) => (list ? keep.map((i) => list[i]) : undefined);
  const first = currency === result.meta.currency;
  const part: EngineResult = {
    ...result,
    reconcile_diff: firstBreak(proof, result, keep, exponent),
    transaction_count: keep.length,
    warnings,
    transactions: keep.map((i) => result.transactions[i]),
    provenance: keep.map((i) => result.provenance[i] ?? null),
    meta: {
      ...result.meta,
      currency,
      currencyExponent: exponent,
      // The statement's own figures are its first currency's; another currency's come from its equations.
      openingBalance: first ? result.meta.openingBalance : figure(proof, 'opening', exponent),
      closingBalance: first ? result.meta.closingBalance : figure(proof, 'closing', exponent),
    },
    proof,
    payees: pick(result.payees),
    sourceIds: pick(result.sourceIds),
  };
  if (!part.payees) delete part.payees;
  if (!part.sourceIds) delete part.sourceIds;
  delete part.statements;
  // The part's verdict by the engine's one rule, on its own rows, equations and warnings.
  return settleVerdict(part);
}
