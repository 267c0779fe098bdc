// Import files describe one account in one currency: Xero, QuickBooks and Sage bank imports have no
// currency column, QIF has no currency at all, and an OFX statement has one CURDEF. A result whose rows
// are in several currencies (multi-currency statements) is refused for those formats rather than
// silently mixed or silently cut down; csv, xlsx and json keep the Currency column and carry it whole.
import { AppError } from '../errors.js';
import type { EngineResult } from '../engine/types.js';

/** The one currency of the result (the statement's when it has no rows), or an invalid_request. */
export function singleCurrency(result: EngineResult, format: string): string {
  const seen = new Set<string>();
  for (const t of result.transactions) seen.add(t.Currency);
  if (seen.size > 1) {
    throw new AppError(
      'invalid_request',
      `This statement has transactions in several currencies (${[...seen].sort().join(', ')}); the ${format} format ` +
        'holds one account in one currency. Request format=json, csv or xlsx, which carry a Currency column on every row.',
    );
  }
  return seen.values().next().value ?? result.meta.currency;
}
