// The API's answer written where the statement was read. The conversion process reads the file, keeps
// the result (held) and hands the server a summary: the result without its rows, but each row's date
// and currency, which is all continuity reads. The server looks up continuity (its database), sends
// back what it found (account keys, warnings), and the same process writes the answer (JSON or a file)
// and the kept copy (the result text, gzipped). The server then only passes bytes on: it never holds the
// rows as objects, so a 100,000-row result no longer crosses its event loop twice (hostile input III,
// finding 7) and a large upload's answer is held once, as bytes (issue 49's memory peak).
// Used by convert.worker.mjs (in a conversion process) and by the in-process converter (CLI, tests).
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { ConvertOptions, EngineResult, Transaction, Warning } from '../engine/types.js';
import type { AnsweringConverter, Converter, JobInfo } from './converter.js';
import { importNotesHeader } from '../formats/import-checks.js';
import { writerFor, type OutputFormat } from '../formats/index.js';
import { pickStatement } from '../formats/per-account.js';
import type { WriterOptions } from '../formats/types.js';
import { verdictHeaders } from '../formats/verdict-headers.js';
import { presentResult, type JsonOptions } from '../http/result.presenter.js';
import { resultSchemaJson } from '../http/result-schema-json.js';
import { resultJsonPieces } from '../http/result.serializer.js';
import { archiveJsonPieces } from '../http/pretty-json.js';
import { keptForPage, pageResult } from '../http/page-result.js';
import type { KeptCorrected, KeptOriginal } from '../services/kept-results.service.js';
import type { StatementContinuity } from '../services/continuity.service.js';
import { resultFromText, resultToText } from '../services/jobs/result-text.js';
import { openWithResultKey } from '../services/jobs/sealing.js';
import { statementIdentities } from '../engine/statements/stable-ids.js';

const zip = promisify(gzip);
const unzip = promisify(gunzip);

/** What the answer is to be, known before the file is read. */
export interface AnswerPlan {
  format: OutputFormat;
  writerOptions: WriterOptions;
  /** The JSON parts asked for (include=...); continuity is found between the two steps. */
  json: Omit<JsonOptions, 'continuity'>;
  /** The upload's name made safe, without its extension: a file answer's name. */
  stem: string;
  /**
   * No answer, only the stored text (a job file's result): the tail's gzipped result text is all that is
   * made, and the orders must ask for it (`keep`).
   */
  storeOnly?: boolean;
  /** A job archive's entry: JSON is the archive's (src/http/pretty-json.ts archiveJsonPieces), not the API's answer. */
  archiveEntry?: boolean;
  /** The converter page's answer: the orders' `envelope`, then `result` as the page reads it (src/http/page-result.ts). */
  page?: boolean;
}

/** What the server found between reading and answering. */
export interface AnswerOrders {
  /** The salted account keys of the statements (stable ids), when one names its account. */
  accountKeys?: (string | null)[];
  /** Warnings continuity adds (continuity_gap, statement_overlap). */
  warnings: Warning[];
  continuity?: StatementContinuity[];
  /** Write the kept copy too (the account keeps results). */
  keep: boolean;
  /** Now, ms since the epoch (OFX and QBO print when the file was made). */
  nowMs: number;
  /** The page's answer: what the server writes before the result (id, file name, kept until, quota). */
  envelope?: Record<string, unknown>;
}

/** The answer as the server sends it. */
export interface HeldAnswer {
  contentType: string;
  /** A file answer's name (Content-Disposition); absent for JSON. */
  fileName?: string;
  /** A file answer's verdict and import-note headers (a file cannot carry the verdict). */
  headers: Record<string, string>;
  /** The answer's bytes, in pieces of PIECE_BYTES (the last one shorter), as they are made. */
  body: AsyncIterable<Uint8Array>;
  /**
   * The kept copy, made once the answer's bytes are written: the result text
   * (services/jobs/result-text.ts) gzipped, for the server to seal; undefined when none was asked for
   * or it could not be made (the answer stands).
   */
  kept: Promise<Uint8Array | undefined>;
}

/** What the conversion process sends once the answer's bytes are out. */
export interface AnswerTail {
  kept?: Uint8Array;
}

