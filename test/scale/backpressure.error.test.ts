// When every worker is busy and the queue is full, the API answers 503 overloaded with Retry-After
// at once instead of queueing without bound; and /metrics shows the queue while it is full.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PoolConverter } from '../../src/adapters/pool.converter.js';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload, SAMPLE_CSV } from '../helpers/multipart.js';

const STUB = fileURLToPath(new URL('./fixtures/slow.worker.mjs', import.meta.url));

describe('worker pool backpressure', () => {
  let t: TestApp;
  let key: string;
  const TOKEN = 'metrics-secret-token';

  beforeAll(async () => {
    const converter = new PoolConverter({ workers: 1, maxQueue: 2, timeoutMs: 30_000, memoryMb: 256, workerFile: STUB });
    t = await createTestApp({ overrides: { converter }, config: { metricsEnabled: true, metricsToken: TOKEN } });
    ({ key } = await accountWithKey(t, 'pro'));
  });
  afterAll(async () => t?.close());

  const convert = () => {
    const body = fileUpload(SAMPLE_CSV);
    return t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { 'x-api-key': key, ...body.headers }, payload: body.payload });
  };

  it('answers 503 overloaded with Retry-After once one worker and two queue places are taken', async () => {
    const first = convert();
    // Let the first take the worker before the others arrive, so the split is exact.
    await new Promise((r) => setTimeout(r, 300));
    const rest = Array.from({ length: 5 }, () => convert());
    // On a loaded machine the five take a moment to reach the queue: look until they have (at most 5 s).
    let scrape = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    for (let i = 0; i < 50 && !/^ledgerline_convert_queue_depth 2$/m.test(scrape.body); i++) {
      await new Promise((r) => setTimeout(r, 100));
      scrape = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    }
    expect(scrape.statusCode).toBe(200);
    expect(scrape.body).toMatch(/^ledgerline_convert_queue_depth 2$/m);
    expect(scrape.body).toMatch(/^ledgerline_convert_running 1$/m);

    const answers = await Promise.all([first, ...rest]);
    const overloaded = answers.filter((r) => r.statusCode === 503);
    expect(overloaded).toHaveLength(3);
    for (const r of overloaded) {
      expect(r.json()).toMatchObject({ code: 'overloaded', status: 503 });
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The three that got a place ran to the stub's answer (422); refused ones left no quota used.
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(3);
    const q = await t.ctx.quota.status({ id: (await t.ctx.apiKeys.authenticate(key)).account_id, plan: 'pro' }, 'api');
    expect(q.used).toBe(0);

    const after = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(after.body).toMatch(/^ledgerline_conversion_failures_total\{code="overloaded"\} 3$/m);
    expect(after.body).toMatch(/^ledgerline_http_problems_total\{code="overloaded"\} 3$/m);
  });

  it('guards /metrics with the configured token', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
  });
});
