/// <reference types="@fastify/multipart" />
// Reads the multipart upload as a stream: the 50 MB cap is enforced chunk by chunk, so an oversized
// upload is refused after at most 50 MB has been held, never buffered whole.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { Upload } from '../../services/conversion.service.js';

const MAX_FIELD_BYTES = 1024;

export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError('invalid_request', 'Send the statement as multipart/form-data with a "file" part.');
  const fields: Record<string, string> = {};
  let file: { bytes: Uint8Array; filename: string } | null = null;
  const mb = (n: number) => (n / 1048576).toFixed(1);
  for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 2, fields: 20, fieldSize: MAX_FIELD_BYTES, parts: 24 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError('invalid_request', `Unexpected file part "${part.fieldname.slice(0, 40)}"; send the statement in the "file" part.`);
      }
      if (file) {
        part.file.resume();
        throw new AppError('invalid_request', 'Send exactly one file part.');
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        chunks.push(chunk);
      }
      if (part.file.truncated || size > maxBytes) {
        const declared = Number(request.headers['content-length']);
        const shown = Number.isFinite(declared) && declared > maxBytes ? `about ${mb(declared)} MB` : `over ${mb(maxBytes)} MB`;
        throw new AppError('file_too_large', `The file is ${shown}; the limit is ${mb(maxBytes).replace(/\.0$/, '')} MB.`);
      }
      file = { bytes: new Uint8Array(Buffer.concat(chunks, size)), filename: part.filename || 'statement' };
    } else {
      if (part.valueTruncated) throw new AppError('invalid_request', `The form field "${part.fieldname.slice(0, 40)}" is longer than ${MAX_FIELD_BYTES} bytes.`);
      fields[part.fieldname] = String(part.value ?? '');
    }
  }
  if (!file) throw new AppError('invalid_request', 'The form has no "file" part.');
  const bank = (fields.bank ?? '').trim() || 'auto';
  return { bytes: file.bytes, filename: file.filename, bank, password: fields.password || undefined };
}
