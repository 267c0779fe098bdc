// The jobs feature end to end on real processes: `ledgerline serve` plus separate `ledgerline worker`
// processes, on SQLite without Redis (the embedded database queue) and on PostgreSQL + Redis (BullMQ;
// skipped unless TEST_DATABASE_URL and TEST_REDIS_URL are set). A 20-file job with loopback webhook
// receivers that check the signature (one answers 500 first and gets retries); a worker killed with
// SIGKILL mid-job (every file converted and charged exactly once); another account and a wrong
// X-Job-Key; results gone after retention.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEnv } from '../../src/config.js';
import { multipart } from '../helpers/multipart.js';
import { bigCsv } from '../scale/cluster.js';
import { receiver, statementCsv, until } from './helpers.js';
import { deploy, type Deployment } from './processes.js';

const env = testEnv();
const pgReady = Boolean(env.databaseUrl && env.redisUrl && /^postgres/.test(env.databaseUrl));
// `npm test` runs the SQLite mode; `npm run test:pg` (with both variables) the PostgreSQL + Redis mode.
const MODES = pgReady ? (['postgres+redis'] as const) : (['sqlite'] as const);

const COMMON = { JOBS_IN_SERVER: 'false', JOB_LEASE_MS: '3000', WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_BASE_MS: '300' };

async function api(d: Deployment, key: string, path: string, init: RequestInit & { jobKey?: string } = {}) {
  const headers: Record<string, string> = { 'x-api-key': key, ...((init.headers as Record<string, string>) ?? {}) };
  if (init.jobKey) headers['x-job-key'] = init.jobKey;
  return fetch(`${d.url}${path}`, { ...init, headers });
}

async function submit(d: Deployment, key: string, files: { name: string; bytes: string | Uint8Array }[]) {
  const body = multipart(files.map((f) => ({ name: 'file', value: f.bytes, filename: f.name })));
  const res = await api(d, key, '/api/v1/jobs', { method: 'POST', headers: body.headers, body: new Uint8Array(body.payload) });
  expect(res.status).toBe(202);
  return (await res.json()) as { id: string; result_key: string; files: unknown[] };
}

async function job(d: Deployment, key: string, id: string) {
  return await (await api(d, key, `/api/v1/jobs/${id}`)).json();
}

async function finished(d: Deployment, key: string, id: string, ms = 180_000) {
  let j: any;
  await until(
    async () => {
      j = await job(d, key, id);
      return j.status === 'done' || j.status === 'failed';
    },
    ms,
    `job ${id} to finish`,
  );
  return j;
}

