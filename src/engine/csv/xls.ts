// Legacy Excel workbooks (.xls: BIFF5/BIFF8 records inside an OLE2 compound file), read with SheetJS
// (@e965/xlsx, an unmodified npm build of SheetJS Community Edition 0.20.3; docs/engine-rules.md says why). Every sheet
// becomes records and goes through the same table path as CSV and XLSX.
//
// Hostile input: the reader is synchronous and in-memory, bounded by the upload limit (a BIFF cell costs
// at least 6 bytes of file) and by the same row limit as text exports; formulas, styles, VBA and HTML are
// not parsed. SheetJS reports unknown records of a damaged file with console.error, which is silenced
// for the call: the engine never writes to the log, and nothing there is worth saying to an operator.
import * as XLSX from '@e965/xlsx';
import { AppError } from '../../errors.js';
import { MAX_TEXT_LINES } from '../input-limits.js';
import type { ConvertOptions, EngineResult } from '../types.js';
import type { TextRecord } from './records.js';
import { convertSheets, numberText, serialToIso } from './sheet-cells.js';

interface SheetCell {
  t: string;
  v?: unknown;
  z?: string;
  w?: string;
}

function readWorkbook(bytes: Uint8Array): XLSX.WorkBook {
  const quiet = console.error;
  console.error = () => {};
  try {
    return XLSX.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      type: 'buffer',
      dense: true,
      cellNF: true,
      cellDates: false,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellText: false,
      bookVBA: false,
      bookDeps: false,
      bookFiles: false,
      sheetRows: MAX_TEXT_LINES + 1,
    });
  } catch (e) {
    const msg = e instanceof Error ? e.message : '';
    if (/password|encrypt/i.test(msg))
      throw new AppError('unsupported_file_type', 'The workbook is password-protected; save it without a password and upload it again.');
    throw new AppError('unsupported_file_type', 'The file is an OLE2 document but not a readable Excel workbook (.xls).');
  } finally {
    console.error = quiet;
  }
}

function cellText(c: SheetCell | undefined, date1904: boolean): string {
  if (!c || typeof c !== 'object') return '';
  switch (c.t) {
    case 's':
      return typeof c.v === 'string' ? c.v.trim() : '';
    case 'n': {
      const v = c.v as number;
      if (!Number.isFinite(v)) return '';
      return c.z && (XLSX.SSF as { is_date(fmt: string): boolean }).is_date(c.z) ? serialToIso(v, date1904) : numberText(v);
    }
    case 'd':
      return c.v instanceof Date ? c.v.toISOString().slice(0, 10) : '';
    default:
      return ''; // booleans, errors, stubs
  }
}

/** Every sheet's rows as records; a workbook whose structure SheetJS left incomplete reads as damaged. */
function sheetRecords(wb: XLSX.WorkBook): TextRecord[][] {
  const date1904 = !!wb.Workbook?.WBProps?.date1904;
  return (wb.SheetNames ?? []).map((name) => {
    const sheet = wb.Sheets?.[name] as unknown as { '!data'?: (SheetCell[] | undefined)[] } | undefined;
    const rows = Array.isArray(sheet?.['!data']) ? sheet['!data'] : [];
    if (rows.length > MAX_TEXT_LINES) {
      throw new AppError(
        'security_check_failed',
        `The workbook has more than ${MAX_TEXT_LINES.toLocaleString('en-GB')} rows, the limit for one conversion; split the export into shorter periods.`,
      );
    }
    const records: TextRecord[] = [];
    rows.forEach((row, r) => {
      if (!Array.isArray(row)) return;
      const cells = Array.from({ length: row.length }, (_, i) => cellText(row[i], date1904));
      if (cells.some((c) => c)) records.push({ cells, line: r + 1 });
    });
    return records;
  });
}

/**
 * Sheets of an XLSX that exceljs cannot read (the OpenXML SDK writes prefixed elements, `<x:workbook>`,
 * and absolute part names), read by SheetJS instead; null when SheetJS cannot read it either. A sheet
 * over the row limit still answers security_check_failed.
 */
export function xlsxSheetsBySheetJs(bytes: Uint8Array): TextRecord[][] | null {
  try {
    return sheetRecords(readWorkbook(bytes));
  } catch (e) {
    if (e instanceof AppError && e.code === 'security_check_failed') throw e;
    return null;
  }
}

export async function convertXls(bytes: Uint8Array, opts: ConvertOptions): Promise<EngineResult> {
  const wb = readWorkbook(bytes);
  let sheets: TextRecord[][];
  try {
    sheets = sheetRecords(wb);
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('unsupported_file_type', 'The file is an OLE2 document but not a readable Excel workbook (.xls).');
  }
  if (!sheets.some((s) => s.length)) throw new AppError('no_transactions_found', 'The workbook has no rows.');
  return convertSheets(sheets, opts);
}
