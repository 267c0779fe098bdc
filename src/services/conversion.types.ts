// What a conversion is asked for and what it gives back (ConversionService's requests and outcomes), and
// the file types of the conversions list.
import type { HeldAnswer } from '../adapters/held-answer.js';
import type { JsonOptions } from '../http/result.presenter.js';
import type { EngineResult } from '../engine/types.js';
import type { WriterOptions } from '../formats/types.js';
import type { OutputFormat } from '../formats/index.js';
import type { Transaction } from 'kysely';
import type { Database } from '../store/schema.js';
import type { StatementContinuity } from './continuity.service.js';
import type { QuotaStatus, QuotaSubject, Reservation } from './quota.service.js';

/**
 * `file_type` of the conversions list: what the bytes were, not how they were read. Delimited,
 * fixed-width text and XLSX stay "csv" (the contract's value); structured statement files keep their
 * format ("mt940" also for MT942, "camt" for camt.052/053/054, "ofx" also for .qfx and .qbo).
 */
export const FILE_TYPES = ['pdf', 'csv', 'image', 'mt940', 'camt', 'ofx', 'qif'] as const;
export type FileType = (typeof FILE_TYPES)[number];

export function fileTypeOf(kind: string): FileType | null {
  if (kind === 'unsupported') return null;
  return (FILE_TYPES as readonly string[]).includes(kind) ? (kind as FileType) : 'csv';
}

export interface Upload {
  bytes: Uint8Array;
  filename: string;
  bank: string;
  password?: string;
  /** The account's currency as the caller stated it (ISO 4217), for statements that print none. */
  currency?: string;
  /**
   * Set when `bytes` are a job's ZIP entry as it came (raw DEFLATE): the file's size once inflated, and
   * its first bytes inflated (enough to tell its type). The conversion process inflates the rest.
   */
  inflate?: { size: number; head: Uint8Array };
}

export interface ConvertRequest {
  account: QuotaSubject;
  source: 'api' | 'web';
  format: OutputFormat;
  /** Reads the multipart upload; called after the quota is reserved. Throws AppError on bad input. */
  readUpload: () => Promise<Upload>;
  classify?: boolean;
  /** JSON: add the payee of every row. File formats with a payee field always get payees. */
  payees?: boolean;
  writerOptions?: WriterOptions;
  /**
   * The answer does not say until when the result is kept (the API's convert): it is kept after the
   * answer is on its way (KeptResultService.keepInBackground), and `keptUntil` is undefined.
   */
  keepInBackground?: boolean;
  /** Supplies the quota reservation instead of taking a new one (a job re-run reuses the unit its killed attempt held). */
  reserve?: () => Promise<Reservation>;
  /**
   * Called with a successful result before it is recorded; the returned function runs inside the
   * transaction that records the success and keeps the quota unit (a job file's outcome commits with it).
   */
  onSucceeded?: (result: EngineResult, conversionId: string) => Promise<(trx: Transaction<Database>) => Promise<void>>;
}

export interface ConvertOutcome {
  id: string;
  result: EngineResult;
  filename: string;
  quota: QuotaStatus;
  /** Present when classify was asked for and a classifier is installed. */
  classifications?: unknown[];
  /** Continuity across uploads, per statement that names its account (issue 18). */
  continuity?: StatementContinuity[];
  /** Until when the result is kept (ISO 8601), or null when the account keeps none; undefined when kept in the background. */
  keptUntil?: string | null;
}

/** The API's convert: the answer written where the file is read (no classification: it needs the rows here). */
export interface AnswerRequest extends Omit<ConvertRequest, 'classify' | 'keepInBackground' | 'onSucceeded'> {
  /** The JSON parts asked for (include=...). */
  json: Omit<JsonOptions, 'continuity'>;
  /**
   * The converter page's answer (held-answer.ts `page`): its id, file name, until when it is kept and the
   * quota, then the result as the page reads it (src/http/page-result.ts).
   */
  page?: boolean;
}

export interface AnsweredOutcome {
  id: string;
  /** The answer's bytes and headers (its `kept` copy is the service's, kept when it comes). */
  answer: HeldAnswer;
  filename: string;
  quota: QuotaStatus;
}

/** A job file's conversion (convertToStore): no answer, the result stored where it was read. */
export interface StoreRequest extends Omit<ConvertRequest, 'format' | 'classify' | 'keepInBackground' | 'onSucceeded' | 'writerOptions'> {
  /**
   * The result text, gzipped (services/jobs/result-text.ts), and the summary (no rows: `transaction_count`
   * is the result's) before the success is recorded; the returned function runs in that transaction.
   */
  onStored: (gzipped: Uint8Array, summary: EngineResult, conversionId: string) => Promise<(trx: Transaction<Database>) => Promise<void>>;
}

/** Where the service reports what it must not throw (pino's shape: the server passes its logger). */
export interface ServiceLog {
  warn(obj: Record<string, unknown>, msg: string): void;
}

/** Classification hook (installed by the classify feature): parallel to the transactions. */
export type Classifier = (accountId: string, result: EngineResult) => Promise<unknown[]>;
