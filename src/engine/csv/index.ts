// Text uploads: delimited exports (CSV, semicolon, tab, pipe) go through the table path; key/value
// exports ("Date: ..." / "Amount: ..." blocks) become records for the same path; text with neither is a
// fixed-width statement, handed to the layout engine shared with PDF.
import { AppError } from '../../errors.js';
import { convertFixedWidth } from '../text/index.js';
import type { ConvertOptions, EngineResult } from '../types.js';
import { decodeText } from './decode.js';
import { sniffDelimiter } from './delimiter-sniffer.js';
import { readKeyValueRecords } from './key-value.js';
import { readRecords, type TextRecord } from './records.js';
import { convertTable } from './table.js';

/** The table path's result, or null when the records hold no transaction table. */
function tableOf(records: TextRecord[], body: string, opts: ConvertOptions, delimiter?: string): EngineResult | null {
  try {
    return convertTable({ records, sample: body.slice(0, 16384), opts, inputKind: 'csv', delimiter });
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
  const delimiter = sniffDelimiter(body);
  return delimiter ? tableOf(readRecords(body, delimiter), body, opts, delimiter) : null;
}

export async function convertTextFile(bytes: Uint8Array, opts: ConvertOptions): Promise<EngineResult> {
  const decoded = decodeText(bytes);
  const body = decoded.text.replace(/^\uFEFF/, '');
  if (!body.trim()) throw new AppError('no_transactions_found', 'The file is empty.');
  const result = convertBody(body, opts);
  if (result) return result;
  // No table under the chosen code page: a header word may have been decoded wrongly ("èástka" for
  // "částka"), so the other single-byte readings get their turn before the text is taken as fixed-width.
  for (const alt of decoded.alternatives()) {
    const again = convertBody(alt.text.replace(/^\uFEFF/, ''), opts);
    if (again) return again;
  }
  // No delimited table: the text may still be a fixed-width statement (a comma inside prose fooled the sniffer).
  return convertFixedWidth(body, opts);
}
