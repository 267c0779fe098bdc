// QuickBooks Online bank upload, 3-column layout (Intuit: "the only columns QuickBooks can handle and
// this order"): Date,Description,Amount; minus for money out; no symbols, brackets or thousands marks.
// Intuit says to leave zero amount cells blank while Amount is mandatory, so a zero-amount row (no money
// moved) is left out of the file rather than written with a 0 or an empty Amount.
import type { Transaction } from '../engine/types.js';
import { csvBytes } from './csv-out.js';
import { parseDmy, renderSlash, type DateOrder } from './date-render.js';
import { isZero, plain } from './decimal.js';
import { guardText } from './formula-guard.js';
import { singleCurrency } from './single-currency.js';
import { oneLine } from './text-clean.js';
import { defineWriter } from './writer-kit.js';

function* rows(transactions: Transaction[], order: DateOrder) {
  for (const t of transactions) {
    if (isZero(t.Amount)) continue;
    yield [renderSlash(parseDmy(t.Date), order), guardText(oneLine(t.Description)), plain(t.Amount)];
  }
}

export const quickbooksWriter = defineWriter({
  format: 'quickbooks',
  contentType: 'text/csv; charset=utf-8',
  fileName: (stem) => `${stem}-quickbooks.csv`,
  check: (result) => void singleCurrency(result, 'quickbooks'),
  body: ({ result, options }) => csvBytes(['Date', 'Description', 'Amount'], rows(result.transactions, options.date_format ?? 'dmy')),
});
