// Shapes job answers: the created job, a file's result (the convert answer), and the archive of all
// results with its manifest.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { EngineResult } from '../engine/types.js';
import { isAppError } from '../errors.js';
import { safeStem, writerFor } from '../formats/index.js';
import type { OutputFormat, WriterOptions } from '../formats/types.js';
import { zipEntries, type ZipEntry } from '../formats/zip-out.js';
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

function jsonBytes(result: EngineResult, provenance = false): AsyncIterable<Uint8Array> {
  const body = {
    bank: result.bank,
    reconcile_status: result.reconcile_status,
    reconcile_diff: result.reconcile_diff,
    transaction_count: result.transactions.length,
    warnings: result.warnings,
    transactions: result.transactions,
    ...(provenance ? { provenance: result.provenance } : {}),
  };
  return Readable.from([Buffer.from(JSON.stringify(body, null, 2) + '\n')]);
}

async function* entries(
  service: JobService,
  job: JobRow,
  files: JobFileRow[],
  key: string,
  format: OutputFormat,
  options: WriterOptions,
  now: Date,
): AsyncIterable<ZipEntry> {
  const manifest: Record<string, unknown>[] = [];
  for (const f of files) {
    const meta: Record<string, unknown> = presentJobFile(f);
    manifest.push(meta);
    if (f.status !== 'done') continue;
    const result = await service.openResult(job, f, key);
    const stem = safeStem(f.filename);
    if (format === 'json') {
      meta.entry = `${pad(Number(f.idx))}-${stem}.json`;
      yield { name: meta.entry as string, bytes: jsonBytes(result) };
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
    meta.entry = `${pad(Number(f.idx))}-${writer.fileName(stem, result)}`;
    yield { name: meta.entry as string, bytes: writer.write({ result, options, stem, now }) };
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
): FastifyReply {
  reply.headers({
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="${job.id}-${format}.zip"`,
    'Cache-Control': 'no-store',
  });
  return reply.send(Readable.from(zipEntries(now, entries(service, job, files, key, format, options, now))));
}
