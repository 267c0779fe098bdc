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
import type { FormatWriter } from './types.js';
import { xeroWriter } from './xero.writer.js';
import { xlsxWriter } from './xlsx.writer.js';

// The writers, in the order lists show them. Every list of formats (the API's enum, the CLI's --format,
// the page's buttons, the formats with a payee field, the one-account formats) derives from this one.
const WRITER_LIST = [csvWriter, xlsxWriter, xeroWriter, quickbooksWriter, sageWriter, freeagentWriter, ofxWriter, qboWriter, qifWriter] as const;

/** A file format: a writer's id. */
export type FileFormat = (typeof WRITER_LIST)[number]['format'];
/** `format=` values: json, or a file format. */
export type OutputFormat = 'json' | FileFormat;

export const FILE_FORMATS: readonly FileFormat[] = WRITER_LIST.map((w) => w.format);
export const ALL_FORMATS: readonly OutputFormat[] = ['json', ...FILE_FORMATS];

// One-account formats give a ZIP of one file per statement when the file holds several accounts (per-account.ts).
const WRITERS = Object.fromEntries(WRITER_LIST.map((w) => [w.format, w.oneAccount ? perAccount<FileFormat>(w) : w])) as Record<
  FileFormat,
  FormatWriter<FileFormat>
>;

/** Formats whose files have a payee field (Xero Payee, OFX/QBO NAME, QIF P, the xlsx Payee column). */
export const PAYEE_FORMATS: ReadonlySet<string> = new Set(WRITER_LIST.filter((w) => w.payee).map((w) => w.format));

/** Formats an importer takes one account a file of. */
export const ONE_ACCOUNT_FORMATS: ReadonlySet<string> = new Set(WRITER_LIST.filter((w) => w.oneAccount).map((w) => w.format));

/** Every output format, from the writer registry: json, then one per writer. */
export const formatNames = (): string[] => [...ALL_FORMATS];

/** The invalid_request answer to a format nobody writes: it lists the formats there are. */
export const unknownFormat = (format: unknown): AppError =>
  new AppError('invalid_request', `Unknown format ${JSON.stringify(String(format).slice(0, 40))}. The formats are: ${formatNames().join(', ')}.`);

export function writerFor(format: FileFormat): FormatWriter<FileFormat> {
  const w = Object.hasOwn(WRITERS, format) ? WRITERS[format] : undefined;
  if (!w) throw unknownFormat(format);
  return w;
}

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

export type { FormatWriter, WriteContext, WriterOptions } from './types.js';
