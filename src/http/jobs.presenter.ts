// Shapes job answers: the created job, a file's result (the convert answer), and the archive of all
// results with its manifest. Each entry is written in a conversion process from the result as stored
// (the job's key goes with it; held-answer.ts answerStored), so the server never holds its rows: a
// 40,000-row result read back and written here took some 650 ms of the event loop in slices. The zip
// is made here: each entry's bytes reach it in pieces of at most 256 KB with the loop free between
// them (a 100,000-row result's JSON deflated in one piece held it 0.6 s). A result a person corrected
// (the web page's, from the account's kept result) is written here as before, its JSON a slice of rows
// at a time, XLSX in a conversion process.
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SideTasks } from '../adapters/converter.js';
import type { FastifyReply } from 'fastify';
import type { EngineResult } from '../engine/types.js';
import { isAppError } from '../errors.js';
import { safeStem, writerFor } from '../formats/index.js';
import type { WriterOptions } from '../formats/types.js';
import type { OutputFormat } from '../formats/index.js';
import { zipEntries, type ZipEntry } from '../formats/zip-out.js';
import { archiveJsonPieces } from './pretty-json.js';
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
  for (const piece of archiveJsonPieces(result)) yield Buffer.from(piece);
}

/** Where an archive's entries are written: a conversion process (the pool's side tasks), for the account. */
export type ArchiveTasks = Pick<SideTasks, 'answerStored' | 'write'>;

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
  tasks: ArchiveTasks,
  accountId: string,
  extra: ArchiveOptions = {},
): AsyncIterable<ZipEntry> {
  const manifest: Record<string, unknown>[] = [];
  for (const f of files) {
    const meta: Record<string, unknown> = presentJobFile(f);
    manifest.push(meta);
    if (f.status !== 'done') continue;
    const corrected = f.conversion_id && extra.corrected ? await extra.corrected(f.conversion_id) : null;
    if (corrected) {
      meta.corrected = true;
      meta.reconcile_status = corrected.reconcile_status;
    }
    const status = (corrected?.reconcile_status ?? f.reconcile_status) as EngineResult['reconcile_status'] | null;
    const mark = extra.markVerdicts && status ? (MARKS[status] ?? '') : '';
    const stem = safeStem(f.filename);
    let entry: { name: string; bytes: AsyncIterable<Uint8Array> | Iterable<Uint8Array> };
    try {
      entry = corrected
        ? correctedEntry(corrected, format, options, stem, now, tasks, accountId)
        : await storedEntry(service, job, f, key, format, options, stem, now, tasks, accountId);
    } catch (e) {
      // A result the format cannot hold (the writer's check: invalid_request) is listed, not written.
      if (!isAppError(e) || e.code !== 'invalid_request') throw e;
      meta.entry = null;
      meta.format_error = e.detail;
      continue;
    }
    meta.entry = `${pad(Number(f.idx))}-${mark}${entry.name}`;
    yield { name: meta.entry as string, bytes: paced(entry.bytes) };
  }
  const body = { job: presentJobSummary(job), format, files: manifest };
  yield { name: 'manifest.json', bytes: Readable.from([Buffer.from(JSON.stringify(body, null, 2) + '\n')]) };
}

/** A file's entry written in a conversion process from its result as stored: its name and its bytes as they come. */
async function storedEntry(
  service: JobService,
  job: JobRow,
  f: JobFileRow,
  key: string,
  format: OutputFormat,
  options: WriterOptions,
  stem: string,
  now: Date,
  tasks: ArchiveTasks,
  accountId: string,
) {
  const sealed = await service.sealedResult(job, f, key);
  const answer = await tasks.answerStored(
    { ...sealed, plan: { format, writerOptions: options, json: {}, stem, archiveEntry: true }, nowMs: now.getTime() },
    { accountId },
  );
  return { name: answer.fileName ?? `${stem}.json`, bytes: answer.body };
}

/** A corrected result's entry, written here (its rows came from the account's kept result). */
function correctedEntry(result: EngineResult, format: OutputFormat, options: WriterOptions, stem: string, now: Date, tasks: ArchiveTasks, accountId: string) {
  if (format === 'json') return { name: `${stem}.json`, bytes: jsonBytes(result) };
  const writer = writerFor(format);
  writer.check(result, options);
  const bytes = writer.offLoop
    ? once(() => tasks.write({ result, format: writer.format, options, stem, nowMs: now.getTime() }, { accountId }))
    : writer.write({ result, options, stem, now });
  return { name: writer.fileName(stem, result), bytes };
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
  tasks: ArchiveTasks,
  accountId: string,
  extra: ArchiveOptions = {},
): FastifyReply {
  reply.headers({
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="${job.id}-${format}.zip"`,
    'Cache-Control': 'no-store',
  });
  return reply.send(Readable.from(zipEntries(now, entries(service, job, files, key, format, options, now, tasks, accountId, extra))));
}
