// QIF bank register (Intuit's QIF description): `!Type:Bank` (`!Type:CCard` for card statements), then
// per transaction D, T, P (payee), M (full text), N lines closed by `^`. Only those codes, upper case, no empty records
// (Actual Budget throws on anything else). QIF has no standard date order and no currency: dates are
// DD/MM/YYYY unless `date_format=mdy` (Quicken US), always with a four-digit year, and a result in
// several currencies is refused. UTF-8, CRLF; text is not HTML-escaped.
import type { Transaction } from '../engine/types.js';
import { toChunks } from './byte-chunks.js';
import { parseDmy, renderSlash, type DateOrder } from './date-render.js';
import { plain } from './decimal.js';
import { singleCurrency } from './single-currency.js';
import { payeesFor } from './payees.js';
import { cutWords, oneLine } from './text-clean.js';
import { defineWriter } from './writer-kit.js';

// P is the payee line importers show and match on: the counterparty (src/engine/payees/), at most 32
// characters as OFX NAME; M is the statement's full text whenever it says more than P.
const PAYEE_MAX = 32;

function record(t: Transaction, name: string, order: DateOrder): string {
  const text = oneLine(t.Description);
  const payee = cutWords(oneLine(name), PAYEE_MAX) || cutWords(text, PAYEE_MAX);
  const ref = oneLine(t.Reference);
  return (
    `D${renderSlash(parseDmy(t.Date), order)}\r\nT${plain(t.Amount)}\r\n` +
    (payee ? `P${payee}\r\n` : '') +
    (text !== payee ? `M${text}\r\n` : '') +
    (ref ? `N${ref}\r\n` : '') +
    '^\r\n'
  );
}

function* parts(transactions: Transaction[], payees: readonly string[], card: boolean, order: DateOrder) {
  yield card ? '!Type:CCard\r\n' : '!Type:Bank\r\n';
  for (let i = 0; i < transactions.length; i++) yield record(transactions[i], payees[i] ?? '', order);
}

export const qifWriter = defineWriter({
  format: 'qif',
  label: 'QIF',
  payee: true,
  oneAccount: true,
  contentType: 'application/qif',
  fileName: (stem) => `${stem}.qif`,
  check: (result) => void singleCurrency(result, 'qif'),
  body: (ctx) => toChunks(parts(ctx.result.transactions, payeesFor(ctx), ctx.result.meta.accountType === 'card', ctx.options.date_format ?? 'dmy')),
});
