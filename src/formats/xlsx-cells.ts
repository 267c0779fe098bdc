// Cell values for the xlsx writer: text through the formula guard, dates as UTC days, amounts as numbers.
import { parseDmy, parseIso, utcDate } from './date-render.js';
import { plain } from './decimal.js';
import { guardText } from './formula-guard.js';

export const DATE_FORMAT = 'dd/mm/yyyy';

/** Text cell value. exceljs already writes strings as strings, never formulas; the `'` is for whoever edits the cell later. */
export const textCell = (text: string): string | null => (text === '' ? null : guardText(text));

/**
 * Numeric cell from a plain decimal string, or null for "". Excel stores every number as an IEEE double,
 * so this is the one place money becomes a float: at the last moment, from the exact string. Amounts
 * up to 15 significant digits display exactly with the cell's fixed-decimals number format.
 */
export const amountCell = (text: string): number | null => (text === '' ? null : Number(plain(text)));

/** Date cell of a contract date (DD/MM/YYYY) at midnight UTC, which exceljs turns into a whole serial day. */
export const dmyCell = (text: string): Date => utcDate(parseDmy(text));

export const isoCell = (text: string | null): Date | null => (text ? utcDate(parseIso(text)) : null);
