// Registry of file writers by format id.
import { AppError } from '../errors.js';
import { csvWriter } from './csv.writer.js';
import { freeagentWriter } from './freeagent.writer.js';
import { ofxWriter } from './ofx.writer.js';
import { perAccount } from './per-account.js';
import { qboWriter } from './qbo.writer.js';
import { qifWriter } from './qif.writer.js';
import { quickbooksWriter } from './quickbooks.writer.js';
import { sageWriter } from './sage.writer.js';
import type { FileFormat, FormatWriter } from './types.js';
import { xeroWriter } from './xero.writer.js';
import { xlsxWriter } from './xlsx.writer.js';

// One-account formats give a ZIP of one file per statement when the file holds several accounts (per-account.ts).
const WRITERS: Record<FileFormat, FormatWriter> = {
  csv: csvWriter,
  xlsx: xlsxWriter,
  xero: perAccount(xeroWriter),
  quickbooks: perAccount(quickbooksWriter),
  sage: perAccount(sageWriter),
  freeagent: perAccount(freeagentWriter),
  ofx: perAccount(ofxWriter),
  qbo: perAccount(qboWriter),
  qif: perAccount(qifWriter),
};

/** Every output format, from the writer registry: json, then one per writer. */
export const formatNames = (): string[] => ['json', ...Object.keys(WRITERS)];

/** The invalid_request answer to a format nobody writes: it lists the formats there are. */
export const unknownFormat = (format: unknown): AppError =>
  new AppError('invalid_request', `Unknown format ${JSON.stringify(String(format).slice(0, 40))}. The formats are: ${formatNames().join(', ')}.`);

export function writerFor(format: FileFormat): FormatWriter {
  const w = Object.hasOwn(WRITERS, format) ? WRITERS[format] : undefined;
  if (!w) throw unknownFormat(format);
  return w;
}

/** Formats whose files have a payee field (Xero Payee, OFX/QBO NAME, QIF P, the xlsx Payee column). */
export const PAYEE_FORMATS: ReadonlySet<string> = new Set(['xero', 'ofx', 'qbo', 'qif', 'xlsx']);

/** Reduces an uploaded file name to a safe stem for Content-Disposition and --out defaults. */
export function safeStem(filename: string): string {
  const base = filename.replace(/\\/g, '/').split('/').pop() ?? '';
  const stem = base.replace(/\.[^.]*$/, '');
  const safe = stem
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+|_+$/g, '')
    .slice(0, 100);
  return safe || 'statement';
}

export type { FileFormat, FormatWriter, OutputFormat, WriteContext, WriterOptions } from './types.js';
export { ALL_FORMATS, FILE_FORMATS } from './types.js';
