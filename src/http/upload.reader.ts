/// <reference types="@fastify/multipart" />
// Reads the multipart upload as a stream: the cap (config.maxUploadBytes, 50 MB by default) is enforced
// chunk by chunk, so an oversized upload is refused after at most the cap has been held, never buffered whole.
import type { FastifyError, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '../errors.js';
import { statedCurrency } from '../engine/currencies.js';
import type { Upload } from '../services/conversion.types.js';
import { fromFrameworkError } from './problem.js';

const MAX_FIELD_BYTES = 1024;

/**
 * The stored and echoed file name: the last path segment (busboy already drops directories), without
 * control or bidirectional-override characters (terminal escapes, "evil\u202Egpj.exe"), at most 255.
 */
export function cleanFilename(name: string | undefined): string {
  const base = (name ?? '').replace(/\\/g, '/').split('/').pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim()
    .slice(0, 255);
  return clean || 'statement';
}

/** Every failure while reading the body becomes a contract error, so the failed conversion is recorded with it (never internal_error). */
export function uploadError(e: unknown, maxBytes: number): AppError {
  if (isAppError(e)) return e;
  const mapped = fromFrameworkError(e as FastifyError, maxBytes);
  if (mapped && mapped.status < 500) return mapped;
  const msg = String((e as Error)?.message ?? '');
  if (/unexpected end|aborted|premature|ECONNRESET/i.test(msg + String((e as { code?: string })?.code ?? ''))) {
    return new AppError('invalid_request', 'The upload ended before the multipart body was complete (the connection was cut or the body truncated).');
  }
  return new AppError('invalid_request', `The multipart body could not be read${msg ? `: ${msg.slice(0, 120)}` : ''}.`);
}

/**
 * Reads the upload within the server's request timeout (config.requestTimeoutMs). Node's own
 * requestTimeout does not cut a body that a route is already consuming, so a client sending one byte
 * a second would hold the request (and its quota reservation) for ever; here it gets 400 and the
 * connection is closed.
 */
export function readUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  return withinRequestTimeout(request, readParts(request, maxBytes), (e) => uploadError(e, maxBytes));
}

/** Awaits a body being read, cut at the server's request timeout; every failure goes through `toError`. */
export async function withinRequestTimeout<T>(request: FastifyRequest, reading: Promise<T>, toError: (e: unknown) => AppError): Promise<T> {
  // Fastify keeps requestTimeout in initialConfig at run time; its type leaves it out.
  const limitMs = (request.server.initialConfig as { requestTimeout?: number }).requestTimeout ?? 0;
  let timer: NodeJS.Timeout | undefined;
  reading.catch(() => {}); // after a timeout nobody awaits it; the closed socket ends it
  try {
    if (!limitMs) return await reading;
    const deadline = new Promise<never>((_, reject) => {
      // Connection: close makes Node end the socket after the answer instead of draining the rest.
      const detail = `The upload was not received completely within ${Math.round(limitMs / 1000)} s, so it was stopped.`;
      timer = setTimeout(() => reject(new AppError('invalid_request', detail, { headers: { Connection: 'close' } })), limitMs);
    });
    return await Promise.race([reading, deadline]);
  } catch (e) {
    throw toError(e);
  } finally {
    clearTimeout(timer);
  }
}

async function readParts(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError('invalid_request', 'Send the statement as multipart/form-data with a "file" part.');
  const fields: Record<string, string> = {};
  let file: { bytes: Uint8Array; filename: string } | null = null;
  const mb = (n: number) => (n / 1048576).toFixed(1);
  for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 2, fields: 20, fieldSize: MAX_FIELD_BYTES, parts: 24 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') {
        part.file.resume();
        const name = cleanFilename(part.fieldname ?? '').slice(0, 40);
        throw new AppError(
          'invalid_request',
          part.fieldname
            ? `Unexpected file part "${name}"; send the statement in the "file" part.`
            : 'A file part has no field name; send the statement in the "file" part.',
        );
      }
      if (file) {
        part.file.resume();
        throw new AppError('invalid_request', 'Send exactly one file part.');
      }
      const declared = Number(request.headers['content-length']);
      const bytes = await gather(part.file as AsyncIterable<Buffer>, declared, maxBytes);
      if (part.file.truncated || bytes.length > maxBytes) {
        const shown = Number.isFinite(declared) && declared > maxBytes ? `about ${mb(declared)} MB` : `over ${mb(maxBytes)} MB`;
        throw new AppError('file_too_large', `The file is ${shown}; the limit is ${mb(maxBytes).replace(/\.0$/, '')} MB.`);
      }
      file = { bytes, filename: cleanFilename(part.filename) };
    } else {
      if (part.valueTruncated)
        throw new AppError('invalid_request', `The form field "${cleanFilename(part.fieldname ?? '').slice(0, 40)}" is longer than ${MAX_FIELD_BYTES} bytes.`);
      if (part.fieldname) fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
    }
  }
  if (!file) throw new AppError('invalid_request', 'The form has no "file" part.');
  const bank = (fields.bank ?? '').trim() || 'auto';
  return { bytes: file.bytes, filename: file.filename, bank, password: fields.password || undefined, currency: currencyField(fields.currency) };
}

/**
 * The optional `currency` form field: an ISO 4217 code (any case), or nothing; anything else is refused
 * before a conversion starts, as an unknown bank is.
 */
export function currencyField(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  const code = statedCurrency(value);
  if (!code)
    throw new AppError('invalid_request', `The "currency" field must be an ISO 4217 code such as GBP, EUR or ZAR; "${value.slice(0, 12)}" is not one.`);
  return code;
}

/** Smallest buffer a body without a length starts with, bytes (doubled as it fills). */
const FIRST_BUFFER = 64 * 1024;

/**
 * A file part's bytes in one buffer of its own, held once. The body's Content-Length bounds the file,
 * so the buffer is allocated once at that size (at most the cap) and every chunk is copied in as it
 * arrives and let go: gathering the chunks and concatenating them held the upload twice (100 MB for a
 * 50 MB file). The buffer is zero-filled memory the kernel maps as it is written, so a body that
 * declares 50 MB and sends little costs what it sent, not what it declared. Without a length (a
 * chunked body) the buffer doubles as it fills. A buffer much larger than the file (a small file in a
 * long body, or one of a job's many files) is cut to the file's size.
 */
export async function gather(chunks: AsyncIterable<Uint8Array>, declared: number, maxBytes: number): Promise<Uint8Array> {
  let buf = new Uint8Array(Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, maxBytes) : Math.min(FIRST_BUFFER, maxBytes));
  let size = 0;
  for await (const chunk of chunks) {
    if (size + chunk.length > buf.length) {
      const grown = new Uint8Array(Math.max(size + chunk.length, Math.min(buf.length * 2, maxBytes)));
      grown.set(buf.subarray(0, size));
      buf = grown;
    }
    buf.set(chunk, size);
    size += chunk.length;
  }
  return size * 2 < buf.length ? buf.slice(0, size) : buf.subarray(0, size);
}
