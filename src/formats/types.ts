// The contract every file writer implements. All writers take the same engine result.
import type { EngineResult } from '../engine/types.js';

// (The formats themselves are the writers' own ids: the list and its type derive from the registry, index.ts.)
export type { WriterOptions } from './options.schema.js';
import type { WriterOptions } from './options.schema.js';

export interface WriteContext {
  result: EngineResult;
  options: WriterOptions;
  /** Safe file-name stem of the upload. */
  stem: string;
  /** When the file is written (OFX DTSERVER, XLSX document dates, zip entry times). Injected so output is reproducible. */
  now: Date;
  /**
   * One payee per transaction (src/engine/payees/), with the account's payee rules applied. Left out, the
   * writers read the built-in payees themselves (the CLI, tests).
   */
  payees?: readonly string[];
}

/**
 * How a route or the CLI uses a writer, in this order:
 *   1. `check(result, options)` before sending any header: throws AppError('invalid_request') when this
 *      result cannot be written in this format (for example several currencies in a one-account format);
 *   2. `contentTypeFor(result)` and `fileName(stem, result)` for the response headers (a Xero file of
 *      more than 1,000 lines is a zip of several CSVs, so both depend on the result);
 *   3. `write(ctx)` for the bytes. `write` runs `check` again before its first byte.
 */
export interface FormatWriter<F extends string = string> {
  format: F;
  /** The format's name for people ("Xero CSV", "QBO (Web Connect)"): the page's buttons show it. */
  label: string;
  /** The file has a payee field (Xero Payee, OFX/QBO NAME, QIF P, the xlsx Payee column): the account's payee rules fill it. */
  payee: boolean;
  /** An importer takes one account a file: a result of several accounts becomes a ZIP of one file per account (per-account.ts). */
  oneAccount: boolean;
  /** Content type of the usual case; `contentTypeFor` is authoritative. */
  contentType: string;
  contentTypeFor(result: EngineResult): string;
  fileName(stem: string, result: EngineResult): string;
  check(result: EngineResult, options: WriterOptions): void;
  /** Streams the file's bytes. */
  write(ctx: WriteContext): AsyncIterable<Uint8Array>;
  /**
   * The API writes this format in a conversion process, not on the server's event loop: making it
   * holds the loop in long stretches (XLSX: its sheet is built and compressed whole). The text formats
   * stream in small pieces and are written in place (sending the result to a process costs more).
   */
  offLoop: boolean;
}
