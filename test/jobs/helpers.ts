// Helpers of the jobs tests: upload a job, poll it, and a loopback webhook receiver that checks signatures.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { verifySignature } from '../../src/adapters/webhooks/signature.js';
import type { TestApp } from '../helpers/app.js';
import { multipart, SAMPLE_CSV, type Part } from '../helpers/multipart.js';

/** A CSV statement whose balances chain, different per n (so results can be told apart). */
export function statementCsv(n: number, rows = 3): string {
  const lines = ['Date,Description,Money Out,Money In,Balance'];
  let balance = 100_000 + n * 100;
  for (let i = 0; i < rows; i++) {
    const out = 100 + ((n * 7 + i * 13) % 500);
    balance -= out;
    lines.push(`${String(1 + i).padStart(2, '0')}/03/2024,CARD PAYMENT SHOP ${n}-${i},${(out / 100).toFixed(2)},,${(balance / 100).toFixed(2)}`);
  }
  return lines.join('\r\n') + '\r\n';
}

export const NO_ROWS_CSV = 'Date,Description,Amount\r\n';

export function jobUpload(files: { name: string; bytes: string | Uint8Array }[], extra: Part[] = []) {
  return multipart([...files.map((f) => ({ name: 'file', value: f.bytes, filename: f.name })), ...extra]);
}

export async function createJob(t: TestApp, key: string, files: { name: string; bytes: string | Uint8Array }[], extra: Part[] = []) {
  const body = jobUpload(files, extra);
  return t.app.inject({ method: 'POST', url: '/api/v1/jobs', headers: { ...body.headers, 'x-api-key': key }, payload: body.payload });
}

export async function waitForJob(t: TestApp, key: string, id: string, ms = 60_000): Promise<any> {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${id}`, headers: { 'x-api-key': key } });
    const body = res.json();
    if (body.status === 'done' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${body.status}: ${JSON.stringify(body.progress)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export { SAMPLE_CSV };

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  verified: boolean;
  at: number;
}

/** A webhook receiver on loopback; `answer` picks the status of each request (by its 0-based number). */
export async function receiver(answer: (n: number) => number = () => 200) {
  const received: Received[] = [];
  let secret = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = req.headers['ledgerline-signature'] as string | undefined;
      received.push({ headers: req.headers, body, verified: verifySignature(header, secret, body, Math.floor(Date.now() / 1000)), at: Date.now() });
      res.statusCode = answer(received.length - 1);
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    setSecret(s: string) {
      secret = s;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A webhook endpoint that takes every request and never answers; it counts the requests open at once. close() ends them. */
export async function silentReceiver() {
  const sockets = new Set<Socket>();
  let open = 0;
  let mostOpen = 0;
  let seen = 0;
  const server = http.createServer((req) => {
    seen++;
    open++;
    mostOpen = Math.max(mostOpen, open);
    req.socket.once('close', () => open--);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: (i: number) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook${i}`,
    stats: () => ({ seen, open, mostOpen }),
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

export async function until(f: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await f())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
