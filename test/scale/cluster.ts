// Real server processes for the scale tests: `node bin/ledgerline.mjs serve` on loopback ports,
// sharing one fresh PostgreSQL database and one Redis key prefix, with their JSON logs kept.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig, testEnv, type Config } from '../../src/config.js';
import { createContext, type AppContext } from '../../src/context.js';
import { multipart } from '../helpers/multipart.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const env = testEnv();

/** Null when the multi-instance tests can run; else why they are skipped. */
export const skipReason =
  env.databaseUrl && env.redisUrl && /^postgres/.test(env.databaseUrl)
    ? null
    : 'multi-instance tests skipped: set TEST_DATABASE_URL=postgres://... and TEST_REDIS_URL=redis://... (see .ci/run)';

/** Says why a test file skips, once, in the test output. */
export function announceSkip(): void {
  if (skipReason) console.warn(skipReason);
}

let counter = 0;

export interface Shared {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  /** A context on the shared database (migrated), for creating accounts and reading rows. */
  ctx: AppContext;
  close(): Promise<void>;
}

async function admin(url: string, q: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(q);
  } finally {
    await client.end();
  }
}

/** One fresh PostgreSQL database and one Redis prefix, as several instances of a deployment share them. */
export async function sharedStores(
  urls: { databaseUrl: string; redisUrl: string } = { databaseUrl: env.databaseUrl!, redisUrl: env.redisUrl! },
): Promise<Shared> {
  const base = urls.databaseUrl;
  const name = `ll_s_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  await admin(base, `CREATE DATABASE ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  const databaseUrl = u.toString();
  const redisPrefix = `scale:${process.pid}:${Date.now().toString(36)}:${counter++}:`;
  const config: Config = { ...loadConfig({}), databaseUrl, redisUrl: urls.redisUrl, redisPrefix, logLevel: 'silent' };
  const ctx = await createContext(config, { converter: 'inline' });
  return {
    databaseUrl,
    redisUrl: urls.redisUrl,
    redisPrefix,
    ctx,
    async close() {
      if (ctx.redis) {
        const keys = await ctx.redis.keys(`${redisPrefix}*`).catch(() => [] as string[]);
        if (keys.length) await ctx.redis.del(...keys).catch(() => {});
      }
      await ctx.close();
      await admin(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface Instance {
  url: string;
  proc: ChildProcess;
  /** stdout lines (pino JSON). */
  logs: string[];
  stderr: string[];
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

export async function startInstance(
  stores: { databaseUrl: string; redisUrl: string; redisPrefix: string },
  extra: Record<string, string> = {},
): Promise<Instance> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['bin/ledgerline.mjs', 'serve'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: stores.databaseUrl,
      REDIS_URL: stores.redisUrl,
      REDIS_PREFIX: stores.redisPrefix,
      LOG_LEVEL: 'info',
      CONVERT_WORKERS: '1',
      DATABASE_POOL_SIZE: '5',
      METRICS_ENABLED: '1',
      METRICS_TOKEN: CLUSTER_METRICS_TOKEN,
      SHUTDOWN_DELAY_MS: '0',
      ...extra,
    },
  });
  const logs: string[] = [];
  const stderr: string[] = [];
  const lines = (into: string[]) => {
    let rest = '';
    return (chunk: Buffer) => {
      const parts = (rest + chunk.toString('utf8')).split('\n');
      rest = parts.pop() ?? '';
      into.push(...parts.filter((l) => l.length));
    };
  };
  proc.stdout.on('data', lines(logs));
  proc.stderr.on('data', lines(stderr));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${port}`;
  // Generous: tsx compiles the sources at start-up, which takes a while on a busy 2-core machine.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (gone) throw new Error(`instance exited during start-up:\n${stderr.join('\n')}\n${logs.slice(-20).join('\n')}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`instance did not answer within 120 s:\n${stderr.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    proc,
    logs,
    stderr,
    exited,
    async stop() {
      if (gone) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function accountWithKey(ctx: AppContext, plan = 'pro') {
  const account = await ctx.accounts.create(`scale${counter++}-${Date.now()}@example.com`, 'correct horse battery', plan);
  const key = await ctx.apiKeys.create(account, 'scale');
  return { account, key: key.key, keyId: key.id };
}

export function convert(url: string, key: string, bytes: string | Uint8Array, query = '') {
  const body = multipart([{ name: 'file', value: bytes, filename: 'statement.csv' }]);
  return fetch(`${url}/api/v1/convert${query}`, { method: 'POST', headers: { 'x-api-key': key, ...body.headers }, body: new Uint8Array(body.payload) });
}

export const list = (url: string, key: string) => fetch(`${url}/api/v1/conversions`, { headers: { 'x-api-key': key } });

/** Polls `f` until it returns true, at most `ms`. */
export async function until(f: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await f().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const CLUSTER_METRICS_TOKEN = 'cluster-metrics-token';

/** The value of one unlabelled metric on an instance's /metrics. */
export async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${CLUSTER_METRICS_TOKEN}` } })).text();
  const m = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
  return m ? Number(m[1]) : NaN;
}

/** A CSV statement of `rows` rows whose balances chain (PASS); big ones keep a worker busy for seconds. */
export function bigCsv(rows: number): string {
  const lines = ['Date,Description,Money Out,Money In,Balance'];
  let balance = 100_000_000;
  for (let i = 0; i < rows; i++) {
    const day = new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 60) * 86_400_000);
    const out = (i % 7) * 100 + 123;
    balance -= out;
    const date = `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
    lines.push(`${date},CARD PAYMENT SHOP ${i % 97},${(out / 100).toFixed(2)},,${(balance / 100).toFixed(2)}`);
  }
  return lines.join('\r\n') + '\r\n';
}
