// Answers for requests that never reach a route: a body still incomplete when the request timeout
// fires (a client sending one byte a second), malformed HTTP, oversized headers. Node hands these to
// the server's 'clientError' event; fastify's default answers bare JSON 408/431/400, outside the
// contract, so they are written here as problem+json 400 invalid_request.
import type { Socket } from 'node:net';
import { AppError, toProblem } from '../errors.js';

export function clientErrorHandler(timeoutMs: number) {
  return function onClientError(err: NodeJS.ErrnoException, socket: Socket): void {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const detail =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? `The request was not received completely within ${Math.round(timeoutMs / 1000)} s, so the connection was closed.`
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? 'The request headers are too large.'
          : 'The request is not valid HTTP.';
    const e = new AppError('invalid_request', detail);
    const body = JSON.stringify(toProblem(e.code, e.detail));
    if (!socket.writable) return void socket.destroy(err);
    socket.write(
      `HTTP/1.1 ${e.status} Bad Request\r\nContent-Type: application/problem+json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    socket.destroy();
  };
}

/** How often Node checks for requests over the time limit (its default of 30 s would let a short limit run long). */
export const connectionsCheckingInterval = (timeoutMs: number) => Math.min(30_000, Math.max(250, Math.floor(timeoutMs / 4)));
