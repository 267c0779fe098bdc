// Cell values of spreadsheets (XLSX through exceljs, legacy XLS through SheetJS) as the text the table
// path reads. Excel keeps money as binary doubles and dates as day serials; neither is used as a float.
import { AppError } from '../../errors.js';
import type { ConvertOptions, EngineResult } from '../types.js';
import type { TextRecord } from './records.js';
import { convertTable } from './table.js';

const EXCEL_EPOCH_DAYS = 25569; // serial of 1970-01-01 in the 1900 date system
const EPOCH_1904_OFFSET = 1462; // days between the 1900 and 1904 date systems

/** ISO date of an Excel day serial (the time of day is dropped). */
export function serialToIso(serial: number, date1904 = false): string {
  const days = Math.floor(serial) + (date1904 ? EPOCH_1904_OFFSET : 0) - EXCEL_EPOCH_DAYS;
  return new Date(days * 86400000).toISOString().slice(0, 10);
}

// The shortest round-trip text of a double ("12.3", "1234.56") is the decimal the bank wrote, which the
// money parser then reads exactly.
export const numberText = (n: number): string => (Number.isInteger(n) ? String(n) : Math.abs(n) < 1e15 ? String(n) : n.toFixed(0));

/** The first sheet holding a transaction table, converted; else the last sheet's error. */
export async function convertSheets(sheets: TextRecord[][], opts: ConvertOptions): Promise<EngineResult> {
  let lastError: unknown = null;
  for (const records of sheets) {
    if (!records.length) continue;
    try {
      const sample = records
        .slice(0, 60)
        .map((r) => r.cells.join(','))
        .join('\n');
      return convertTable({ records, sample, opts, inputKind: 'xlsx' });
    } catch (e) {
      lastError = e;
    }
  }
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows what was caught, as it came
  if (lastError) throw lastError;
  throw new AppError('no_transactions_found', 'The workbook has no transaction table.');
}
