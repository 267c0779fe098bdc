// Faults in what the service depends on: a worker thread that runs out of memory fails its own
// request only; Redis unreachable makes the limiters fail OPEN (documented in api-auth.ts and
// SECURITY.md); PostgreSQL restarted during a run answers 503 and recovers by itself (opt-in:
// HOSTILE_PG_RESTART=1 with TEST_DATABASE_URL, because the machine's PostgreSQL is shared).
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { testEnv } from '../../src/config.js';
import { accountWithKey, createTestApp } from '../helpers/app.js';
import { fileUpload, SAMPLE_CSV } from '../helpers/multipart.js';
import { expectProblem } from './hostile-app.js';
import { postFile, ServerProcess } from './server-process.js';

function bigCsv(rows: number): string {
  const out = ['Date,Description,Amount,Balance'];
  for (let i = 0; i < rows; i++) out.push(`01/02/2024,CARD PAYMENT SHOP NUMBER ${i} WITH A LONGER DESCRIPTION,-1.00,${(2_000_000 - i - 1).toFixed(2)}`);
  return out.join('\n') + '\n';
}

// In the real server process: under vitest's forks a worker isolate's fatal OOM can take the fork
// down with it (it does not in `node bin/ledgerline.mjs serve`), so this case runs the real thing.
describe('a worker that runs out of memory', () => {
  const server = new ServerProcess({ CONVERT_WORKER_MEMORY_MB: '64', CONVERT_WORKERS: '2', CONVERT_TIMEOUT_MS: '60000' });
  afterAll(() => server.close());

  it('fails that request only (400 security_check_failed); a conversion beside it and after it succeeds', { timeout: 180_000 }, async () => {
    const key = server.setup();
    const { port } = await server.serve();
    const [heavy, light] = await Promise.all([
      postFile(port, key, fileUpload(bigCsv(240_000), 'heavy.csv')),
      postFile(port, key, fileUpload(SAMPLE_CSV, 'light.csv')),
    ]);
    expect(light.status, light.body.slice(0, 200)).toBe(200);
    const p = expectProblem(
      { statusCode: heavy.status, headers: { 'content-type': 'application/problem+json' }, body: heavy.body },
      400,
      'security_check_failed',
    );
    expect(p.detail).toMatch(/memory|longer than/);
    const list = await (await fetch(`http://127.0.0.1:${port}/api/v1/conversions`, { headers: { 'x-api-key': key } })).json();
    expect(list.conversions.find((c: { filename: string }) => c.filename === 'heavy.csv')?.error_code).toBe('security_check_failed');
    expect((await postFile(port, key, fileUpload(SAMPLE_CSV, 'after.csv'))).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});

describe('Redis unreachable', () => {
  it('the rate and brute-force limiters fail open: requests are served, without RateLimit headers', async () => {
    const t = await createTestApp({ config: { redisUrl: 'redis://127.0.0.1:1' } });
    try {
      const { key } = await accountWithKey(t, 'pro');
      const up = fileUpload(SAMPLE_CSV);
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['ratelimit-limit']).toBeUndefined();
      // The monthly quota lives in the database and still holds.
      expect(res.headers['x-quota-remaining']).toBeDefined();
      // Failed auth is still refused (401), only not counted.
      for (let i = 0; i < 25; i++) {
        const bad = await t.app.inject({ url: '/api/v1/conversions', headers: { 'x-api-key': 'll_live_' + 'x'.repeat(32) } });
        expect(bad.statusCode).toBe(401);
      }
      expect((await t.app.inject({ url: '/api/v1/conversions', headers: { 'x-api-key': key } })).statusCode).toBe(200);
      // Readiness reports Redis without taking the instance out (it can serve without it).
      const ready = await t.app.inject({ url: '/readyz' });
      expect([200, 503]).toContain(ready.statusCode);
      expect(ready.json().checks.redis).toBe('unavailable');
    } finally {
      await t.close();
    }
  });
});

const pgRestart = Boolean(testEnv().databaseUrl) && process.env.HOSTILE_PG_RESTART === '1';

describe.skipIf(!pgRestart)('PostgreSQL restarted during a run (opt-in: HOSTILE_PG_RESTART=1 + TEST_DATABASE_URL)', () => {
  it('requests fail with 503 service_unavailable while it is down and recover by themselves', { timeout: 120_000 }, async () => {
    const t = await createTestApp();
    try {
      const { key } = await accountWithKey(t, 'pro');
      const convert = async () => {
        const up = fileUpload(SAMPLE_CSV);
        return t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
      };
      expect((await convert()).statusCode).toBe(200);
      const version = process.env.HOSTILE_PG_VERSION ?? '15';
      const restart = new Promise<void>((resolve) => {
        setTimeout(() => {
          execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart'], { stdio: 'ignore' });
          resolve();
        }, 200);
      });
      const seen = new Set<number>();
      const until = Date.now() + 30_000;
      let restarted = false;
      void restart.then(() => (restarted = true));
      while (Date.now() < until) {
        const res = await convert();
        seen.add(res.statusCode);
        if (res.statusCode !== 200) expectProblem(res, 503, ['service_unavailable', 'overloaded']);
        if (restarted && res.statusCode === 200) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await restart;
      expect([...seen].every((s) => s === 200 || s === 503)).toBe(true);
      expect((await convert()).statusCode).toBe(200);
      const list = (await t.app.inject({ url: '/api/v1/conversions', headers: { 'x-api-key': key } })).json().conversions;
      const used = (await t.ctx.quota.status({ id: list[0] ? (await t.ctx.apiKeys.authenticate(key)).account_id : '', plan: 'pro' }, 'api')).used;
      expect(used).toBe(list.filter((c: { status: string }) => c.status === 'succeeded').length);
    } finally {
      await t.close();
    }
  });
});
