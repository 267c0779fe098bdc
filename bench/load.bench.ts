// Load figures for the scale-out issue (printed, not asserted): requests/s and p50/p99 latency of
// listing conversions and converting a 1-page PDF and a 1,000-row CSV at 1, 16 and 64 clients on one
// instance and on two; event-loop delay while 8 large PDFs convert; peak RSS receiving a 50 MB upload
// and refusing a 60 MB one. Real server processes on loopback, PostgreSQL + Redis when they answer.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig, testEnv } from '../src/config.js';
import { createContext } from '../src/context.js';
import { generateStatementPdf } from '../test/fixtures/pdf/generate.js';
import { multipart } from '../test/helpers/multipart.js';
import { accountWithKey, bigCsv, sharedStores, startInstance, type Instance, type Shared } from '../test/scale/cluster.js';

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  '2xx': number;
}
type Cannon = (opts: Record<string, unknown>) => Promise<CannonResult>;
// autocannon ships no type declarations; this is the one call used.
const autocannon = createRequire(import.meta.url)('autocannon') as Cannon;

const SECONDS = 3;
const CLIENTS = [1, 16, 64];
const PAGES = 20;
const MB = 1024 * 1024;
// The contract's 120/h per account would stop a load test after 120 requests: an operator setting.
const SERVER_ENV = { RATE_LIMIT_PER_HOUR: '100000000', LOG_LEVEL: 'warn', CONVERT_QUEUE_MAX: '256', CONVERT_WORKERS: '2', DATABASE_POOL_SIZE: '10' };

async function answers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function stores(): Promise<Shared | null> {
  const env = testEnv();
  const databaseUrl = env.databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/test';
  const redisUrl = env.redisUrl ?? 'redis://127.0.0.1:6379';
  if (!(await answers(databaseUrl))) return null;
  return sharedStores({ databaseUrl, redisUrl });
}

const ms = (v: number) => `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`;

async function cannon(urls: string[], connections: number, request: { method: string; path: string; headers: Record<string, string>; body?: Buffer }) {
  // autocannon spreads connections over several urls round-robin; one client can only use one.
  const targets = connections === 1 ? urls.slice(0, 1) : urls;
  // Conversions take long enough that a timed run would cut the slowest off: they run a fixed count.
  const count = request.method === 'POST' ? { amount: connections === 1 ? 3 : connections } : { duration: SECONDS };
  const t0 = performance.now();
  const r = await autocannon({
    url: targets.map((u) => u + request.path),
    connections,
    ...count,
    method: request.method,
    headers: request.headers,
    body: request.body,
    timeout: 120,
  });
  // Answers over elapsed time: autocannon's per-second average (and its whole-second duration)
  // misread runs shorter than a few seconds.
  const rate = r.requests.total / Math.max((performance.now() - t0) / 1000, 0.001);
  return `${rate.toFixed(1).padStart(7)} req/s  p50 ${ms(r.latency.p50).padStart(8)}  p99 ${ms(r.latency.p99).padStart(8)}  ok ${r['2xx']}${r.non2xx ? `  non-2xx ${r.non2xx}` : ''}${r.errors ? `  errors ${r.errors}` : ''}`;
}

async function throughput(shared: Shared, instances: Instance[], label: string): Promise<void> {
  const urls = instances.map((i) => i.url);
  const pdf = Buffer.from((await generateStatementPdf({ layout: 'split', rows: 20 })).bytes);
  const csv = Buffer.from(bigCsv(1000));
  const small = Buffer.from(bigCsv(10));
  const scenarios: [string, (key: string) => { method: string; path: string; headers: Record<string, string>; body?: Buffer }][] = [
    ['GET /api/v1/conversions', (key) => ({ method: 'GET', path: '/api/v1/conversions', headers: { 'x-api-key': key } })],
    ['convert 1-page PDF', (key) => upload(key, pdf, 'statement.pdf')],
    ['convert 1,000-row CSV', (key) => upload(key, csv, 'statement.csv')],
  ];
  for (const [name, make] of scenarios) {
    // Untimed warm-up: every worker of every instance loads the engine before the clock starts.
    const { key: warm } = await accountWithKey(shared.ctx, 'business');
    const w = make(warm);
    await Promise.all(
      urls.flatMap((u) => [0, 1].map(() => fetch(u + w.path, { method: w.method, headers: w.headers, body: w.body ? new Uint8Array(w.body) : undefined }))),
    );
    for (const c of CLIENTS) {
      // A fresh business account per run: 5,000 conversions a month is more than one run makes.
      const { key } = await accountWithKey(shared.ctx, 'business');
      if (name.startsWith('GET')) for (let i = 0; i < 20; i++) await fetch(`${urls[0]}/api/v1/convert`, { method: 'POST', ...uploadInit(key, small) });
      console.log(`load: ${label.padEnd(12)} ${name.padEnd(24)} c=${String(c).padEnd(3)} ${await cannon(urls, c, make(key))}`);
    }
  }
}

function upload(key: string, bytes: Buffer, filename: string) {
  const body = multipart([{ name: 'file', value: bytes, filename }]);
  return { method: 'POST', path: '/api/v1/convert', headers: { 'x-api-key': key, ...body.headers }, body: body.payload };
}

