// Shapes job answers: the created job, a file's result (the convert answer), and the archive of all
// results with its manifest. The archive is made on the server's event loop in small turns: each
// entry's bytes reach the zip in pieces of at most 256 KB with the loop free between them (a 100,000-row
// result's JSON deflated in one piece held it 0.6 s), its JSON is written a slice of rows at a time, and
// a format that declares offLoop (XLSX) is written in a conversion process.
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { WriteTask } from '../adapters/converter.js';
import type { FastifyReply } from 'fastify';
import type { EngineResult } from '../engine/types.js';
import { isAppError } from '../errors.js';
import { safeStem, writerFor } from '../formats/index.js';
import type { WriterOptions } from '../formats/types.js';
import type { OutputFormat } from '../formats/index.js';
import { zipEntries, type ZipEntry } from '../formats/zip-out.js';
import { prettyJsonPieces } from './pretty-json.js';
import type { CreatedJob, JobService } from '../services/jobs/job.service.js';
import { presentJobFile, presentJobSummary } from '../services/jobs/job-presenter.js';
import type { JobFileRow, JobRow } from '../store/job.repository.js';

export function presentCreated(c: CreatedJob) {
  return {
    id: c.job.id,
    status: 'queued' as const,
    created_at: c.job.created_at,
    expires_at: c.job.expires_at,
    files: c.files.map((f) => ({ index: Number(f.idx), filename: f.filename, status: 'queued' as const })),
    result_key: c.resultKey,
  };
}

const pad = (i: number) => String(i).padStart(3, '0');

// Bytes the zip deflates in one go (about 6 ms of JSON at level 6).
const PIECE_BYTES = 256 * 1024;

/** The bytes in pieces of at most PIECE_BYTES, each after a turn of the event loop (other requests run between them). */
async function* paced(bytes: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncIterable<Uint8Array> {
  for await (const chunk of bytes) {
    for (let at = 0; at < chunk.byteLength; at += PIECE_BYTES) {
      await nextTurn();
      yield chunk.subarray(at, at + PIECE_BYTES);
    }
  }
}

function* jsonBytes(result: EngineResult): Iterable<Uint8Array> {
  const body = {
    bank: result.bank,
    reconcile_status: result.reconcile_status,
    reconcile_diff: result.reconcile_diff,
    transaction_count: result.transactions.length,
    warnings: result.warnings,
    transactions: result.transactions,
  };
  for (const piece of prettyJsonPieces(body, 'transactions')) yield Buffer.from(piece);
  yield Buffer.from('\n');
}

/** Bytes made elsewhere, asked for only when the zip reaches the entry (so a failure is awaited where it happens). */
async function* once(make: () => Promise<Uint8Array>): AsyncIterable<Uint8Array> {
  yield await make();
}

/** How the web page's archive differs from the API's (the API's entry names and results stay as they were). */
export interface ArchiveOptions {
  /** A file's result as a person corrected it (its kept result), or null: the archive takes it instead of the result as read. */
  corrected?: (conversionId: string) => Promise<EngineResult | null>;
  /** Entry names say which statements need a look: CHECK- (the rows do not add up) and NOT-CHECKED- (nothing printed to check). */
  markVerdicts?: boolean;
}

const MARKS: Partial<Record<EngineResult['reconcile_status'], string>> = { RECONCILE_WARN: 'CHECK-', NO_BAL: 'NOT-CHECKED-' };

async function* entries(
  service: JobService,
  job: JobRow,
  files: JobFileRow[],
  key: string,
  format: OutputFormat,
  options: WriterOptions,
  now: Date,
  write?: (task: WriteTask) => Promise<Uint8Array>,
  extra: ArchiveOptions = {},
): AsyncIterable<ZipEntry> {
  const manifest: Record<string, unknown>[] = [];
  for (const f of files) {
    const meta: Record<string, unknown> = presentJobFile(f);
    manifest.push(meta);
    if (f.status !== 'done') continue;
    const corrected = f.conversion_id && extra.corrected ? await extra.corrected(f.conversion_id) : null;
    const result = corrected ?? (await service.openResult(job, f, key));
    if (corrected) {
      meta.corrected = true;
      meta.reconcile_status = corrected.reconcile_status;
    }
    const mark = extra.markVerdicts ? (MARKS[result.reconcile_status] ?? '') : '';
    const stem = safeStem(f.filename);
    if (format === 'json') {
      meta.entry = `${pad(Number(f.idx))}-${mark}${stem}.json`;
      yield { name: meta.entry as string, bytes: paced(jsonBytes(result)) };
      continue;
    }
    const writer = writerFor(format);
    try {
      writer.check(result, options);
    } catch (e) {
      meta.entry = null;
      meta.format_error = isAppError(e) ? e.detail : 'This result cannot be written in this format.';
      continue;
    }
    meta.entry = `${pad(Number(f.idx))}-${mark}${writer.fileName(stem, result)}`;
    const bytes =
      write && writer.offLoop
        ? once(() => write({ result, format: writer.format, options, stem, nowMs: now.getTime() }))
        : writer.write({ result, options, stem, now });
    yield { name: meta.entry as string, bytes: paced(bytes) };
  }
  const body = { job: presentJobSummary(job), format, files: manifest };
  yield { name: 'manifest.json', bytes: Readable.from([Buffer.from(JSON.stringify(body, null, 2) + '\n')]) };
}

export function sendArchive(
  reply: FastifyReply,
  service: JobService,
  job: JobRow,
  files: JobFileRow[],
  key: string,
  format: OutputFormat,
  options: WriterOptions,
  now: Date,
  write?: (task: WriteTask) => Promise<Uint8Array>,
  extra: ArchiveOptions = {},
): FastifyReply {
  reply.headers({
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="${job.id}-${format}.zip"`,
    'Cache-Control': 'no-store',
  });
  return reply.send(Readable.from(zipEntries(now, entries(service, job, files, key, format, options, now, write, extra))));
}
