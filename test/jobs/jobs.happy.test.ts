// Jobs through app.inject on a real database (SQLite; PostgreSQL + Redis/BullMQ with TEST_DATABASE_URL
// and TEST_REDIS_URL): upload, the worker converts, results are read in every way the API offers.
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { zipSync } from 'fflate';
import { createJob, NO_ROWS_CSV, statementCsv, waitForJob } from './helpers.js';

describe('jobs: the happy path', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ startMs: Date.now(), config: { rateLimitPerHour: 1_000_000 } });
    await t.ctx.jobs.start({ consume: true });
    ({ key } = await accountWithKey(t, 'starter'));
  });
  afterAll(() => t.close());

  it('202 with Location and a one-time result_key; converts every file; results in JSON, CSV and a ZIP', async () => {
    const files = [0, 1, 2].map((n) => ({ name: `march-${n}.csv`, bytes: statementCsv(n) }));
    const res = await createJob(t, key, files);
    expect(res.statusCode).toBe(202);
    const created = res.json();
    expect(res.headers.location).toBe(`/api/v1/jobs/${created.id}`);
    expect(created.status).toBe('queued');
    expect(created.result_key).toMatch(/^ljk_/);
    expect(created.files).toEqual(files.map((f, index) => ({ index, filename: f.name, status: 'queued' })));

    const job = await waitForJob(t, key, created.id);
    expect(job.status).toBe('done');
    expect(job.progress).toMatchObject({ total: 3, finished: 3, succeeded: 3, failed: 0, percent: 100 });
    for (const f of job.files)
      expect(f).toMatchObject({
        status: 'done',
        error_code: null,
        bank: expect.any(String),
        transaction_count: 3,
        reconcile_status: 'PASS',
        reconcile_diff: 0,
      });

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${created.id}/files/1`,
      headers: { 'x-api-key': key, 'x-job-key': created.result_key },
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ reconcile_status: 'PASS', transaction_count: 3 });
    expect(one.json().transactions[0].Description).toBe('CARD PAYMENT SHOP 1-0');

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${created.id}/files/2?format=xero`,
      headers: { 'x-api-key': key, 'x-job-key': created.result_key },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-reconcile-status']).toBe('PASS');
    expect(csv.headers['content-disposition']).toContain('march-2-xero.csv');
    expect(csv.body).toContain('CARD PAYMENT SHOP 2-1');

    const zip = await t.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${created.id}/archive?format=csv`,
      headers: { 'x-api-key': key, 'x-job-key': created.result_key },
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(['000-march-0.csv', '001-march-1.csv', '002-march-2.csv', 'manifest.json']);
    const manifest = JSON.parse(Buffer.from(entries['manifest.json']).toString());
    expect(manifest.files.map((f: { entry: string }) => f.entry)).toEqual(['000-march-0.csv', '001-march-1.csv', '002-march-2.csv']);

    // Each file is one conversion, listed with the others.
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/conversions', headers: { 'x-api-key': key } })).json();
    expect(list.conversions.filter((c: { filename: string }) => c.filename.startsWith('march-'))).toHaveLength(3);

    const jobs = (await t.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: { 'x-api-key': key } })).json();
    expect(jobs.jobs[0]).toMatchObject({ id: created.id, status: 'done' });
  });

  it('a ZIP of statements is expanded; a file that fails is reported and its quota unit given back', async () => {
    const account = await t.ctx.apiKeys.authenticate(key);
    const before = (await t.ctx.quota.status({ id: account.account_id, plan: 'starter' }, 'api')).used;
    const zip = zipSync({ 'q1/jan.csv': Buffer.from(statementCsv(10)), 'q1/empty.csv': Buffer.from(NO_ROWS_CSV), '__MACOSX/._jan.csv': new Uint8Array(4) });
    const res = await createJob(t, key, [{ name: 'q1.zip', bytes: zip }]);
    expect(res.statusCode).toBe(202);
    const created = res.json();
    expect(created.files.map((f: { filename: string }) => f.filename)).toEqual(['jan.csv', 'empty.csv']);
    const job = await waitForJob(t, key, created.id);
    expect(job.status).toBe('done');
    expect(job.files[1]).toMatchObject({ status: 'failed', error_code: 'no_transactions_found' });
    const failed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${created.id}/files/1`,
      headers: { 'x-api-key': key, 'x-job-key': created.result_key },
    });
    expect(failed.statusCode).toBe(422);
    expect(failed.json().code).toBe('no_transactions_found');
    const after = (await t.ctx.quota.status({ id: account.account_id, plan: 'starter' }, 'api')).used;
    expect(after - before).toBe(1);
  });

  it('the currency the form states applies to every file of the job', async () => {
    const res = await createJob(t, key, [{ name: 'a.csv', bytes: statementCsv(7) }], [{ name: 'currency', value: 'zmw' }]);
    expect(res.statusCode).toBe(202);
    const created = res.json();
    await waitForJob(t, key, created.id);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${created.id}/files/0`,
      headers: { 'x-api-key': key, 'x-job-key': created.result_key },
    });
    expect(one.json().transactions.map((r: { Currency: string }) => r.Currency)).toEqual(['ZMW', 'ZMW', 'ZMW']);
  });

  it('DELETE removes the job and its results at once', async () => {
    const created = (await createJob(t, key, [{ name: 'a.csv', bytes: statementCsv(3) }])).json();
    await waitForJob(t, key, created.id);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/jobs/${created.id}`, headers: { 'x-api-key': key } });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${created.id}`, headers: { 'x-api-key': key } })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${created.id}/files/0`, headers: { 'x-api-key': key, 'x-job-key': created.result_key } }))
        .statusCode,
    ).toBe(404);
    expect(await t.ctx.jobs.repo.files(created.id)).toEqual([]);
  });
});
