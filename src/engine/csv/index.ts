// Text uploads: delimited exports (CSV, semicolon, tab, pipe) go through the table path; text with no
// delimited table is a fixed-width statement, handed to the layout engine shared with PDF.
import { AppError } from '../../errors.js';
import { convertFixedWidth } from '../text/index.js';
import type { ConvertOptions, EngineResult } from '../types.js';
import { decodeText } from './decode.js';
import { sniffDelimiter } from './delimiter-sniffer.js';
import { readRecords } from './records.js';
import { convertTable } from './table.js';

export async function convertTextFile(bytes: Uint8Array, opts: ConvertOptions): Promise<EngineResult> {
  const { text } = decodeText(bytes);
  const body = text.replace(/^\uFEFF/, '');
  if (!body.trim()) throw new AppError('no_transactions_found', 'The file is empty.');
  const delimiter = sniffDelimiter(body);
  if (!delimiter) return convertFixedWidth(body, opts);
  const records = readRecords(body, delimiter);
  try {
    return convertTable({ records, sample: body.slice(0, 16384), opts, inputKind: 'csv', delimiter });
  } catch (e) {
    // No delimited table: the text may still be a fixed-width statement (a comma inside prose fooled the sniffer).
    if (e instanceof AppError && e.code === 'no_transactions_found') return convertFixedWidth(body, opts);
    throw e;
  }
}
