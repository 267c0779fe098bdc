// XLSX exports: every sheet becomes records (one per row, 1-based row numbers as lines); the first one
// holding a transaction table goes through the same table path as CSV. Excel serial dates become ISO text.
import ExcelJS from 'exceljs';
import { AppError } from '../../errors.js';
import type { ConvertOptions, EngineResult } from '../types.js';
import type { TextRecord } from './records.js';
import { convertSheets, numberText, serialToIso } from './sheet-cells.js';

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number') return numberText(v);
  if (typeof v === 'object') {
    if ('result' in v && v.result !== undefined) return cellText(v.result);
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    return '';
  }
  return String(v).trim();
}

export async function convertXlsx(bytes: Uint8Array, opts: ConvertOptions): Promise<EngineResult> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    const sheets = (await import('./xls.js')).xlsxSheetsBySheetJs(bytes);
    if (!sheets) throw new AppError('unsupported_file_type', 'The workbook could not be read as XLSX.');
    if (!sheets.some((x) => x.length)) throw new AppError('no_transactions_found', 'The workbook has no rows.');
    return convertSheets(sheets, opts);
  }
  const sheets = wb.worksheets.map((ws) => {
    const records: TextRecord[] = [];
    ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        const v = cell.value;
        const isDate = typeof v === 'number' && cell.numFmt && /[dy]/i.test(cell.numFmt) && !/[#0]/.test(cell.numFmt);
        cells[col - 1] = isDate ? serialToIso(v) : cellText(v);
      });
      for (let i = 0; i < cells.length; i++) cells[i] ??= '';
      if (cells.some((c) => c)) records.push({ cells, line: rowNumber });
    });
    return records;
  });
  return convertSheets(sheets, opts);
}
