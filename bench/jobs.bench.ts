// Job throughput for issue 17 (printed, not asserted): files per second for a 100-file job with one
// and with two `ledgerline worker` processes (PostgreSQL + Redis/BullMQ when they answer), and with
// the embedded database queue of `npm start` on SQLite. Each worker process converts one file at a
// time (CONVERT_WORKERS=1, JOB_CONCURRENCY=1), so the figures show how the work spreads over processes.
import os from 'node:os';
import pg from 'pg';
import { testEnv } from '../src/config.js';
import { multipart } from '../test/helpers/multipart.js';
import { bigCsv } from '../test/scale/cluster.js';
import { deploy, type Deployment } from '../test/jobs/processes.js';

const FILES = 100;
const ROWS = 2_000;
const ENV = { JOBS_IN_SERVER: 'false', CONVERT_WORKERS: '1', JOB_CONCURRENCY: '1', LOG_LEVEL: 'info', JOB_LEASE_MS: '30000' };

async function pgAnswers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function setup(d: Deployment): Promise<string> {
  await d.cli('users', 'create', '--email', 'bench@example.com', '--password', 'correct horse battery', '--plan', 'business');
  return (await d.cli('keys', 'create', '--email', 'bench@example.com')).split('\n').pop()!;
}

async function timeJob(d: Deployment, key: string): Promise<{ seconds: number; ok: number }> {
  const csv = bigCsv(ROWS);
  const body = multipart(Array.from({ length: FILES }, (_, n) => ({ name: 'file', value: csv.replace('SHOP 0', `SHOP 0 N${n}`), filename: `s${n}.csv` })));
  const t0 = performance.now();
  const res = await fetch(`${d.url}/api/v1/jobs`, { method: 'POST', headers: { ...body.headers, 'x-api-key': key }, body: new Uint8Array(body.payload) });
  if (res.status !== 202) throw new Error(`job upload: HTTP ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  for (;;) {
    const j = (await (await fetch(`${d.url}/api/v1/jobs/${id}`, { headers: { 'x-api-key': key } })).json()) as {
      status: string;
      progress: { succeeded: number };
    };
    if (j.status === 'done' || j.status === 'failed') return { seconds: (performance.now() - t0) / 1000, ok: j.progress.succeeded };
    await new Promise((r) => setTimeout(r, 100));
  }
}

const line = (label: string, r: { seconds: number; ok: number }) =>
  console.log(
    `jobs: ${label.padEnd(52)} ${(r.ok / r.seconds).toFixed(1).padStart(6)} files/s  (${r.ok}/${FILES} files of ${ROWS.toLocaleString('en-GB')} rows in ${r.seconds.toFixed(1)} s)`,
  );

export async function run(): Promise<void> {
  console.log(
    `jobs: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${os
      .loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')}`,
  );
  const env = testEnv();
  const databaseUrl = env.databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/test';
  const redisUrl = env.redisUrl ?? 'redis://127.0.0.1:6379';
  if (await pgAnswers(databaseUrl)) {
    const d = await deploy('postgres+redis', { ...ENV, RATE_LIMIT_PER_HOUR: '100000' }, { databaseUrl, redisUrl });
    try {
      const key = await setup(d);
      await d.startWorker();
      line('PostgreSQL + Redis (BullMQ), 1 worker process', await timeJob(d, key));
      await d.startWorker();
      line('PostgreSQL + Redis (BullMQ), 2 worker processes', await timeJob(d, key));
    } finally {
      await d.close();
    }
  } else {
    console.log('jobs: PostgreSQL + Redis skipped (PostgreSQL does not answer; set TEST_DATABASE_URL / TEST_REDIS_URL)');
  }
  const s = await deploy('sqlite', { ...ENV, RATE_LIMIT_PER_HOUR: '100000' });
  try {
    const key = await setup(s);
    await s.startWorker();
    line('SQLite, embedded database queue, 1 worker process', await timeJob(s, key));
    await s.startWorker();
    line('SQLite, embedded database queue, 2 worker processes', await timeJob(s, key));
  } finally {
    await s.close();
  }
}