/** A result held between the two steps, and the summary the server gets of it. */
export interface Held {
  result: EngineResult;
  plan: AnswerPlan;
  summary: EngineResult;
}

/**
 * A job file's stored result, answered where it is opened (a job file's download): the result as stored
 * (gzipped result text sealed to the job's key) and the key the client sent, so the server never holds
 * the rows (a 100,000-row Xero file written in the server held /healthz 170 ms).
 */
export interface StoredAnswerTask {
  /** The sealed result as stored. */
  bytes: Uint8Array;
  /** The job's result key (X-Job-Key), already checked by the server. */
  resultKey: string;
  jobId: string;
  /** The result's sealing context (job-runner.ts resultContext). */
  context: string;
  plan: AnswerPlan;
  nowMs: number;
  /** The page's answer (plan.page): its fields before the result. */
  envelope?: Record<string, unknown>;
}

/** The stored result opened and answered as planned (nothing added, nothing kept). */
export async function answerStored(task: StoredAnswerTask): ReturnType<typeof answerHeld> {
  const text = await unzip(openWithResultKey(task.resultKey, task.jobId, task.bytes, task.context));
  const result = await resultFromText<EngineResult>(text);
  return answerHeld(holdResult(result, task.plan), { warnings: [], keep: false, nowMs: task.nowMs, envelope: task.envelope });
}

/**
 * A kept result answered where it is read: the server unseals the stored texts (the deployment's key
 * never leaves it) and sends them gzipped; this side parses the rows and writes the answer. Either the
 * converter page's view (`page`: its fields first, then the rows as read and the corrections saved to
 * them) or the current result (as corrected, when it was) as `plan` says.
 */
export interface KeptAnswerTask {
  original: Uint8Array;
  corrected: Uint8Array | null;
  page?: { envelope: Record<string, unknown>; meta: { expires_at: string; corrected_at: string | null } };
  plan?: AnswerPlan;
  nowMs: number;
}

export async function answerKept(task: KeptAnswerTask): ReturnType<typeof answerHeld> {
  const original = await resultFromText<KeptOriginal>(await unzip(task.original));
  const corrected = task.corrected ? await resultFromText<KeptCorrected>(await unzip(task.corrected)) : null;
  if (task.page) {
    const body = JSON.stringify({ ...task.page.envelope, ...keptForPage({ meta: task.page.meta, original, corrected }) });
    return { value: { contentType: 'application/json; charset=utf-8', headers: {} }, pieces: inPieces(textPieces([body])), tail: () => Promise.resolve({}) };
  }
  const { continuity, ...read } = original;
  const result: EngineResult = corrected ? (({ row_keys: _k, ...r }) => r)(corrected) : read;
  return answerHeld(holdResult(result, task.plan!), { warnings: [], keep: false, nowMs: task.nowMs, continuity });
}

/** Bytes a piece of the answer holds when it crosses to the server (one IPC message each). */
export const PIECE_BYTES = 1 << 20;

/**
 * The result as the answer will show it (a file format: the statement asked for), checked against the
 * format before anything is kept or counted, with the summary the server gets. The summary's rows carry
 * only Date and Currency (continuity's period and overlaps, the account identity's currency), and only
 * the first when no statement names its account; they are not the result's rows and must not be shown
 * (`transaction_count` is the result's).
 */
export function holdResult(read: EngineResult, plan: AnswerPlan): Held {
  const writer = plan.format === 'json' ? null : writerFor(plan.format);
  const result = writer ? pickStatement(read, plan.writerOptions.statement) : read;
  writer?.check(result, plan.writerOptions);
  // Continuity reads the rows' dates only for a statement that names its account; otherwise the first
  // row's currency is all it reads (the account identity's fallback currency).
  const named = statementIdentities(result).some((id) => id !== null);
  const rows = named ? result.transactions : result.transactions.slice(0, 1);
  const summary: EngineResult = {
    ...result,
    warnings: [...result.warnings],
    transactions: rows.map((t) => ({ Date: t.Date, Currency: t.Currency }) as Transaction),
    provenance: [],
    payees: undefined,
    proof: undefined,
    integrity: undefined,
    sourceIds: undefined,
    corrections: undefined,
  };
  return { result, plan, summary };
}

