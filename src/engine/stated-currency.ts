// A currency the caller states (ConvertOptions.currency) for readers that assume one when the file
// names none (delimited exports, spreadsheets, MT940, OFX, QIF): the assumed code is replaced by the
// stated one wherever it stands, and the note that it was assumed goes. A currency the file names is
// kept. (The PDF, text and OCR readers take the stated currency while reading: statement-reader.ts.)
import { currencyExponent, DEFAULT_CURRENCY, statedCurrency } from './currencies.js';
import type { EngineResult } from './types.js';

export function withStatedCurrency(result: EngineResult, stated: string | undefined): EngineResult {
  const code = stated ? statedCurrency(stated) : null;
  if (!code || !result.warnings.some((w) => w.code === 'currency_assumed')) return result;
  // (With the note standing, the account's currency is the one assumed: the default, or one its headers' language suggested.)
  const assumed = result.meta.currency || DEFAULT_CURRENCY;
  const swap = (c: string) => (c === assumed ? code : c);
  for (const t of result.transactions) t.Currency = swap(t.Currency);
  for (const e of result.proof ?? []) e.currency = swap(e.currency);
  for (const s of result.statements ?? []) s.account.currency = swap(s.account.currency);
  result.meta.currency = code;
  result.meta.currencyExponent = currencyExponent(code);
  result.warnings = result.warnings.filter((w) => w.code !== 'currency_assumed');
  return result;
}
