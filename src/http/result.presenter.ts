// Shapes a conversion outcome into the HTTP answer: the JSON result of the contract, or a file with
// the verdict in headers (a file cannot carry it).
import { Readable } from 'node:stream';
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { payeesOf } from '../engine/payees/index.js';
import { proofOf } from '../engine/proof.js';
import type { ConversionResult, EngineResult } from '../engine/types.js';
import type { JsonPart } from './json-parts.js';
import { safeStem, writerFor } from '../formats/index.js';
import { fitIds, ofxAccountId } from '../formats/ofx-ids.js';
import type { StatementContinuity } from '../services/continuity.service.js';
import type { WriterOptions } from '../formats/types.js';
import type { FileFormat } from '../formats/index.js';
import type { RenderedFile, WriteTask } from '../adapters/converter.js';
import type { HeldAnswer } from '../adapters/held-answer.js';
import { importNotesHeader } from '../formats/import-checks.js';
import { verdictHeaders } from '../formats/verdict-headers.js';
import type { ConvertOutcome } from '../services/conversion.types.js';
import type { QuotaStatus } from '../services/quota.service.js';
import { quotaHeaders } from '../services/quota.service.js';
import { resultJsonPieces } from './result.serializer.js';

/** The parts a JSON result adds on request (src/http/json-parts.ts), and the continuity the service found. */
export interface JsonOptions {
  provenance?: boolean;
  /** Add `payees`, parallel to transactions (the nine transaction fields stay as they are). */
  payees?: boolean;
  /** Add `ids`: the stable id of every row (the OFX/QBO FITIDs), parallel to transactions. */
  ids?: boolean;
  /** Add `integrity`: the integrity signals of a PDF (none for other inputs). */
  integrity?: boolean;
  /** Add `proof`: the equations between printed figures the verdict rests on. */
  proof?: boolean;
  /** Continuity across uploads (the conversion service's), shown when the statement names its account. */
  continuity?: StatementContinuity[];
}

/** The JSON options of the parts `include` asked for. */
export const jsonOptionsOf = (wants: Set<JsonPart>): JsonOptions => ({
  provenance: wants.has('provenance'),
  payees: wants.has('payees'),
  ids: wants.has('ids'),
  integrity: wants.has('integrity'),
  proof: wants.has('proof'),
});

/** The contract's JSON result: its six fields, `statements` when the engine knows them, plus provenance / payees / classifications when asked for. */
export function presentResult(result: EngineResult, opts: JsonOptions = {}, classifications?: unknown[]): ConversionResult & Record<string, unknown> {
  const out: ConversionResult & Record<string, unknown> = {
    bank: result.bank,
    reconcile_status: result.reconcile_status,
    reconcile_diff: result.reconcile_diff,
    transaction_count: result.transactions.length,
    warnings: result.warnings,
    transactions: result.transactions,
  };
  // Statements inside the file (structured inputs today; issue 18 extends it to PDFs and CSVs).
  if (result.statements) out.statements = result.statements;
  if (opts.continuity) out.continuity = opts.continuity;
  if (opts.integrity) out.integrity = result.integrity ?? { level: 'none', signals: [] };
  if (opts.proof) out.proof = proofOf(result);
  // (In the schema's order: result.serializer.ts writes the body with JSON.stringify when it matches the schema's.)
  if (opts.ids) out.ids = fitIds(result, ofxAccountId(result, result.meta.currency || 'XXX'));
  if (opts.provenance) out.provenance = result.provenance;
  if (opts.payees) out.payees = result.payees?.length === result.transactions.length ? result.payees : payeesOf(result.transactions);
  if (classifications) out.classifications = classifications;
  // A person's corrections travel with the result wherever it goes (never an include part: a corrected
  // result must not read as the statement untouched).
  if (result.corrections?.length) out.corrections = result.corrections;
  return out;
}

export { verdictHeaders };