/**
 * The answer to the held result with the server's orders applied: its headers, its bytes as pieces made
 * as they are taken (the conversion process sends each as it is made), and its tail, the kept copy,
 * made after the last piece so it never delays the answer.
 */
export async function answerHeld(
  held: Held,
  orders: AnswerOrders,
): Promise<{ value: Omit<HeldAnswer, 'body' | 'kept'>; pieces: AsyncIterable<Uint8Array>; tail: () => Promise<AnswerTail> }> {
  const { result, plan } = held;
  if (orders.accountKeys) result.accountKeys = orders.accountKeys;
  result.warnings.push(...orders.warnings);
  const tail = async (): Promise<AnswerTail> => {
    if (!orders.keep) return {};
    try {
      return { kept: await zip(await resultToText(orders.continuity ? { ...result, continuity: orders.continuity } : result)) };
    } catch {
      // (The answer is out and stands; the service says the result is not kept.)
      return {};
    }
  };
  if (plan.storeOnly) return { value: { contentType: 'application/gzip', headers: {} }, pieces: inPieces([]), tail };
  if (plan.page) {
    // (Written whole: this is the conversion process, whose time no other request waits for; the bytes
    // still cross in pieces.)
    const body = JSON.stringify({ ...orders.envelope, result: pageResult(result, orders.continuity) });
    return { value: { contentType: 'application/json; charset=utf-8', headers: {} }, pieces: inPieces(textPieces([body])), tail };
  }
  if (plan.format === 'json' && plan.archiveEntry) {
    return { value: { contentType: 'application/json; charset=utf-8', headers: {} }, pieces: inPieces(textPieces(archiveJsonPieces(result))), tail };
  }
  if (plan.format === 'json') {
    const body = presentResult(result, { ...plan.json, continuity: orders.continuity });
    return {
      value: { contentType: 'application/json; charset=utf-8', headers: {} },
      pieces: inPieces(textPieces(resultJsonPieces(body, resultSchemaJson))),
      tail,
    };
  }
  const writer = writerFor(plan.format);
  const now = new Date(orders.nowMs);
  return {
    value: {
      contentType: writer.contentTypeFor(result),
      fileName: writer.fileName(plan.stem, result),
      headers: { ...verdictHeaders(result), ...importNotesHeader(writer, result, plan.writerOptions) },
    },
    pieces: inPieces(writer.write({ result, options: plan.writerOptions, stem: plan.stem, now })),
    tail,
  };
}

async function* textPieces(texts: Iterable<string>): AsyncGenerator<Uint8Array> {
  for (const t of texts) yield Buffer.from(t, 'utf8');
}

/**
 * The chunks as pieces of PIECE_BYTES (the last one shorter): small chunks gathered, large ones (an XLSX
 * is made whole) cut, so each crossing is one message of about a megabyte.
 */
async function* inPieces(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let parts: Uint8Array[] = [];
  let size = 0;
  for await (let c of chunks) {
    while (c.length) {
      const take = Math.min(c.length, PIECE_BYTES - size);
      parts.push(take === c.length ? c : c.subarray(0, take));
      size += take;
      c = c.subarray(take);
      if (size === PIECE_BYTES) {
        yield parts.length === 1 ? parts[0] : Buffer.concat(parts, size);
        parts = [];
        size = 0;
      }
    }
  }
  if (size) yield parts.length === 1 ? parts[0] : Buffer.concat(parts, size);
}

/**
 * A converter that returns results (the in-process engine, a test's stub) as one that answers: the same
 * two steps on this thread.
 */
export function answering(converter: Pick<Converter, 'convert'>): AnsweringConverter {
  return {
    async convertAnswered(bytes: Uint8Array, opts: ConvertOptions, plan: AnswerPlan, between: (summary: EngineResult) => Promise<AnswerOrders>, job?: JobInfo) {
      const held = holdResult(await converter.convert(bytes, opts, job), plan);
      const { value, pieces, tail } = await answerHeld(held, await between(held.summary));
      // (The kept copy is made at once here, so it comes even when the answer is abandoned: the
      // account's reads of kept results wait for it.)
      return { ...value, body: pieces, kept: tail().then((t) => t.kept) };
    },
  };
}
