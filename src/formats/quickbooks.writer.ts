// QuickBooks Online bank upload, 3-column layout (Intuit: "the only columns QuickBooks can handle and
// this order"): Date,Description,Amount; minus for money out; no symbols, brackets or thousands marks.
// Intuit says to leave zero amount cells blank while Amount is mandatory, so a zero-amount row (no money
// moved) is left out of the file rather than written with a 0 or an empty Amount. Intuit takes files of
// at most 350 KB: a longer statement becomes a zip of CSVs under that size, in statement order
// (import-checks.ts reports both adjustments in X-Import-Notes).
import type { EngineResult, Transaction } from '../engine/types.js';
import { csvBytes } from './csv-out.js';
import { parseDmy, renderSlash, type DateOrder } from './date-render.js';
import { isZero, plain } from './decimal.js';
import { guardText } from './formula-guard.js';
import { singleCurrency } from './single-currency.js';
import { oneLine } from './text-clean.js';
import { defineWriter } from './writer-kit.js';
import { zipEntries } from './zip-out.js';

/** Intuit's limit is 350 KB; parts are cut a little below it, since the size is counted before quoting is final. */
export const QUICKBOOKS_MAX_BYTES = 350 * 1024;
const PART_BYTES = 340 * 1024;
const HEADER = ['Date', 'Description', 'Amount'];

const cells = (t: Transaction, order: DateOrder) => [renderSlash(parseDmy(t.Date), order), guardText(oneLine(t.Description)), plain(t.Amount)];

/** Bytes of a CSV line as csv-out writes it: quoted when it holds a comma, quote or line break; CRLF. */
const lineBytes = (row: readonly string[]) =>
  row.reduce((n, c) => n + Buffer.byteLength(c) + (/[",\r\n]/.test(c) ? 2 + (c.match(/"/g)?.length ?? 0) : 0), 0) + row.length - 1 + 2;

/** Row indexes where each part starts (the zero-amount rows left out), and the rows kept. */
export function quickbooksParts(result: EngineResult): { kept: Transaction[]; starts: number[] } {
  const kept = result.transactions.filter((t) => !isZero(t.Amount));
  const head = lineBytes(HEADER);
  const starts = [0];
  let size = head;
  kept.forEach((t, i) => {
    const n = lineBytes(cells(t, 'dmy'));
    if (size + n > PART_BYTES && i > starts[starts.length - 1]) {
      starts.push(i);
      size = head;
    }
    size += n;
  });
  return { kept, starts };
}

const isSplit = (result: EngineResult) => quickbooksParts(result).starts.length > 1;

function* rows(transactions: Transaction[], order: DateOrder) {
  for (const t of transactions) yield cells(t, order);
}

export const quickbooksWriter = defineWriter({
  format: 'quickbooks',
  label: 'QuickBooks CSV',
  payee: false,
  oneAccount: true,
  contentType: 'text/csv; charset=utf-8',
  contentTypeFor: (result) => (isSplit(result) ? 'application/zip' : 'text/csv; charset=utf-8'),
  fileName: (stem, result) => (isSplit(result) ? `${stem}-quickbooks.zip` : `${stem}-quickbooks.csv`),
  check: (result) => void singleCurrency(result, 'quickbooks'),
  body: ({ result, options, stem, now }) => {
    const order = options.date_format ?? 'dmy';
    const { kept, starts } = quickbooksParts(result);
    if (starts.length === 1) return csvBytes(HEADER, rows(kept, order));
    const width = String(starts.length).length;
    return zipEntries(
      now,
      starts.map((from, p) => ({
        name: `${stem}-quickbooks-${String(p + 1).padStart(width, '0')}-of-${starts.length}.csv`,
        bytes: csvBytes(HEADER, rows(kept.slice(from, starts[p + 1] ?? kept.length), order)),
      })),
    );
  },
});
