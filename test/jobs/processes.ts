// Real `ledgerline serve` and `ledgerline worker` processes for the end-to-end job tests, on a fresh
// SQLite file (no Redis) or on a fresh PostgreSQL database with a Redis prefix (BullMQ).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, sharedStores, type Shared } from '../scale/cluster.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Proc {
  proc: ChildProcess;
  lines: string[];
  exited: Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

function start(args: string[], env: NodeJS.ProcessEnv): Proc {
  const proc = spawn(process.execPath, ['bin/ledgerline.mjs', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let rest = '';
  const take = (c: Buffer) => {
    const parts = (rest + c.toString('utf8')).split('\n');
    rest = parts.pop() ?? '';
    lines.push(...parts.filter(Boolean));
  };
  proc.stdout.on('data', take);
  proc.stderr.on('data', take);
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  return {
    proc,
    lines,
    exited,
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill(signal);
      await exited;
    },
  };
}

async function waitFor(p: Proc, test: () => Promise<boolean> | boolean, what: string, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (p.proc.exitCode !== null) throw new Error(`${what}: the process exited:\n${p.lines.slice(-30).join('\n')}`);
    if (await test()) return;
    if (Date.now() > deadline) throw new Error(`${what}: timed out:\n${p.lines.slice(-30).join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Deployment {
  mode: 'sqlite' | 'postgres+redis';
  env: NodeJS.ProcessEnv;
  url: string;
  server: Proc;
  workers: Proc[];
  startWorker(): Promise<Proc>;
  /** Runs `ledgerline <args>` to completion and returns stdout. */
  cli(...args: string[]): Promise<string>;
  close(): Promise<void>;
}

export async function deploy(
  mode: Deployment['mode'],
  extra: Record<string, string> = {},
  pg?: { databaseUrl: string; redisUrl: string },
): Promise<Deployment> {
  let shared: Shared | null = null;
  let dir: string | null = null;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LOG_LEVEL: 'info',
    CONVERT_WORKERS: '1',
    RATE_LIMIT_PER_HOUR: '1000000',
    SHUTDOWN_DELAY_MS: '0',
  };
  if (mode === 'sqlite') {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-jobs-'));
    env.DATABASE_URL = `sqlite:${path.join(dir, 'll.db')}`;
  } else {
    shared = await sharedStores(pg);
    Object.assign(env, {
      DATABASE_URL: shared.databaseUrl,
      REDIS_URL: shared.redisUrl,
      REDIS_PREFIX: shared.redisPrefix,
      JOB_SEAL_SECRET: 'e2e-seal-secret-0123456789abcdef0123456789',
    });
  }
  Object.assign(env, extra);
  const port = await freePort();
  const server = start(['serve'], { ...env, PORT: String(port), HOST: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    server,
    () =>
      fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      ),
    'serve start',
  );
  const workers: Proc[] = [];
  const d: Deployment = {
    mode,
    env,
    url,
    server,
    workers,
    async startWorker() {
      const w = start(['worker'], env);
      workers.push(w);
      await waitFor(w, () => w.lines.some((l) => l.includes('worker started')), 'worker start');
      return w;
    },
    async cli(...args) {
      const p = start(args, env);
      await p.exited;
      if (p.proc.exitCode !== 0) throw new Error(`ledgerline ${args.join(' ')}: ${p.lines.join('\n')}`);
      return p.lines.join('\n').trim();
    },
    async close() {
      await Promise.all([server.kill('SIGKILL'), ...workers.map((w) => w.kill('SIGKILL'))]);
      if (shared) await shared.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return d;
}
