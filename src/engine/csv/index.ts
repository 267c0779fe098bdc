// Text uploads: delimited exports (CSV, semicolon, tab, pipe) go through the table path; key/value
// exports ("Date: ..." / "Amount: ..." blocks) become records for the same path; text with neither is a
// fixed-width statement, handed to the layout engine shared with PDF.
import { AppError } from '../../errors.js';
import { convertFixedWidth } from '../text/index.js';
import { readRuledTable } from '../text/ruled-table.js';
import type { ConvertOptions, EngineResult, InputKind } from '../types.js';
import { decodeText } from './decode.js';
import { sniffDelimiter } from './delimiter-sniffer.js';
import { readKeyValueRecords } from './key-value.js';
import { splitMergedCells } from './merged-cells.js';
import { readRecords, type TextRecord } from './records.js';
import { streamTable } from './stream-table.js';
import { convertTable } from './table.js';

/** The table path's result, or null when the records hold no transaction table. */
function tableOf(records: TextRecord[], body: string, opts: ConvertOptions, delimiter?: string, inputKind: InputKind = 'csv'): EngineResult | null {
  try {
    return convertTable({ records, sample: body.slice(0, 16384), opts, inputKind, delimiter });
  } catch (e) {
    if (e instanceof AppError && e.code === 'no_transactions_found') return null;
    throw e;
  }
}

function convertBody(body: string, opts: ConvertOptions): EngineResult | null {
  // A key/value export is recognised by its shape (most lines are "Key: value" in repeated blocks), so it
  // goes first: its padding tabs or the commas in its descriptions can fool the delimiter sniffer into a
  // table of one-cell rows.
  const kv = readKeyValueRecords(body);
  const fromKv = kv && tableOf(kv, body, opts);
  if (fromKv) return fromKv;
  // A text report whose table is drawn with rules ("----+----" and "|" between header cells): the rules
  // give the columns, so it is read as a table, not guessed at as fixed-width text.
  const ruled = readRuledTable(body);
  const fromRuled = ruled && tableOf(ruled, body, opts, undefined, 'text');
  if (fromRuled) return fromRuled;
  const delimiter = sniffDelimiter(body);
  if (!delimiter) return null;
  // A large export is read as it is parsed; the records are read whole where that reading cannot vouch for the result.
  return (
    streamTable(body, { sample: body.slice(0, 16384), opts, inputKind: 'csv', delimiter }) ??
    tableOf(splitMergedCells(readRecords(body, delimiter), delimiter), body, opts, delimiter)
  );
}

// A line that looks like a statement row: a date and, later on the line, an amount with two decimals.
const ROW_LIKE = /\b\d{1,2}[ ./-](?:\d{1,2}|[A-Za-z]{3,9})(?:[ ./-]\d{2,4})?\b.*\d[.,]\d{2}\b/;

/** True when a table reading holds fewer than half the lines that look like rows. */
function fewerThanPrinted(result: EngineResult, body: string): boolean {
  // At most every line looks like a row: when the table holds half of them or more, no line needs testing.
  let lines = 1;
  for (let k = body.indexOf('\n'); k >= 0 && lines < 250_000; k = body.indexOf('\n', k + 1)) lines++;
  if (result.transaction_count * 2 >= lines) return false;
  let rowLike = 0;
  for (const line of body.split(/\r?\n/, 250_000)) if (ROW_LIKE.test(line)) rowLike++;
  return result.transaction_count * 2 < rowLike;
}

export async function convertTextFile(bytes: Uint8Array, opts: ConvertOptions): Promise<EngineResult> {
  const decoded = decodeText(bytes);
  const body = decoded.text.replace(/^\uFEFF/, '');
  if (!body.trim()) throw new AppError('no_transactions_found', 'The file is empty.');
  const result = convertBody(body, opts);
  if (result && !fewerThanPrinted(result, body)) return result;
  if (result) {
    // A comma or a tab in laid-out text can pass for a delimiter and give a "table" of a handful of
    // rows: the fixed-width reading of the same text is kept when it reads more of the rows printed.
    const laidOut = await convertFixedWidth(body, opts).catch(() => null);
    return laidOut && laidOut.transaction_count > result.transaction_count ? laidOut : result;
  }
  // No table under the chosen code page: a header word may have been decoded wrongly ("èástka" for
  // "částka"), so the other single-byte readings get their turn before the text is taken as fixed-width.
  for (const alt of decoded.alternatives()) {
    const again = convertBody(alt.text.replace(/^\uFEFF/, ''), opts);
    if (again) return again;
  }
  // No delimited table: the text may still be a fixed-width statement (a comma inside prose fooled the sniffer).
  return convertFixedWidth(body, opts);
}
