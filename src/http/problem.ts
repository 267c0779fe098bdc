// Turns every error into application/problem+json from the one code table. Unknown errors are
// logged with the request id and answered as a bare 500.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError, toProblem } from '../errors.js';
import { megabytes } from './sizes.js';

const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

/** Limit of non-multipart bodies (a classify request of 10,000 transactions fits), in bytes. */
export const JSON_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/** Maps framework and plugin errors (validation, multipart, body limits) onto contract codes. */
export function fromFrameworkError(err: FastifyError, maxUploadBytes: number): AppError | null {
  if (err.validation) {
    const first = err.validation[0];
    const where = err.validationContext ?? 'request';
    const field = first?.instancePath ? first.instancePath.replace(/^\//, '') : ((first?.params as { missingProperty?: string })?.missingProperty ?? '');
    return new AppError('invalid_request', `Invalid ${where}${field ? ` field "${field}"` : ''}: ${first?.message ?? err.message}.`);
  }
  switch (err.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('file_too_large', `The upload is over the ${megabytes(maxUploadBytes)} MB limit.`);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // A JSON body (classify), not a statement upload: uploads go through multipart's own limit.
      return new AppError('invalid_request', `The request body is over the ${JSON_BODY_LIMIT_BYTES / 1048576} MB limit for JSON bodies.`);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('invalid_request', 'Send the statement as multipart/form-data with a "file" part.');
    case 'FST_FILES_LIMIT':
      return new AppError('invalid_request', 'Send exactly one file part.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('invalid_request', 'The form has too many parts.');
    case 'FST_PROTO_VIOLATION':
      return new AppError('invalid_request', 'The form has a forbidden field name.');
  }
  const status = err.statusCode ?? 500;
  if (status === 413) return new AppError('file_too_large', 'The request body is over the size limit.');
  if (status >= 400 && status < 500) {
    // Malformed multipart, aborted uploads, bad JSON: the client's fault, never a 500.
    return new AppError('invalid_request', err.message ? `The request could not be read: ${err.message.slice(0, 200)}` : 'The request could not be read.');
  }
  return null;
}

export function sendProblem(reply: FastifyReply, request: FastifyRequest, e: AppError): FastifyReply {
  if (e.headers) reply.headers(e.headers);
  if (e.retryAfter !== undefined) reply.header('Retry-After', String(Math.max(1, Math.ceil(e.retryAfter))));
  return reply
    .code(e.status)
    .type(PROBLEM_TYPE)
    .send(toProblem(e.code, e.detail, request.id));
}

/** maxUploadBytes: the multipart file limit (config.maxUploadBytes), named in the file_too_large detail. */
export function registerProblemHandling(app: FastifyInstance, maxUploadBytes: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appErr = isAppError(error) ? error : fromFrameworkError(error, maxUploadBytes);
    if (appErr) {
      if (appErr.status >= 500) request.log.warn({ code: appErr.code }, appErr.detail);
      return sendProblem(reply, request, appErr);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, request, new AppError('internal_error', 'An unexpected error occurred. It has been logged with this request id.'));
  });
  const pages: NotFoundPage[] = [];
  app.decorate('notFoundPages', pages);
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0].slice(0, 200);
    // A person who mistyped an address gets a page (the web feature's); programs and API paths keep problem+json.
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !API_PATHS.test(path) && /text\/html/.test(request.headers.accept ?? '');
    for (const render of wantsPage ? pages : []) {
      const body = await render(request, reply, path);
      if (body !== null) return reply.code(404).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(body);
    }
    return sendProblem(reply, request, new AppError('not_found', `There is nothing at ${request.method} ${path}.`));
  });
}

/** Paths that always answer problem+json, even to a browser. */
const API_PATHS = /^\/(api\/|healthz|readyz|metrics|docs)/;

/** An HTML page for an address that does not exist, or null to answer problem+json. */
export type NotFoundPage = (request: FastifyRequest, reply: FastifyReply, path: string) => Promise<string | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Renderers of the HTML 404 page (the web feature adds one). */
    notFoundPages: NotFoundPage[];
  }
}
