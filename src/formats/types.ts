// The contract every file writer implements. All writers take the same engine result.
import type { EngineResult } from '../engine/types.js';

export const FILE_FORMATS = ['csv', 'xlsx', 'xero', 'quickbooks', 'sage', 'ofx', 'qbo', 'qif'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];
export const ALL_FORMATS = ['json', ...FILE_FORMATS] as const;
export type OutputFormat = (typeof ALL_FORMATS)[number];

/** Writer options taken from the convert query string (all optional; each writer documents its own). */
export interface WriterOptions {
  /** quickbooks / xero / qif: `dmy` (default) or `mdy`. */
  date_format?: 'dmy' | 'mdy';
  /** sage: bank nominal code (default 1200). */
  sage_bank_nominal?: string;
  /** sage: nominal code for the other side (default 9998 suspense). */
  sage_nominal?: string;
  /** sage: tax code (default T9). */
  sage_tax_code?: string;
  /** qbo: Intuit bank id. */
  qbo_bid?: string;
  /** ofx / qbo: FI ORG and FID. */
  ofx_org?: string;
  ofx_fid?: string;
}

export interface WriteContext {
  result: EngineResult;
  options: WriterOptions;
  /** Safe file-name stem of the upload. */
  stem: string;
  /** When the file is written (OFX DTSERVER). Injected so output is reproducible in tests. */
  now: Date;
}

export interface FormatWriter {
  format: FileFormat;
  contentType: string;
  fileName(stem: string, result: EngineResult): string;
  /** Streams the file's bytes. */
  write(ctx: WriteContext): AsyncIterable<Uint8Array>;
}