function uploadInit(key: string, bytes: Buffer, filename = 'statement.csv') {
  const body = multipart([{ name: 'file', value: bytes, filename }]);
  return { headers: { 'x-api-key': key, ...body.headers }, body: new Uint8Array(body.payload) };
}

/** Event-loop delay of an in-process server while 8 large PDFs convert at once in its worker pool. */
async function eventLoop(): Promise<void> {
  const dir = fs.mkdtempSync(`${os.tmpdir()}/ll-bench-`);
  const config = {
    ...loadConfig({}),
    databaseUrl: `sqlite:${dir}/bench.db`,
    redisUrl: null,
    logLevel: 'silent',
    convertWorkers: 2,
    rateLimitPerHour: 1_000_000,
    convertTimeoutMs: 300_000,
  };
  const ctx = await createContext(config, { converter: 'pool' });
  const app = await buildApp(ctx, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  try {
    const account = await ctx.accounts.create('loop@example.com', 'correct horse battery', 'business');
    const key = (await ctx.apiKeys.create(account)).key;
    const pdf = Buffer.from((await generateStatementPdf({ layout: 'split', rows: 28 * PAGES, seed: 7 })).bytes);
    await fetch(`${url}/api/v1/convert`, { method: 'POST', ...uploadInit(key, Buffer.from(bigCsv(10))) });
    const d = (v: number) => ms(v / 1e6);
    // The same measure with nothing to do: on a shared machine the scheduler's own delay shows here.
    const idle = monitorEventLoopDelay({ resolution: 10 });
    idle.enable();
    await new Promise((r) => setTimeout(r, 2000));
    idle.disable();
    const h = monitorEventLoopDelay({ resolution: 10 });
    h.enable();
    const t0 = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () => fetch(`${url}/api/v1/convert`, { method: 'POST', ...uploadInit(key, pdf, 'big.pdf') }).then((r) => r.status)),
    );
    const wall = performance.now() - t0;
    h.disable();
    console.log(`load: event-loop delay idle (baseline): p50 ${d(idle.percentile(50))}, p99 ${d(idle.percentile(99))}, max ${d(idle.max)}`);
    console.log(
      `load: event-loop delay while 8 x ${PAGES}-page PDFs (${(pdf.length / 1024).toFixed(0)} KB each) convert on ${config.convertWorkers} workers: ` +
        `p50 ${d(h.percentile(50))}, p99 ${d(h.percentile(99))}, max ${d(h.max)} over ${(wall / 1000).toFixed(1)} s (answers: ${[...new Set(statuses)].join(',')})`,
    );
  } finally {
    await app.close();
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function vm(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Peak RSS of a fresh server process while it receives one upload of `bytes`. */
async function peakRss(shared: Shared, size: number, label: string): Promise<void> {
  const inst = await startInstance(shared, SERVER_ENV);
  try {
    const { key } = await accountWithKey(shared.ctx, 'business');
    // Warm the code paths, so the peak is the upload's and not the first request's.
    await fetch(`${inst.url}/api/v1/convert`, { method: 'POST', ...uploadInit(key, Buffer.from(bigCsv(10))) });
    const pid = inst.proc.pid!;
    const before = vm(pid, 'VmHWM');
    const idle = vm(pid, 'VmRSS');
    // PNG magic: the bytes are received in full, then refused by type, so the figure is the upload's.
    const bytes = Buffer.alloc(size, 0x41);
    bytes.set([0x89, 0x50, 0x4e, 0x47], 0);
    const t0 = performance.now();
    const answer = await fetch(`${inst.url}/api/v1/convert`, { method: 'POST', ...uploadInit(key, bytes, 'big.bin') }).then(
      async (r) => `${r.status} ${((await r.json()) as { code: string }).code}`,
      (e: Error) => `connection closed (${e.message})`,
    );
    const wall = performance.now() - t0;
    const peak = vm(pid, 'VmHWM');
    console.log(
      `load: peak RSS ${label} (${(size / MB).toFixed(0)} MB): ${peak.toFixed(0)} MB (idle RSS ${idle.toFixed(0)} MB, peak before ${before.toFixed(0)} MB), answer ${answer} in ${(wall / 1000).toFixed(1)} s`,
    );
  } finally {
    await inst.stop();
  }
}

export async function run(): Promise<void> {
  const shared = await stores();
  if (!shared) {
    console.log('load: skipped (PostgreSQL does not answer; set TEST_DATABASE_URL / TEST_REDIS_URL, see BENCHMARKS.md)');
    return;
  }
  console.log(
    `load: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB, Node ${process.version}, load average ${os
      .loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')}`,
  );
  try {
    const instances = [await startInstance(shared, SERVER_ENV)];
    try {
      await throughput(shared, instances, '1 instance');
      instances.push(await startInstance(shared, SERVER_ENV));
      await throughput(shared, instances, '2 instances');
    } finally {
      await Promise.all(instances.map((i) => i.stop()));
    }
    await eventLoop();
    await peakRss(shared, 50 * MB - 4096, 'receiving a 50 MB upload');
    await peakRss(shared, 60 * MB, 'refusing a 60 MB upload');
  } finally {
    await shared.close();
  }
}
