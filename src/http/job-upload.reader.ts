/// <reference types="@fastify/multipart" />
// Reads a job upload: up to 100 `file` parts (or ZIPs of statements), plus `bank`, `password` and `currency`.
// Each file is handed to the sink as soon as it is read (sealed and stored there), so at most one
// file is held in memory; the whole body must arrive within the request timeout, as for convert.
import type { FastifyError, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { FileSink } from '../services/jobs/job.service.js';
import { JOB_MAX_FILES } from '../services/jobs/job-limits.js';
import { cleanFilename, currencyField, gather, uploadError, withinRequestTimeout } from './upload.reader.js';

const MAX_FIELD_BYTES = 1024;
const mb = (n: number) => (n / 1048576).toFixed(1).replace(/\.0$/, '');

/** The job upload's errors: the shared upload errors, plus too many files. */
function jobUploadError(e: unknown, maxBytes: number): AppError {
  if ((e as FastifyError)?.code === 'FST_FILES_LIMIT') return new AppError('invalid_request', `A job holds at most ${JOB_MAX_FILES} statements.`);
  return uploadError(e, maxBytes);
}

export function readJobUpload(request: FastifyRequest, maxFileBytes: number, sink: FileSink): Promise<{ bank: string; password?: string; currency?: string }> {
  return withinRequestTimeout(request, readParts(request, maxFileBytes, sink), (e) => jobUploadError(e, maxFileBytes));
}

async function readParts(request: FastifyRequest, maxBytes: number, sink: FileSink): Promise<{ bank: string; password?: string; currency?: string }> {
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
      const bytes = await gather(part.file as AsyncIterable<Buffer>, Number(request.headers['content-length']), maxBytes);
      if (part.file.truncated || bytes.length > maxBytes)
        throw new AppError('file_too_large', `"${cleanFilename(part.filename).slice(0, 80)}" is over the ${mb(maxBytes)} MB limit of one statement.`);
      await sink(part.filename ?? 'statement', bytes);
    } else {
      if (part.valueTruncated)
        throw new AppError('invalid_request', `The form field "${cleanFilename(part.fieldname ?? '').slice(0, 40)}" is longer than ${MAX_FIELD_BYTES} bytes.`);
      if (part.fieldname) fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
    }
  }
  return { bank: (fields.bank ?? '').trim() || 'auto', password: fields.password || undefined, currency: currencyField(fields.currency) };
}
