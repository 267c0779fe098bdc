// Registry of file writers by format id.
import { AppError } from '../errors.js';
import { csvWriter } from './csv.writer.js';
import { ofxWriter } from './ofx.writer.js';
import { qboWriter } from './qbo.writer.js';
import { qifWriter } from './qif.writer.js';
import { quickbooksWriter } from './quickbooks.writer.js';
import { sageWriter } from './sage.writer.js';
import type { FileFormat, FormatWriter } from './types.js';
import { xeroWriter } from './xero.writer.js';
import { xlsxWriter } from './xlsx.writer.js';

const WRITERS: Record<FileFormat, FormatWriter> = {
  csv: csvWriter,
  xlsx: xlsxWriter,
  xero: xeroWriter,
  quickbooks: quickbooksWriter,
  sage: sageWriter,
  ofx: ofxWriter,
  qbo: qboWriter,
  qif: qifWriter,
};

export function writerFor(format: FileFormat): FormatWriter {
  const w = Object.hasOwn(WRITERS, format) ? WRITERS[format] : undefined;
  if (!w) throw new AppError('invalid_request', `Unknown format ${JSON.stringify(format)}.`);
  return w;
}

/** Reduces an uploaded file name to a safe stem for Content-Disposition and --out defaults. */
export function safeStem(filename: string): string {
  const base = filename.replace(/\\/g, '/').split('/').pop() ?? '';
  const stem = base.replace(/\.[^.]*$/, '');
  const safe = stem.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+|_+$/g, '').slice(0, 100);
  return safe || 'statement';
}

export type { FileFormat, FormatWriter, OutputFormat, WriteContext, WriterOptions } from './types.js';
export { ALL_FORMATS, FILE_FORMATS } from './types.js';
