// Where conversions run. The server uses a pool of child processes so a heavy or hostile file never
// blocks the event loop and its memory is bounded; the CLI and some tests run the engine in-process.
import type { PayeeRuleInput } from '../engine/types.js';
import type { Classification, ClassifyRow, UserRule } from '../engine/classify/index.js';
import type { ConvertOptions, EngineResult } from '../engine/types.js';
import type { WriterOptions } from '../formats/types.js';
import type { FileFormat } from '../formats/index.js';
import type { AnswerOrders, AnswerPlan, HeldAnswer, KeptAnswerTask, StoredAnswerTask } from './held-answer.js';

export interface ConverterStats {
  /** Conversions running in workers. */
  running: number;
  /** Conversions waiting for a worker. */
  queued: number;
}

/** Who a job is for: the pool caps and queues work per account. Without it, jobs share one anonymous account. */
export interface JobInfo {
  accountId?: string;
}

export interface Converter {
  /** May take the bytes over (the pool moves large uploads to its worker): read what you need first. */
  convert(bytes: Uint8Array, opts: ConvertOptions, job?: JobInfo): Promise<EngineResult>;
  stats(): ConverterStats;
  /** Waits for running conversions, then stops. */
  close(): Promise<void>;
}

/** What crosses the worker boundary: AppErrors do not survive structured cloning, so they travel as data. */
export type WorkerReply =
  | { ok: true; result: EngineResult }
  | { ok: false; code: string; detail: string; /** Set when the task ran out of memory (logged by the pool). */ reason?: 'memory' };

/** Classification of transactions with an account's rules (user-supplied patterns, so it runs where conversions run). */
export interface ClassifyTask {
  transactions: ClassifyRow[];
  rules: UserRule[];
}

/** The converter page's JSON body (up to 100,000 rows), parsed, validated and written as a file off the event loop. */
export interface RenderTask {
  json: Uint8Array;
  format: FileFormat;
  /** The writer options the page chose (date order, Sage codes, QBO bank id). */
  options?: WriterOptions;
  nowMs: number;
  /** The account's payee rules, for the formats that print a payee. */
  payeeRules?: PayeeRuleInput[];
}

/**
 * An API file answer written from a finished result (after continuity has added its warnings and the
 * account keys), off the event loop: a 100,000-row XLSX took about 5 s to write there, with pauses of
 * 0.5-0.8 s.
 */
export interface WriteTask {
  result: EngineResult;
  format: FileFormat;
  options: WriterOptions;
  stem: string;
  nowMs: number;
}

/**
 * A person's corrections to a kept result (src/web/corrections.ts): the page's rows applied and checked
 * off the event loop, on the kept texts as the server unsealed them (result-text.ts, gzipped).
 */
export interface CorrectTask {
  /** The kept result as converted. */
  original: Uint8Array;
  /** The corrected copy saved before, if any (a correction still the same keeps its time). */
  corrected: Uint8Array | null;
  /** The page's JSON body: the rows now, each naming its row as read. */
  json: Uint8Array;
  nowMs: number;
}

/** The corrected copy to keep (its text gzipped, for the server to seal), or none when the rows are as read again. */
export interface CorrectedText {
  saved: { text: Uint8Array; rows: number; status: EngineResult['reconcile_status'] } | null;
  /** The verdict as converted (the answer's when nothing is saved). */
  originalStatus: EngineResult['reconcile_status'];
}

export interface RenderedFile {
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
  /** The verdict headers (X-Reconcile-Status and friends). */
  headers: Record<string, string>;
}

export type SideReply<T> = { ok: true; value: T } | { ok: false; code: string; detail: string; reason?: 'memory' };

/** Work besides conversion whose cost the client controls; the pool runs it under the same limits. */
export interface SideTasks {
  classify(task: ClassifyTask, job?: JobInfo): Promise<Classification[]>;
  render(task: RenderTask, job?: JobInfo): Promise<RenderedFile>;
  /** The file's bytes. */
  write(task: WriteTask, job?: JobInfo): Promise<Uint8Array>;
  /** A job file's stored result answered where it is opened (held-answer.ts): its bytes streamed, nothing kept. */
  answerStored(task: StoredAnswerTask, job?: JobInfo): Promise<HeldAnswer>;
  /** A kept result's texts (unsealed by the server) answered where they are parsed (held-answer.ts): its bytes streamed. */
  answerKept(task: KeptAnswerTask, job?: JobInfo): Promise<HeldAnswer>;
  /** The kept result as corrected, or null when the rows are as read again. */
  correct(task: CorrectTask, job?: JobInfo): Promise<CorrectedText>;
  /** Null when a classify rule pattern is acceptable, else the reason (compiles it, so not on the event loop). */
  checkRule(pattern: string, job?: JobInfo): Promise<string | null>;
}

/**
 * The API's answer written where the file is read (src/adapters/held-answer.ts): the converter reads the
 * file and holds the result, `between` gets its summary (no rows but their dates) and returns what the
 * server found (continuity), then the same place writes the answer and the kept copy.
 */
export interface AnsweringConverter {
  convertAnswered(
    bytes: Uint8Array,
    opts: ConvertOptions,
    plan: AnswerPlan,
    between: (summary: EngineResult) => Promise<AnswerOrders>,
    job?: JobInfo,
  ): Promise<HeldAnswer>;
}

export const isAnswering = (c: unknown): c is AnsweringConverter => typeof (c as AnsweringConverter)?.convertAnswered === 'function';

export const hasSideTasks = (c: unknown): c is SideTasks =>
  typeof (c as SideTasks)?.classify === 'function' &&
  typeof (c as SideTasks)?.render === 'function' &&
  typeof (c as SideTasks)?.write === 'function' &&
  typeof (c as SideTasks)?.answerStored === 'function' &&
  typeof (c as SideTasks)?.answerKept === 'function' &&
  typeof (c as SideTasks)?.correct === 'function' &&
  typeof (c as SideTasks)?.checkRule === 'function';
