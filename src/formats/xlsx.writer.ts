// Excel workbook via exceljs's streaming WorkbookWriter: a Transactions sheet (the 9 contract fields as
// real dates, numbers and text, then the row's Payee; frozen header; autofilter) and a Summary sheet. Rows are committed as
// they are written, so memory stays flat apart from exceljs's zip buffers.
import { PassThrough } from 'node:stream';
import { setImmediate as tick } from 'node:timers/promises';
import type ExcelJS from 'exceljs';
import { TRANSACTION_FIELDS, type EngineResult, type Transaction } from '../engine/types.js';
import { excelNumberFormat } from './decimal.js';
import { payeesFor } from './payees.js';
import { amountCell, DATE_FORMAT, dmyCell, textCell } from './xlsx-cells.js';
import { writeSummary } from './xlsx-summary.js';
import type { WriteContext } from './types.js';
import { defineWriter } from './writer-kit.js';

// Let the consumer drain the output every so many rows; exceljs does not wait for it by itself.
const ROWS_PER_TICK = 2000;

/** Column width in characters: the longest value (capped) plus a little room. */
function widthOf(values: Iterable<string>, min: number, max: number): number {
  let longest = 0;
  for (const v of values) longest = Math.max(longest, v.length);
  return Math.min(max, Math.max(min, longest + 2));
}

const fieldOf = (rows: Transaction[], field: 'Description' | 'Reference') => rows.map((t) => t[field]);

/** The nine contract fields keep their columns (A-I); the payee comes after them, so files read by position still work. */
export const XLSX_HEADER = [...TRANSACTION_FIELDS, 'Payee'] as const;

function columns(result: EngineResult, payees: readonly string[]): Partial<ExcelJS.Column>[] {
  const money = { numFmt: excelNumberFormat(result.meta.currencyExponent) };
  const text = { numFmt: '@' };
  return [
    { key: 'Date', width: 12, style: { numFmt: DATE_FORMAT } },
    { key: 'Description', width: widthOf(fieldOf(result.transactions, 'Description'), 24, 80), style: text },
    { key: 'Type', width: 8, style: text },
    { key: 'Debit', width: 14, style: money },
    { key: 'Credit', width: 14, style: money },
    { key: 'Amount', width: 14, style: money },
    { key: 'Balance', width: 14, style: money },
    { key: 'Reference', width: widthOf(fieldOf(result.transactions, 'Reference'), 12, 40), style: text },
    { key: 'Currency', width: 9, style: text },
    { key: 'Payee', width: widthOf(payees, 16, 40), style: text },
  ];
}

const cells = (t: Transaction, payee: string) => [
  dmyCell(t.Date),
  textCell(t.Description),
  t.Type,
  amountCell(t.Debit),
  amountCell(t.Credit),
  amountCell(t.Amount),
  amountCell(t.Balance),
  textCell(t.Reference),
  t.Currency,
  textCell(payee),
];

async function fill(wb: ExcelJS.stream.xlsx.WorkbookWriter, result: EngineResult, payees: readonly string[]): Promise<void> {
  const ws = wb.addWorksheet('Transactions', {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
  });
  ws.columns = columns(result, payees);
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1 + result.transactions.length, column: XLSX_HEADER.length } };
  const head = ws.addRow([...XLSX_HEADER]);
  head.font = { bold: true };
  head.commit();
  let n = 0;
  for (const t of result.transactions) {
    ws.addRow(cells(t, payees[n] ?? '')).commit();
    if (++n % ROWS_PER_TICK === 0) await tick();
  }
  ws.commit();
  const summary = wb.addWorksheet('Summary');
  summary.columns = [{ width: 24 }, { width: 70 }, { width: 8 }, { width: 8 }];
  writeSummary(summary, result);
  summary.commit();
  await wb.commit();
}

async function* body(ctx: WriteContext): AsyncIterable<Uint8Array> {
  const { result, now } = ctx;
  const out = new PassThrough();
  // exceljs loads on first use: loading it takes longer than a small conversion, and most
  // processes (the CLI, JSON answers) never write a workbook.
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  wb.creator = wb.lastModifiedBy = 'Ledgerline';
  wb.created = wb.modified = now;
  const done = fill(wb, result, payeesFor(ctx)).catch((e: unknown) => {
    out.destroy(e instanceof Error ? e : new Error(String(e)));
  });
  try {
    for await (const chunk of out) yield chunk as Uint8Array;
    await done;
  } finally {
    out.destroy();
  }
}

export const xlsxWriter = defineWriter({
  format: 'xlsx',
  label: 'Excel (XLSX)',
  payee: true,
  oneAccount: false,
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  fileName: (stem) => `${stem}.xlsx`,
  body,
  // A 100,000-row file paused the server's event loop 0.5-0.8 s at a time when written there.
  offLoop: true,
});