describe.each(MODES)('jobs end to end on %s', (mode) => {
  let d: Deployment;
  let key: string;
  let otherKey: string;

  beforeAll(async () => {
    d = await deploy(mode, COMMON);
    await d.cli('users', 'create', '--email', 'a@example.com', '--password', 'correct horse battery', '--plan', 'business');
    await d.cli('users', 'create', '--email', 'b@example.com', '--password', 'correct horse battery', '--plan', 'business');
    key = (await d.cli('keys', 'create', '--email', 'a@example.com')).split('\n').pop()!;
    otherKey = (await d.cli('keys', 'create', '--email', 'b@example.com')).split('\n').pop()!;
    expect(key).toMatch(/^ll_live_/);
    await d.startWorker();
    await d.startWorker();
  }, 240_000);
  afterAll(() => d?.close());

  it('a 20-file job: signed webhooks (verified by the receiver), a 500 answer is retried, results readable with the key only', async () => {
    const good = await receiver();
    let flaky = 0;
    const bad = await receiver(() => (flaky++ < 2 ? 500 : 200));
    try {
      const hooks: { id: string; secret: string }[] = [];
      for (const r of [good, bad]) {
        const res = await api(d, key, '/api/v1/webhooks', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ url: r.url, events: ['job.completed', 'job.failed'] }),
        });
        expect(res.status).toBe(201);
        const hook = await res.json();
        expect(hook.secret).toMatch(/^whsec_/);
        r.setSecret(hook.secret);
        hooks.push(hook);
      }
      const files = Array.from({ length: 20 }, (_, n) => ({ name: `stmt-${String(n).padStart(2, '0')}.csv`, bytes: statementCsv(n, 5) }));
      const created = await submit(d, key, files);
      const j = await finished(d, key, created.id);
      expect(j.status).toBe('done');
      expect(j.progress).toMatchObject({ total: 20, succeeded: 20, failed: 0 });
      expect(j.files.every((f: any) => f.status === 'done' && f.reconcile_status === 'PASS' && f.transaction_count === 5)).toBe(true);

      await until(() => good.received.length >= 1 && bad.received.length >= 3, 60_000, 'webhook deliveries and retries');
      const delivery = good.received[0];
      expect(delivery.verified).toBe(true);
      expect(delivery.headers['ledgerline-event']).toBe('job.completed');
      const payload = JSON.parse(delivery.body);
      expect(payload).toMatchObject({ type: 'job.completed', data: { job: { id: created.id, status: 'done', progress: { total: 20, succeeded: 20 } } } });
      expect(payload.data.job.files).toHaveLength(20);
      expect(delivery.body).not.toContain('CARD PAYMENT');
      expect(bad.received.every((r) => r.verified)).toBe(true);
      // The retried delivery is the same event (same id and body), signed afresh.
      expect(new Set(bad.received.map((r) => JSON.parse(r.body).id)).size).toBe(1);
      expect(bad.received[2].at - bad.received[1].at).toBeGreaterThan(bad.received[1].at - bad.received[0].at - 150);

      let log: any;
      await until(
        async () => {
          log = (await (await api(d, key, `/api/v1/webhooks/${hooks[1].id}/deliveries`)).json()).deliveries[0];
          return log?.status === 'delivered';
        },
        30_000,
        'delivery log',
      );
      expect(log.attempts.map((a: any) => a.status_code)).toEqual([500, 500, 200]);
      expect(good.received).toHaveLength(1);

      const one = await api(d, key, `/api/v1/jobs/${created.id}/files/7?format=csv`, { jobKey: created.result_key });
      expect(one.status).toBe(200);
      expect(one.headers.get('x-reconcile-status')).toBe('PASS');
      expect(await one.text()).toContain('CARD PAYMENT SHOP 7-0');
      expect((await api(d, key, `/api/v1/jobs/${created.id}/files/7`, { jobKey: 'ljk_not-the-key' })).status).toBe(403);
      expect((await api(d, key, `/api/v1/jobs/${created.id}/archive`)).status).toBe(403);
      expect((await api(d, otherKey, `/api/v1/jobs/${created.id}`)).status).toBe(404);
      expect((await api(d, otherKey, `/api/v1/jobs/${created.id}/files/7`, { jobKey: created.result_key })).status).toBe(404);
      const zip = await api(d, key, `/api/v1/jobs/${created.id}/archive?format=xero`, { jobKey: created.result_key });
      expect(zip.status).toBe(200);
      expect(zip.headers.get('content-type')).toBe('application/zip');
    } finally {
      await good.close();
      await bad.close();
    }
  }, 300_000);

  it('a worker killed mid-job: its file is run again, every file converted and charged exactly once', async () => {
    const usage = async () => (await (await api(d, key, '/api/v1/usage')).json()).conversions.used as number;
    const before = await usage();
    // Big enough that a file takes a while, so the kill lands while one is being converted.
    const big = bigCsv(30_000);
    const files = Array.from({ length: 4 }, (_, n) => ({ name: `big-${n}.csv`, bytes: big.replace('CARD PAYMENT SHOP 0', `CARD PAYMENT SHOP 0 FILE ${n}`) }));
    const created = await submit(d, key, files);
    await until(async () => (await job(d, key, created.id)).progress.running >= 1, 120_000, 'a file running');
    for (const w of d.workers) await w.kill('SIGKILL');
    const atKill = await job(d, key, created.id);
    expect(atKill.progress.finished).toBeLessThan(4);
    await d.startWorker();
    const j = await finished(d, key, created.id);
    expect(j.status).toBe('done');
    expect(j.progress).toMatchObject({ total: 4, succeeded: 4, failed: 0 });
    // Charged once per file, whatever was killed where.
    expect((await usage()) - before).toBe(4);
    const conversions = (await (await api(d, key, '/api/v1/conversions')).json()).conversions.filter((c: any) => c.filename.startsWith('big-'));
    expect(conversions.filter((c: any) => c.status === 'succeeded')).toHaveLength(4);
    for (let n = 0; n < 4; n++) {
      const r = await api(d, key, `/api/v1/jobs/${created.id}/files/${n}`, { jobKey: created.result_key });
      expect(r.status).toBe(200);
      expect((await r.json()).transaction_count).toBe(30_000);
    }
  }, 300_000);
});

describe.each(MODES)('job retention end to end on %s', (mode) => {
  let d: Deployment;
  afterAll(() => d?.close());

  it('results are deleted once JOB_RETENTION_HOURS has passed', async () => {
    // 0.002 h = 7.2 s; the server converts in-process here (JOBS_IN_SERVER default) and sweeps every 1.8 s.
    d = await deploy(mode, { JOB_RETENTION_HOURS: '0.002', JOB_LEASE_MS: '3000' });
    await d.cli('users', 'create', '--email', 'r@example.com', '--password', 'correct horse battery', '--plan', 'pro');
    const key = (await d.cli('keys', 'create', '--email', 'r@example.com')).split('\n').pop()!;
    const created = await submit(d, key, [{ name: 'r.csv', bytes: statementCsv(9) }]);
    await finished(d, key, created.id, 60_000);
    expect((await api(d, key, `/api/v1/jobs/${created.id}/files/0`, { jobKey: created.result_key })).status).toBe(200);
    await until(async () => (await api(d, key, `/api/v1/jobs/${created.id}`)).status === 404, 30_000, 'expiry');
    expect((await api(d, key, `/api/v1/jobs/${created.id}/files/0`, { jobKey: created.result_key })).status).toBe(404);
    // Deleted from storage too, not only hidden: the sweep's log line says so.
    await until(() => d.server.lines.some((l) => l.includes('expired jobs deleted')), 30_000, 'the sweep');
  }, 180_000);
});
