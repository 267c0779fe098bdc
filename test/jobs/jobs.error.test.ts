// Job uploads and reads that must fail cleanly: contract errors, never a crash, and nothing kept.
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { createJob, statementCsv } from './helpers.js';

describe('jobs: refused uploads and early reads', () => {
  let t: TestApp;
  let key: string;
  let accountId: string;
  beforeAll(async () => {
    // No worker runs here: jobs stay queued.
    t = await createTestApp({ config: { rateLimitPerHour: 1_000_000, jobMaxUploadBytes: 4096 } });
    const a = await accountWithKey(t, 'starter');
    key = a.key;
    accountId = a.account.id;
  });
  afterAll(() => t.close());

  const count = async () => (await t.ctx.jobs.repo.listJobs(accountId, 1000)).length;

  it('no file, more than 100 files, too many bytes, a damaged ZIP, an unknown bank: contract errors and no job left behind', async () => {
    const cases: [string, Awaited<ReturnType<typeof createJob>>, number, string][] = [
      ['no file', await createJob(t, key, [], [{ name: 'bank', value: 'auto' }]), 400, 'invalid_request'],
      [
        '101 files',
        await createJob(
          t,
          key,
          Array.from({ length: 101 }, (_, i) => ({ name: `f${i}.csv`, bytes: 'x' })),
        ),
        400,
        'invalid_request',
      ],
      [
        'over the job limit',
        await createJob(t, key, [
          { name: 'a.csv', bytes: 'a'.repeat(3000) },
          { name: 'b.csv', bytes: 'b'.repeat(3000) },
        ]),
        400,
        'file_too_large',
      ],
      [
        'damaged zip',
        await createJob(t, key, [{ name: 'x.zip', bytes: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 0xff)]) }]),
        400,
        'invalid_request',
      ],
      ['zip bomb', await createJob(t, key, [{ name: 'bomb.zip', bytes: zipSync({ 'a.csv': new Uint8Array(100_000) }) }]), 400, 'file_too_large'],
      [
        'unknown bank',
        await createJob(t, key, [{ name: 'a.csv', bytes: statementCsv(1) }], [{ name: 'bank', value: 'no-such-bank' }]),
        422,
        'unsupported_bank',
      ],
      ['wrong field', await createJob(t, key, [], [{ name: 'upload', value: 'x', filename: 'a.csv' }]), 400, 'invalid_request'],
    ];
    for (const [what, res, status, code] of cases) {
      expect(res.statusCode, what).toBe(status);
      expect(res.json().code, what).toBe(code);
    }
    expect(await count()).toBe(0);
    const blobs = await t.ctx.dbh.db.withTables<{ job_blobs: { file_id: string } }>().selectFrom('job_blobs').select('file_id').execute();
    expect(blobs).toEqual([]);
  });

  it('a file not converted yet answers 409 result_not_ready; a file index that does not exist 404', async () => {
    const created = (await createJob(t, key, [{ name: 'a.csv', bytes: statementCsv(1) }])).json();
    const early = await t.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${created.id}/files/0`,
      headers: { 'x-api-key': key, 'x-job-key': created.result_key },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('result_not_ready');
    expect(early.headers['retry-after']).toBeDefined();
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${created.id}/files/5`,
      headers: { 'x-api-key': key, 'x-job-key': created.result_key },
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/jobs/job_nope', headers: { 'x-api-key': key } })).statusCode).toBe(404);
  });

  it('the free plan has no API jobs; a month already used up is refused at once', async () => {
    const free = await accountWithKey(t, 'free');
    expect((await createJob(t, free.key, [{ name: 'a.csv', bytes: statementCsv(1) }])).statusCode).toBe(403);
    const full = await accountWithKey(t, 'starter');
    for (let i = 0; i < 200; i++) await t.ctx.repos.usage.tryReserve(full.account.id, '2026-11', 200);
    const res = await createJob(t, full.key, [{ name: 'a.csv', bytes: statementCsv(1) }]);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('monthly_limit_reached');
  });

  it('webhooks: register (secret once), list without the secret, another account cannot see or delete it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: { url: 'https://8.8.8.8/hook', events: ['job.completed'] },
    });
    expect(res.statusCode).toBe(201);
    const hook = res.json();
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/webhooks', headers: { 'x-api-key': key } });
    expect(list.json().webhooks).toEqual([{ id: hook.id, url: 'https://8.8.8.8/hook', events: ['job.completed'], created_at: hook.created_at }]);
    expect(list.body).not.toContain(hook.secret);
    const other = await accountWithKey(t, 'pro');
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/webhooks/${hook.id}/deliveries`, headers: { 'x-api-key': other.key } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/webhooks/${hook.id}`, headers: { 'x-api-key': other.key } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/webhooks/${hook.id}`, headers: { 'x-api-key': key } })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/webhooks', headers: { 'x-api-key': key } })).json().webhooks).toEqual([]);
  });
});
