// Generic CSV: the 9 transaction fields of the contract in spec order, values exactly as in the JSON
// result (dates DD/MM/YYYY, plain signed decimals), with the formula guard on the free-text columns.
import { TRANSACTION_FIELDS, type Transaction } from '../engine/types.js';
import { csvBytes } from './csv-out.js';
import { guardText } from './formula-guard.js';
import { defineWriter } from './writer-kit.js';

const row = (t: Transaction): string[] => [
  t.Date, guardText(t.Description), t.Type, t.Debit, t.Credit, t.Amount, t.Balance, guardText(t.Reference), t.Currency,
];

function* rows(transactions: Transaction[]) {
  for (const t of transactions) yield row(t);
}

export const csvWriter = defineWriter({
  format: 'csv',
  contentType: 'text/csv; charset=utf-8',
  fileName: (stem) => `${stem}.csv`,
  body: ({ result }) => csvBytes(TRANSACTION_FIELDS, rows(result.transactions)),
});
