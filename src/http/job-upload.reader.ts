/// <reference types="@fastify/multipart" />
// Reads a job upload: up to 100 `file` parts (or ZIPs of statements), plus `bank` and `password`.
// Each file is handed to the sink as soon as it is read (sealed and stored there), so at most one
// file is held in memory; the whole body must arrive within the request timeout, as for convert.
import type { FastifyError, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '../errors.js';
import type { FileSink } from '../services/jobs/job.service.js';
import { JOB_MAX_FILES } from '../services/jobs/job-limits.js';
import { fromFrameworkError } from './problem.js';
import { cleanFilename } from './upload.reader.js';

const MAX_FIELD_BYTES = 1024;
const mb = (n: number) => (n / 1048576).toFixed(1).replace(/\.0$/, '');

function uploadError(e: unknown, maxBytes: number): AppError {
  if (isAppError(e)) return e;
  const err = e as FastifyError;
  if (err?.code === 'FST_FILES_LIMIT') return new AppError('invalid_request', `A job holds at most ${JOB_MAX_FILES} statements.`);
  const mapped = fromFrameworkError(err, maxBytes);
  if (mapped && mapped.status < 500) return mapped;
  const msg = String((e as Error)?.message ?? '');
  if (/unexpected end|aborted|premature|ECONNRESET/i.test(msg + String((e as { code?: string })?.code ?? ''))) {
    return new AppError('invalid_request', 'The upload ended before the multipart body was complete (the connection was cut or the body truncated).');
  }
  return new AppError('invalid_request', `The multipart body could not be read${msg ? `: ${msg.slice(0, 120)}` : ''}.`);
}

export async function readJobUpload(request: FastifyRequest, maxFileBytes: number, sink: FileSink): Promise<{ bank: string; password?: string }> {
  const limitMs = (request.server.initialConfig as { requestTimeout?: number }).requestTimeout ?? 0;
  let timer: NodeJS.Timeout | undefined;
  const reading = readParts(request, maxFileBytes, sink);
  reading.catch(() => {});
  try {
    if (!limitMs) return await reading;
    const deadline = new Promise<never>((_, reject) => {
      const detail = `The upload was not received completely within ${Math.round(limitMs / 1000)} s, so it was stopped.`;
      timer = setTimeout(() => reject(new AppError('invalid_request', detail, { headers: { Connection: 'close' } })), limitMs);
    });
    return await Promise.race([reading, deadline]);
  } catch (e) {
    throw uploadError(e, maxFileBytes);
  } finally {
    clearTimeout(timer);
  }
}

async function readParts(request: FastifyRequest, maxBytes: number, sink: FileSink): Promise<{ bank: string; password?: string }> {
  if (!request.isMultipart()) throw new AppError('invalid_request', 'Send the statements as multipart/form-data with one or more "file" parts.');
  const fields: Record<string, string> = {};
  const parts = request.parts({ limits: { fileSize: maxBytes, files: JOB_MAX_FILES + 1, fields: 20, fieldSize: MAX_FIELD_BYTES, parts: JOB_MAX_FILES + 24 } });
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError(
          'invalid_request',
          `Unexpected file part "${cleanFilename(part.fieldname ?? '').slice(0, 40)}"; send each statement in a "file" part.`,
        );
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        chunks.push(chunk);
      }
      if (part.file.truncated || size > maxBytes)
        throw new AppError('file_too_large', `"${cleanFilename(part.filename).slice(0, 80)}" is over the ${mb(maxBytes)} MB limit of one statement.`);
      await sink(part.filename ?? 'statement', new Uint8Array(Buffer.concat(chunks, size)));
    } else {
      if (part.valueTruncated)
        throw new AppError('invalid_request', `The form field "${cleanFilename(part.fieldname ?? '').slice(0, 40)}" is longer than ${MAX_FIELD_BYTES} bytes.`);
      if (part.fieldname) fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
    }
  }
  return { bank: (fields.bank ?? '').trim() || 'auto', password: fields.password || undefined };
}
