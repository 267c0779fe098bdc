// Registry of file writers by format id.
import { AppError } from '../errors.js';
import { csvWriter } from './csv.writer.js';
import type { FileFormat, FormatWriter } from './types.js';

const WRITERS: Partial<Record<FileFormat, FormatWriter>> = {
  csv: csvWriter,
};

export function writerFor(format: FileFormat): FormatWriter {
  const w = WRITERS[format];
  if (!w) throw new AppError('invalid_request', `The ${format} format is not available yet.`);
  return w;
}

/** Reduces an uploaded file name to a safe stem for Content-Disposition and --out defaults. */
export function safeStem(filename: string): string {
  const base = filename.replace(/\\/g, '/').split('/').pop() ?? '';
  const stem = base.replace(/\.[^.]*$/, '');
  const safe = stem.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+|_+$/g, '').slice(0, 100);
  return safe || 'statement';
}
