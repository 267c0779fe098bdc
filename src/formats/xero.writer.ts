// Xero bank statement CSV (basic template): `*Date,*Amount,Payee,Description,Reference,Cheque Number`,
// minus for money spent. Xero matches columns by heading and takes at most 1,000 statement lines per
// file, so a longer statement becomes a zip of CSVs of at most 1,000 lines each, in statement order.
// `date_format=mdy` writes the US template: MM/DD/YYYY and the `Check Number` heading.
import type { EngineResult, Transaction } from '../engine/types.js';
import { csvBytes } from './csv-out.js';
import { parseDmy, renderSlash, type DateOrder } from './date-render.js';
import { plain } from './decimal.js';
import { guardText } from './formula-guard.js';
import { payeesFor } from './payees.js';
import { singleCurrency } from './single-currency.js';
import { oneLine } from './text-clean.js';
import { defineWriter } from './writer-kit.js';
import { zipEntries } from './zip-out.js';

export const XERO_MAX_LINES = 1000;

const header = (order: DateOrder) => ['*Date', '*Amount', 'Payee', 'Description', 'Reference', order === 'mdy' ? 'Check Number' : 'Cheque Number'];

// Cheque Number only when the row is visibly a cheque (a CHQ/CHEQUE/CHECK code starts the description)
// and its reference is a number; otherwise the reference stays in Reference alone.
const CHEQUE = /^(CHQ|CHEQUE|CHECK|CHK)\b/i;

function line(t: Transaction, payee: string, order: DateOrder): string[] {
  const text = guardText(oneLine(t.Description));
  const ref = guardText(oneLine(t.Reference));
  const cheque = CHEQUE.test(t.Description) && /^\d{1,12}$/.test(t.Reference) ? t.Reference : '';
  // Payee is the counterparty alone (the same every month, so Xero's contact matching and bank rules
  // find it again); Description keeps the statement's full text.
  return [renderSlash(parseDmy(t.Date), order), plain(t.Amount), guardText(oneLine(payee)), text, ref, cheque];
}

const isSplit = (result: EngineResult) => result.transactions.length > XERO_MAX_LINES;

function* lines(transactions: Transaction[], payees: readonly string[], order: DateOrder, from = 0, to = transactions.length) {
  for (let i = from; i < to; i++) yield line(transactions[i], payees[i] ?? '', order);
}

export const xeroWriter = defineWriter({
  format: 'xero',
  label: 'Xero CSV',
  payee: true,
  oneAccount: true,
  contentType: 'text/csv; charset=utf-8',
  contentTypeFor: (result) => (isSplit(result) ? 'application/zip' : 'text/csv; charset=utf-8'),
  fileName: (stem, result) => (isSplit(result) ? `${stem}-xero.zip` : `${stem}-xero.csv`),
  check: (result) => void singleCurrency(result, 'xero'),
  body: (ctx) => {
    const { result, options, stem, now } = ctx;
    const order = options.date_format ?? 'dmy';
    const all = result.transactions;
    const payees = payeesFor(ctx);
    if (!isSplit(result)) return csvBytes(header(order), lines(all, payees, order));
    const parts = Math.ceil(all.length / XERO_MAX_LINES);
    const width = String(parts).length;
    return zipEntries(
      now,
      (function* () {
        for (let p = 0; p < parts; p++) {
          const from = p * XERO_MAX_LINES;
          yield {
            name: `${stem}-xero-${String(p + 1).padStart(width, '0')}-of-${parts}.csv`,
            bytes: csvBytes(header(order), lines(all, payees, order, from, Math.min(from + XERO_MAX_LINES, all.length))),
          };
        }
      })(),
    );
  },
});