/** Sends a conversion result as the route's JSON: the schema's bytes, made faster where they can be (result.serializer.ts). */
export function sendResult(reply: FastifyReply, body: Record<string, unknown>): FastifyReply {
  const schemaJson = reply.getSerializationFunction('200', 'application/json');
  if (!schemaJson) return reply.send(body);
  const json = (value: unknown) => schemaJson(value as Record<string, unknown>);
  reply.type('application/json; charset=utf-8');
  const pieces = resultJsonPieces(body, json);
  const first = pieces.next();
  const second = first.done ? first : pieces.next();
  // One piece: sent as a string (with its length). More: streamed, and other work (requests, timers,
  // the socket) runs between pieces: a stream that does not wait for the socket hands the pieces on
  // in one run of microtasks.
  if (second.done) return reply.send(first.value ?? '');
  return reply.send(
    Readable.from(
      (async function* () {
        yield first.value;
        yield second.value;
        for (const piece of pieces) {
          await setImmediatePromise();
          yield piece;
        }
      })(),
      { objectMode: false },
    ),
  );
}

function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A file answer. With `write` (a conversion process's writer: the convert route), a format that
 * declares `offLoop` is written there and sent whole; otherwise it is written here and streamed.
 */
export async function sendFile(
  reply: FastifyReply,
  outcome: Pick<ConvertOutcome, 'result' | 'filename' | 'quota'>,
  format: FileFormat,
  options: WriterOptions,
  now: Date,
  write?: (task: WriteTask) => Promise<Uint8Array>,
): Promise<FastifyReply> {
  const writer = writerFor(format);
  const { result } = outcome;
  const stem = safeStem(outcome.filename);
  const bytes = write && writer.offLoop ? await write({ result, format, options, stem, nowMs: now.getTime() }) : null;
  reply.headers({
    ...verdictHeaders(result),
    ...importNotesHeader(writer, result, options),
    ...quotaHeaders(outcome.quota),
    'Content-Type': writer.contentTypeFor(result),
    'Content-Disposition': contentDisposition(writer.fileName(stem, result)),
    'Cache-Control': 'no-store',
  });
  if (bytes) return reply.send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return reply.send(Readable.from(writer.write({ result, options, stem, now })));
}

/**
 * An answer written in a conversion process (src/adapters/held-answer.ts), with the headers sendFile and
 * sendResult give: one piece is sent with its length; a longer answer streams its pieces as they come.
 */
export async function sendAnswer(reply: FastifyReply, answer: HeldAnswer, quota?: QuotaStatus): Promise<FastifyReply> {
  reply.headers({ ...answer.headers, ...(quota ? quotaHeaders(quota) : {}), 'Content-Type': answer.contentType });
  if (answer.fileName !== undefined) reply.headers({ 'Content-Disposition': contentDisposition(answer.fileName), 'Cache-Control': 'no-store' });
  const pieces = answer.body[Symbol.asyncIterator]();
  const first = await pieces.next();
  const second = first.done ? first : await pieces.next();
  const buffer = (p: Uint8Array) => Buffer.from(p.buffer, p.byteOffset, p.byteLength);
  if (second.done) return reply.send(first.done ? Buffer.alloc(0) : buffer(first.value));
  return reply.send(
    Readable.from(
      (async function* () {
        yield buffer(first.value as Uint8Array);
        yield buffer(second.value);
        for (let p = await pieces.next(); !p.done; p = await pieces.next()) yield buffer(p.value);
      })(),
      { objectMode: false },
    ),
  );
}

/** A file written in a conversion process (the web page's render), with the same headers as sendFile. */
export function sendRendered(reply: FastifyReply, file: RenderedFile, quota: QuotaStatus): FastifyReply {
  reply.headers({
    ...file.headers,
    ...quotaHeaders(quota),
    'Content-Type': file.contentType,
    'Content-Disposition': contentDisposition(file.fileName),
    'Cache-Control': 'no-store',
  });
  return reply.send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}
