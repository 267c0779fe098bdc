// Generic CSV: the 9 transaction fields of the contract in spec order, values exactly as in the JSON
// result (dates DD/MM/YYYY, plain signed decimals), with the formula guard on the free-text columns.
import { TRANSACTION_FIELDS, type Transaction } from '../engine/types.js';
import { csvBytes } from './csv-out.js';
import { parseDmy, renderSlash } from './date-render.js';
import { plain } from './decimal.js';
import { guardText } from './formula-guard.js';
import { defineWriter } from './writer-kit.js';

const row = (t: Transaction): string[] => [
  // Dates and amounts are re-checked, not just copied: they are the columns the formula guard skips.
  renderSlash(parseDmy(t.Date)),
  guardText(t.Description),
  t.Type,
  plain(t.Debit, true),
  plain(t.Credit, true),
  plain(t.Amount),
  plain(t.Balance, true),
  guardText(t.Reference),
  guardText(t.Currency),
];

function* rows(transactions: Transaction[]) {
  for (const t of transactions) yield row(t);
}

export const csvWriter = defineWriter({
  format: 'csv',
  label: 'CSV',
  payee: false,
  oneAccount: false,
  contentType: 'text/csv; charset=utf-8',
  fileName: (stem) => `${stem}.csv`,
  body: ({ result }) => csvBytes(TRANSACTION_FIELDS, rows(result.transactions)),
});
