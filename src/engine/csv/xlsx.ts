// XLSX exports: the first sheet with a transaction table becomes records (one per row, 1-based row
// numbers as lines) and goes through the same table path as CSV. Excel serial dates become ISO text.
import ExcelJS from 'exceljs';
import { AppError } from '../../errors.js';
import type { ConvertOptions, EngineResult } from '../types.js';
import type { TextRecord } from './records.js';
import { convertTable } from './table.js';

const EXCEL_EPOCH_DAYS = 25569; // serial of 1970-01-01 in the 1900 date system

function serialToIso(serial: number): string {
  const days = Math.floor(serial) - EXCEL_EPOCH_DAYS;
  const d = new Date(days * 86400000);
  return d.toISOString().slice(0, 10);
}

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : numberText(v);
  if (typeof v === 'object') {
    if ('result' in v && v.result !== undefined) return cellText(v.result as ExcelJS.CellValue);
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    return '';
  }
  return String(v).trim();
}

// Excel stores money as a binary double; the shortest round-trip text ("12.3", "1234.56") is the
// decimal the bank wrote, which the money parser then reads exactly.
const numberText = (n: number): string => (Math.abs(n) < 1e15 ? String(n) : n.toFixed(0));

export async function convertXlsx(bytes: Uint8Array, opts: ConvertOptions): Promise<EngineResult> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw new AppError('unsupported_file_type', 'The workbook could not be read as XLSX.');
  }
  let lastError: unknown = null;
  for (const ws of wb.worksheets) {
    const records: TextRecord[] = [];
    ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        const v = cell.value;
        const isDate = typeof v === 'number' && cell.numFmt && /[dy]/i.test(cell.numFmt) && !/[#0]/.test(cell.numFmt);
        cells[col - 1] = isDate ? serialToIso(v as number) : cellText(v);
      });
      for (let i = 0; i < cells.length; i++) cells[i] ??= '';
      if (cells.some((c) => c)) records.push({ cells, line: rowNumber });
    });
    if (!records.length) continue;
    try {
      const sample = records.slice(0, 60).map((r) => r.cells.join(',')).join('\n');
      const r = await convertTable({ records, sample, opts, inputKind: 'xlsx' });
      return r;
    } catch (e) {
      lastError = e;
    }
  }
  if (lastError) throw lastError;
  throw new AppError('no_transactions_found', 'The workbook has no transaction table.');
}
