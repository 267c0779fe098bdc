// The real server as a child process (`node bin/ledgerline.mjs ...`) on its own SQLite file, for the
// fault tests that kill it or let one of its worker threads run out of memory.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
export const BIN = path.join(ROOT, 'bin/ledgerline.mjs');

export class ServerProcess {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-proc-'));
  readonly dbFile = path.join(this.dir, 'll.db');
  readonly env: NodeJS.ProcessEnv;
  private readonly children: ChildProcess[] = [];

  constructor(extraEnv: Record<string, string> = {}) {
    this.env = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: `sqlite:${this.dbFile}`, ...extraEnv };
  }

  cli(...args: string[]): string {
    const r = spawnSync(process.execPath, [BIN, ...args], { env: this.env, encoding: 'utf8', cwd: this.dir, timeout: 60_000 });
    if (r.status !== 0) throw new Error(`ledgerline ${args.join(' ')}: ${r.stderr}`);
    return r.stdout.trim();
  }

  /** A business account and its key. */
  setup(): string {
    this.cli('migrate');
    this.cli('users', 'create', '--email', 'k@example.com', '--password', 'correct horse battery', '--plan', 'business');
    return this.cli('keys', 'create', '--email', 'k@example.com');
  }

  spawn(args: string[]): ChildProcess {
    const proc = spawn(process.execPath, [BIN, ...args], { env: this.env, cwd: this.dir, stdio: 'ignore' });
    this.children.push(proc);
    return proc;
  }

  /** Starts `serve` on a free port and resolves once it listens. */
  serve(): Promise<{ proc: ChildProcess; port: number }> {
    const proc = spawn(process.execPath, [BIN, 'serve'], {
      env: { ...this.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      cwd: this.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.children.push(proc);
    return new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`serve did not start: ${out}`)), 60_000);
      proc.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve({ proc, port: Number(m[1]) });
        }
      });
      proc.stderr.on('data', (c: Buffer) => (out += c.toString()));
      proc.on('exit', (code) => reject(new Error(`serve exited (${code}): ${out}`)));
    });
  }

  async close(): Promise<void> {
    for (const c of this.children) await killed(c);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

export const killed = (proc: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGKILL');
  });

/** POSTs a statement; 0 when the server died under the request. */
export async function postFile(
  port: number,
  key: string,
  upload: { payload: Buffer; headers: Record<string, string> },
): Promise<{ status: number; body: string }> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/convert`, {
      method: 'POST',
      headers: { ...upload.headers, 'x-api-key': key },
      body: new Uint8Array(upload.payload),
    });
    return { status: res.status, body: await res.text() };
  } catch {
    return { status: 0, body: '' };
  }
}
