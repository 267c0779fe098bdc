// Xero bank statement CSV (basic template): `*Date,*Amount,Payee,Description,Reference,Cheque Number`,
// minus for money spent. Xero matches columns by heading and takes at most 1,000 statement lines per
// file, so a longer statement becomes a zip of CSVs of at most 1,000 lines each, in statement order.
// `date_format=mdy` writes the US template: MM/DD/YYYY and the `Check Number` heading.
import type { EngineResult, Transaction } from '../engine/types.js';
import { csvBytes } from './csv-out.js';
import { parseDmy, renderSlash, type DateOrder } from './date-render.js';
import { plain } from './decimal.js';
import { guardText } from './formula-guard.js';
import { singleCurrency } from './single-currency.js';
import { oneLine } from './text-clean.js';
import { defineWriter } from './writer-kit.js';
import { zipEntries } from './zip-out.js';

export const XERO_MAX_LINES = 1000;

const header = (order: DateOrder) =>
  ['*Date', '*Amount', 'Payee', 'Description', 'Reference', order === 'mdy' ? 'Check Number' : 'Cheque Number'];

// Cheque Number only when the row is visibly a cheque (a CHQ/CHEQUE/CHECK code starts the description)
// and its reference is a number; otherwise the reference stays in Reference alone.
const CHEQUE = /^(CHQ|CHEQUE|CHECK|CHK)\b/i;

function line(t: Transaction, order: DateOrder): string[] {
  const text = guardText(oneLine(t.Description));
  const ref = guardText(oneLine(t.Reference));
  const cheque = CHEQUE.test(t.Description) && /^\d{1,12}$/.test(t.Reference) ? t.Reference : '';
  // Payee and Description both get the description: the statement has no separate payee, Xero shows
  // Payee first and its bank rules match on either.
  return [renderSlash(parseDmy(t.Date), order), plain(t.Amount), text, text, ref, cheque];
}

const isSplit = (result: EngineResult) => result.transactions.length > XERO_MAX_LINES;

function* lines(transactions: Transaction[], order: DateOrder, from = 0, to = transactions.length) {
  for (let i = from; i < to; i++) yield line(transactions[i], order);
}

export const xeroWriter = defineWriter({
  format: 'xero',
  contentType: 'text/csv; charset=utf-8',
  contentTypeFor: (result) => (isSplit(result) ? 'application/zip' : 'text/csv; charset=utf-8'),
  fileName: (stem, result) => (isSplit(result) ? `${stem}-xero.zip` : `${stem}-xero.csv`),
  check: (result) => void singleCurrency(result, 'xero'),
  body: ({ result, options, stem, now }) => {
    const order = options.date_format ?? 'dmy';
    const all = result.transactions;
    if (!isSplit(result)) return csvBytes(header(order), lines(all, order));
    const parts = Math.ceil(all.length / XERO_MAX_LINES);
    const width = String(parts).length;
    return zipEntries(now, (function* () {
      for (let p = 0; p < parts; p++) {
        const from = p * XERO_MAX_LINES;
        yield {
          name: `${stem}-xero-${String(p + 1).padStart(width, '0')}-of-${parts}.csv`,
          bytes: csvBytes(header(order), lines(all, order, from, Math.min(from + XERO_MAX_LINES, all.length))),
        };
      }
    })());
  },
});
