// Excel workbook via exceljs's streaming WorkbookWriter: a Transactions sheet (the 9 contract fields as
// real dates, numbers and text; frozen header; autofilter) and a Summary sheet. Rows are committed as
// they are written, so memory stays flat apart from exceljs's zip buffers.
import { PassThrough } from 'node:stream';
import { setImmediate as tick } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { TRANSACTION_FIELDS, type EngineResult, type Transaction } from '../engine/types.js';
import { excelNumberFormat } from './decimal.js';
import { amountCell, DATE_FORMAT, dmyCell, textCell } from './xlsx-cells.js';
import { writeSummary } from './xlsx-summary.js';
import type { WriteContext } from './types.js';
import { defineWriter } from './writer-kit.js';

// Let the consumer drain the output every so many rows; exceljs does not wait for it by itself.
const ROWS_PER_TICK = 2000;

/** Column width in characters: the longest value (capped) plus a little room. */
function widthOf(rows: Transaction[], field: 'Description' | 'Reference', min: number, max: number): number {
  let longest = 0;
  for (const t of rows) longest = Math.max(longest, t[field].length);
  return Math.min(max, Math.max(min, longest + 2));
}

function columns(result: EngineResult): Partial<ExcelJS.Column>[] {
  const money = { numFmt: excelNumberFormat(result.meta.currencyExponent) };
  const text = { numFmt: '@' };
  return [
    { key: 'Date', width: 12, style: { numFmt: DATE_FORMAT } },
    { key: 'Description', width: widthOf(result.transactions, 'Description', 24, 80), style: text },
    { key: 'Type', width: 8, style: text },
    { key: 'Debit', width: 14, style: money },
    { key: 'Credit', width: 14, style: money },
    { key: 'Amount', width: 14, style: money },
    { key: 'Balance', width: 14, style: money },
    { key: 'Reference', width: widthOf(result.transactions, 'Reference', 12, 40), style: text },
    { key: 'Currency', width: 9, style: text },
  ];
}

const cells = (t: Transaction) => [
  dmyCell(t.Date), textCell(t.Description), t.Type, amountCell(t.Debit), amountCell(t.Credit),
  amountCell(t.Amount), amountCell(t.Balance), textCell(t.Reference), t.Currency,
];

async function fill(wb: ExcelJS.stream.xlsx.WorkbookWriter, result: EngineResult): Promise<void> {
  const ws = wb.addWorksheet('Transactions', {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
  });
  ws.columns = columns(result);
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1 + result.transactions.length, column: TRANSACTION_FIELDS.length } };
  const head = ws.addRow([...TRANSACTION_FIELDS]);
  head.font = { bold: true };
  head.commit();
  let n = 0;
  for (const t of result.transactions) {
    ws.addRow(cells(t)).commit();
    if (++n % ROWS_PER_TICK === 0) await tick();
  }
  ws.commit();
  const summary = wb.addWorksheet('Summary');
  summary.columns = [{ width: 24 }, { width: 70 }, { width: 8 }, { width: 8 }];
  writeSummary(summary, result);
  summary.commit();
  await wb.commit();
}

async function* body({ result, now }: WriteContext): AsyncIterable<Uint8Array> {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  wb.creator = wb.lastModifiedBy = 'Ledgerline';
  wb.created = wb.modified = now;
  const done = fill(wb, result).catch((e: unknown) => { out.destroy(e instanceof Error ? e : new Error(String(e))); });
  try {
    for await (const chunk of out) yield chunk as Uint8Array;
    await done;
  } finally {
    out.destroy();
  }
}

export const xlsxWriter = defineWriter({
  format: 'xlsx',
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  fileName: (stem) => `${stem}.xlsx`,
  body,
});
