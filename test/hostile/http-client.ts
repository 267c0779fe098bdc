// Raw HTTP over loopback for the cases app.inject cannot play: streamed 60 MB bodies, chunked bodies
// that stop halfway, a client that sends one byte a second.
import http from 'node:http';
import net from 'node:net';
import { Readable } from 'node:stream';

export interface RawResponse {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Streams `body` (chunks) as a multipart upload; resolves with the answer even if the server stops reading early. */
export function postStream(
  port: number,
  path: string,
  headers: Record<string, string | number>,
  body: Iterable<Buffer> | AsyncIterable<Buffer>,
  query = '',
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: path + query, method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    // The server may answer (file_too_large) and close before the whole body is written: not an error.
    let answered = false;
    req.on('response', () => (answered = true));
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE' && e.code !== 'ECONNRESET') reject(e);
    });
    req.on('close', () => {
      if (!answered) reject(new Error('the server closed the connection without an answer'));
    });
    Readable.from(body).on('error', reject).pipe(req);
  });
}

/** Writes `head` then `bodyChunks` on a raw socket with `delayMs` between chunks; resolves with what the server sent before closing. */
export function rawSocket(
  port: number,
  head: string,
  bodyChunks: Buffer[],
  opts: { delayMs?: number; endAfter?: boolean; destroyAfter?: boolean } = {},
): Promise<{ text: string; closedBy: 'server' | 'client' }> {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    const got: Buffer[] = [];
    let closedBy: 'server' | 'client' = 'server';
    let stopped = false;
    sock.on('data', (c: Buffer) => got.push(c));
    sock.on('error', () => {});
    sock.on('close', () => {
      stopped = true;
      resolve({ text: Buffer.concat(got).toString('utf8'), closedBy });
    });
    sock.on(
      'connect',
      () =>
        void (async () => {
          sock.write(head);
          for (const c of bodyChunks) {
            if (stopped) return;
            if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
            if (stopped) return;
            sock.write(c);
          }
          if (opts.destroyAfter) {
            closedBy = 'client';
            sock.destroy();
          } else if (opts.endAfter) sock.end();
        })(),
    );
  });
}

/** Parses the status line and the body of a raw HTTP/1.1 answer (content-length or chunked). */
export function parseRaw(text: string): RawResponse {
  const [head, ...rest] = text.split('\r\n\r\n');
  const lines = head.split('\r\n');
  const statusCode = Number(lines[0]?.split(' ')[1] ?? 0);
  const headers: http.IncomingHttpHeaders = {};
  for (const l of lines.slice(1)) {
    const i = l.indexOf(':');
    if (i > 0) headers[l.slice(0, i).toLowerCase()] = l.slice(i + 1).trim();
  }
  let body = rest.join('\r\n\r\n');
  if (headers['transfer-encoding'] === 'chunked') {
    let out = '';
    let s = body;
    for (;;) {
      const nl = s.indexOf('\r\n');
      const n = parseInt(s.slice(0, nl), 16);
      if (!n) break;
      out += s.slice(nl + 2, nl + 2 + n);
      s = s.slice(nl + 2 + n + 2);
    }
    body = out;
  }
  return { statusCode, headers, body };
}
