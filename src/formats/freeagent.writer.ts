// FreeAgent (UK) bank statement CSV (FreeAgent support, "How to format a CSV file to upload a bank
// statement"): exactly three columns, date dd/mm/yyyy, amount with two decimals and a minus for money
// out, description; no header row; comma only; no commas or quote marks in any field; one line per row.
// FreeAgent does not read RFC 4180 quoting, so descriptions are cleaned instead of quoted: commas, quote
// marks and line breaks become spaces (import-checks.ts reports how many).
import type { Transaction } from '../engine/types.js';
import { toChunks } from './byte-chunks.js';
import { parseDmy, renderSlash } from './date-render.js';
import { plain } from './decimal.js';
import { guardText } from './formula-guard.js';
import { singleCurrency } from './single-currency.js';
import { oneLine } from './text-clean.js';
import { defineWriter } from './writer-kit.js';

/** Characters FreeAgent's CSV reader cannot take inside a field. */
export const FREEAGENT_FORBIDDEN = /[,"\r\n]/g;

export const freeagentDescription = (t: Transaction): string => {
  // The reference is appended (FreeAgent has no column for it) unless the description already holds it.
  const ref = t.Reference.trim() && !t.Description.includes(t.Reference.trim()) ? t.Reference : '';
  const text = oneLine([t.Description, ref].filter(Boolean).join(' ').replace(FREEAGENT_FORBIDDEN, ' ')).replace(/ {2,}/g, ' ');
  return guardText(text);
};

function* lines(transactions: Transaction[]) {
  for (const t of transactions) yield `${renderSlash(parseDmy(t.Date), 'dmy')},${plain(t.Amount)},${freeagentDescription(t)}\r\n`;
}

export const freeagentWriter = defineWriter({
  format: 'freeagent',
  label: 'FreeAgent CSV',
  payee: false,
  oneAccount: true,
  contentType: 'text/csv; charset=utf-8',
  fileName: (stem) => `${stem}-freeagent.csv`,
  check: (result) => void singleCurrency(result, 'freeagent'),
  body: ({ result }) => toChunks(lines(result.transactions)),
});
