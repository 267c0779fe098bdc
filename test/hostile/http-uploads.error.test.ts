// Uploads over a real loopback socket: sizes around the 50 MB cap (generated here, never committed),
// huge CSVs, chunked bodies that stop halfway, and a client sending one byte a second. Each gets a
// contract answer (or, when the client vanished, a recorded failure) and the server stays healthy.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateStatementPdf } from '../fixtures/pdf/generate.js';
import { SAMPLE_CSV } from '../helpers/multipart.js';
import { createHostileApp, expectHealthy, expectProblem, expectRecordedFailure, type HostileApp } from './hostile-app.js';
import { parseRaw, postStream, rawSocket } from './http-client.js';
import { padStatementPdf } from './pdf-craft.js';

const MB = 1024 * 1024;
const BOUNDARY = 'hostileboundary42';
const REQUEST_TIMEOUT_MS = 3000;
const partHead = (filename: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
const partTail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/** A multipart body around `file`, yielded in 1 MB slices so nothing extra is held. */
function* body(file: Uint8Array, filename: string): Generator<Buffer> {
  yield partHead(filename);
  for (let i = 0; i < file.length; i += MB) yield Buffer.from(file.buffer, file.byteOffset + i, Math.min(MB, file.length - i));
  yield partTail;
}

/** `total` bytes of filler produced on the fly (never held whole). */
function* filler(total: number): Generator<Buffer> {
  const block = Buffer.alloc(MB, 0x41);
  for (let sent = 0; sent < total; sent += MB) yield block.subarray(0, Math.min(MB, total - sent));
}

/** A CSV of `rows` rows, each balance chaining from the last. */
function bigCsv(rows: number): Uint8Array {
  const out: string[] = ['Date,Description,Amount,Balance'];
  for (let i = 0; i < rows; i++) out.push(`01/02/2024,CARD PAYMENT SHOP ${i % 997},-1.00,${(2_000_000 - i - 1).toFixed(2)}`);
  return new Uint8Array(Buffer.from(out.join('\n') + '\n'));
}

describe('uploads over real HTTP', () => {
  let t: HostileApp;
  let port: number;
  const headers = (extra: Record<string, string | number> = {}) => ({
    'x-api-key': t.key,
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    ...extra,
  });

  beforeAll(async () => {
    // The production per-file limit (60 s): the 49.9 MB PDF must pass it on a busy 2-core machine.
    t = await createHostileApp({ convertTimeoutMs: 60_000 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('a 49.9 MB valid PDF converts (200)', { timeout: 120_000 }, async () => {
    const { bytes } = await generateStatementPdf({ layout: 'split', rows: 30 });
    const big = padStatementPdf(bytes, Math.floor(49.9 * MB));
    expect(big.length).toBeGreaterThan(49 * MB);
    const res = await postStream(port, '/api/v1/convert', headers(), body(big, 'big.pdf'));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(JSON.parse(res.body).transaction_count).toBe(30);
  });

  it('a 50.1 MB file is 400 file_too_large while streaming', async () => {
    const size = Math.ceil(50.1 * MB);
    const len = partHead('big.csv').length + size + partTail.length;
    const res = await postStream(
      port,
      '/api/v1/convert',
      headers({ 'content-length': len }),
      (function* () {
        yield partHead('big.csv');
        yield* filler(size);
        yield partTail;
      })(),
    );
    const p = expectProblem(res, 400, 'file_too_large');
    expect(p.detail).toMatch(/50 MB/);
    await expectRecordedFailure(t, 'file_too_large');
    await expectHealthy(t);
  });

  it('a 60 MB chunked upload (no Content-Length) is 400 file_too_large', async () => {
    const res = await postStream(
      port,
      '/api/v1/convert',
      headers(),
      (function* () {
        yield partHead('huge.pdf');
        yield* filler(60 * MB);
        yield partTail;
      })(),
    );
    expectProblem(res, 400, 'file_too_large');
    await expectRecordedFailure(t, 'file_too_large');
    await expectHealthy(t);
  });

  it('a 1,000,000-row CSV is refused over the row limit (400 security_check_failed), fast', async () => {
    const csv = bigCsv(1_000_000);
    expect(csv.length).toBeLessThan(50 * MB);
    const res = await postStream(port, '/api/v1/convert', headers(), body(csv, 'million.csv'));
    expect(expectProblem(res, 400, 'security_check_failed').detail).toMatch(/250,000 rows/);
    await expectRecordedFailure(t, 'security_check_failed');
    await expectHealthy(t);
  });

  it('a 100,000-row CSV converts within the time limit', { timeout: 120_000 }, async () => {
    const res = await postStream(port, '/api/v1/convert', headers(), body(bigCsv(100_000), 'long.csv'), '?format=csv');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['x-transaction-count']).toBe('100000');
  });

  it('a CSV with a 10 MB single line is 400 security_check_failed', async () => {
    const line = new Uint8Array(Buffer.from(`Date,Description,Amount\n01/02/2024,${'A,'.repeat(5 * MB)}\n`));
    const res = await postStream(port, '/api/v1/convert', headers(), body(line, 'line.csv'));
    expect(expectProblem(res, 400, 'security_check_failed').detail).toMatch(/Line 2 is 10\.0 MB/);
    await expectRecordedFailure(t, 'security_check_failed');
    await expectHealthy(t);
  });
});

describe('slow and stalled clients over real HTTP (request timeout 3 s)', () => {
  let t: HostileApp;
  let port: number;
  beforeAll(async () => {
    t = await createHostileApp({ requestTimeoutMs: REQUEST_TIMEOUT_MS });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const chunkedHead = (key: string) =>
    `POST /api/v1/convert HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Api-Key: ${key}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nTransfer-Encoding: chunked\r\n\r\n`;
  const chunk = (b: Buffer) => Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')]);

  it('a chunked body that stops halfway and hangs up is recorded as a failed conversion', async () => {
    const half = Buffer.concat([partHead('s.csv'), Buffer.from(SAMPLE_CSV.slice(0, 60))]);
    const r = await rawSocket(port, chunkedHead(t.key), [chunk(half)], { delayMs: 50, destroyAfter: true });
    expect(r.closedBy).toBe('client');
    await expect
      .poll(async () => (await t.app.inject({ url: '/api/v1/conversions', headers: { 'x-api-key': t.key } })).json().conversions[0]?.status, {
        timeout: 10_000,
      })
      .toBe('failed');
    await expectRecordedFailure(t, 'invalid_request');
    await expectHealthy(t);
  });

  it('a chunked body that stops halfway and stays open is cut off and recorded as invalid_request', async () => {
    const half = Buffer.concat([partHead('s.csv'), Buffer.from(SAMPLE_CSV.slice(0, 60))]);
    const r = await rawSocket(port, chunkedHead(t.key), [chunk(half)]);
    expect(r.closedBy).toBe('server');
    // The upload deadline answers 400; the idle-socket timeout (same length) may close first, silently.
    if (r.text) {
      const res = parseRaw(r.text);
      expect(expectProblem({ ...res, headers: res.headers }, 400, 'invalid_request').detail).toMatch(/not received completely/);
    }
    await expect
      .poll(async () => (await t.app.inject({ url: '/api/v1/conversions', headers: { 'x-api-key': t.key } })).json().conversions[0]?.error_code, {
        timeout: 10_000,
      })
      .toBe('invalid_request');
    await expectHealthy(t);
  });

  it('a client sending one byte a second is cut off by the request timeout', async () => {
    const full = Buffer.concat([partHead('s.csv'), Buffer.from(SAMPLE_CSV), partTail]);
    const bytes = Array.from(full, (b) => chunk(Buffer.from([b])));
    const r = await rawSocket(port, chunkedHead(t.key), bytes, { delayMs: 1000 });
    expect(r.closedBy).toBe('server');
    const res = parseRaw(r.text);
    expect(expectProblem({ ...res, headers: res.headers }, 400, 'invalid_request').detail).toMatch(/within 3 s/);
    await expectRecordedFailure(t, 'invalid_request');
    await expectHealthy(t);
  }, 30_000);

  it('a client that sends only part of the headers is cut off too', async () => {
    const r = await rawSocket(port, 'POST /api/v1/convert HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Api-', []);
    expect(r.closedBy).toBe('server');
    await expectHealthy(t);
  }, 30_000);
});
