// Sage 50 Accounts (UK) "Audit Trail Transactions" import of bank payments and receipts (Sage KB field
// list): BP for money out, BR for money in, Net always positive, the bank nominal as Account Reference,
// one other nominal for every row (suspense 9998 unless the user maps it), tax code T9 with 0.00 tax.
import { AppError } from '../errors.js';
import type { EngineResult, Transaction } from '../engine/types.js';
import { csvBytes } from './csv-out.js';
import { parseDmy, renderSlash } from './date-render.js';
import { plain, unsigned } from './decimal.js';
import { guardText } from './formula-guard.js';
import { singleCurrency } from './single-currency.js';
import { cut, oneLine } from './text-clean.js';
import type { WriterOptions } from './types.js';
import { defineWriter } from './writer-kit.js';

export const SAGE_DEFAULTS = { bankNominal: '1200', nominal: '9998', taxCode: 'T9' } as const;

const HEADER = ['Type', 'Account Reference', 'Nominal A/C Ref', 'Department Code', 'Date', 'Reference', 'Details', 'Net Amount', 'Tax Code', 'Tax Amount'];
// Sage field sizes: Reference Text 30, Details Text 60, Net Decimal 11 (8 integer digits + 2 decimals).
const REFERENCE_MAX = 30;
const DETAILS_MAX = 60;
const NET = /^\d{1,8}(\.\d{1,2})?$/;

function check(result: EngineResult): void {
  singleCurrency(result, 'sage');
  const i = result.transactions.findIndex((t) => !NET.test(unsigned(plain(t.Amount))));
  if (i >= 0) {
    throw new AppError(
      'invalid_request',
      `Row ${i + 1} (${result.transactions[i].Amount}) does not fit Sage 50's Net Amount field (8 digits and 2 decimals); request format=csv or xlsx instead.`,
    );
  }
}

function* rows(transactions: Transaction[], options: WriterOptions) {
  const bank = options.sage_bank_nominal ?? SAGE_DEFAULTS.bankNominal;
  const nominal = options.sage_nominal ?? SAGE_DEFAULTS.nominal;
  const taxCode = options.sage_tax_code ?? SAGE_DEFAULTS.taxCode;
  for (const t of transactions) {
    yield [
      t.Type === 'debit' ? 'BP' : 'BR',
      bank,
      nominal,
      '0',
      renderSlash(parseDmy(t.Date)),
      // Guard first, then cut: the `'` counts towards Sage's limit and must survive the cut.
      cut(guardText(oneLine(t.Reference)), REFERENCE_MAX),
      cut(guardText(oneLine(t.Description)), DETAILS_MAX),
      unsigned(plain(t.Amount)),
      taxCode,
      '0.00',
    ];
  }
}

export const sageWriter = defineWriter({
  format: 'sage',
  label: 'Sage CSV',
  payee: false,
  oneAccount: true,
  contentType: 'text/csv; charset=utf-8',
  fileName: (stem) => `${stem}-sage.csv`,
  check,
  body: ({ result, options }) => csvBytes(HEADER, rows(result.transactions, options)),
});
