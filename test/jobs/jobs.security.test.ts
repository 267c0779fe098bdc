// Jobs and webhooks against the threats of SECURITY.md: other accounts, wrong result keys, copies of
// the database, retention, and webhook URLs that point inward (at registration and at delivery).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { createJob, receiver, statementCsv, until, waitForJob } from './helpers.js';

const SECRET_TEXT = 'CARD PAYMENT SHOP 77';

describe('jobs: isolation and sealing', () => {
  let t: TestApp;
  let a: { key: string };
  let b: { key: string };
  let job: { id: string; result_key: string };
  beforeAll(async () => {
    t = await createTestApp({ startMs: Date.now(), config: { rateLimitPerHour: 1_000_000 } });
    a = await accountWithKey(t, 'starter');
    b = await accountWithKey(t, 'pro');
    const res = await createJob(t, a.key, [{ name: 'secret.csv', bytes: statementCsv(77) }], [{ name: 'password', value: 'pdf-password-xyz' }]);
    expect(res.statusCode).toBe(202);
    job = res.json();
  });
  afterAll(() => t.close());

  it('a queued input is sealed: the database holds neither its text nor the PDF password', async () => {
    const blobs = await t.ctx.dbh.db
      .withTables<{ job_blobs: { file_id: string; kind: string; data: Uint8Array } }>()
      .selectFrom('job_blobs')
      .selectAll()
      .execute();
    expect(blobs.map((r) => r.kind)).toEqual(['input']);
    for (const r of blobs) expect(Buffer.from(r.data).includes(Buffer.from('CARD PAYMENT'))).toBe(false);
    const rows = JSON.stringify(await t.ctx.dbh.db.withTables<{ jobs: Record<string, unknown> }>().selectFrom('jobs').selectAll().execute());
    expect(rows).not.toContain('pdf-password-xyz');
    expect(rows).not.toContain(job.result_key);
  });

  it('after conversion only the sealed result is kept; the result key is nowhere in the database', async () => {
    await t.ctx.jobs.start({ consume: true });
    await waitForJob(t, a.key, job.id);
    const blobs = await t.ctx.dbh.db
      .withTables<{ job_blobs: { file_id: string; kind: string; data: Uint8Array } }>()
      .selectFrom('job_blobs')
      .selectAll()
      .execute();
    expect(blobs.map((r) => r.kind)).toEqual(['result']);
    expect(Buffer.from(blobs[0].data).includes(Buffer.from(SECRET_TEXT))).toBe(false);
    if (t.ctx.dbh.dialect === 'sqlite') {
      const file = t.ctx.config.databaseUrl.slice('sqlite:'.length);
      for (const f of [file, `${file}-wal`]) {
        if (!fs.existsSync(f)) continue;
        const bytes = fs.readFileSync(f);
        expect(bytes.includes(Buffer.from(SECRET_TEXT)), f).toBe(false);
        expect(bytes.includes(Buffer.from(job.result_key)), f).toBe(false);
        expect(bytes.includes(Buffer.from('pdf-password-xyz')), f).toBe(false);
      }
    }
    const ok = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${job.id}/files/0`, headers: { 'x-api-key': a.key, 'x-job-key': job.result_key } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain(SECRET_TEXT);
  });

  it('another account gets 404 for the job, its files, its archive and DELETE, even with the right result key', async () => {
    for (const [method, url] of [
      ['GET', `/api/v1/jobs/${job.id}`],
      ['GET', `/api/v1/jobs/${job.id}/files/0`],
      ['GET', `/api/v1/jobs/${job.id}/archive`],
      ['DELETE', `/api/v1/jobs/${job.id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { 'x-api-key': b.key, 'x-job-key': job.result_key } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain(SECRET_TEXT);
    }
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: { 'x-api-key': b.key } })).json();
    expect(list.jobs).toEqual([]);
  });

  it('a wrong or missing X-Job-Key cannot read results (403 invalid_job_key)', async () => {
    const other = (await createJob(t, a.key, [{ name: 'x.csv', bytes: statementCsv(1) }])).json();
    for (const k of [undefined, 'ljk_wrong', other.result_key, job.result_key.slice(0, -2) + 'AA', ` ${job.result_key}`]) {
      const headers: Record<string, string> = { 'x-api-key': a.key };
      if (k !== undefined) headers['x-job-key'] = k;
      for (const url of [`/api/v1/jobs/${job.id}/files/0`, `/api/v1/jobs/${job.id}/archive?format=csv`]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${url} with ${k}`).toBe(403);
        expect(res.json().code).toBe('invalid_job_key');
        expect(res.body).not.toContain(SECRET_TEXT);
      }
    }
  });

  it('results are gone after the retention period (24 h by default)', async () => {
    const res = await createJob(t, a.key, [{ name: 'old.csv', bytes: statementCsv(5) }]);
    const created = res.json();
    await waitForJob(t, a.key, created.id);
    t.advance(24 * 3600_000 + 1000);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${created.id}`, headers: { 'x-api-key': a.key } })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${created.id}/files/0`, headers: { 'x-api-key': a.key, 'x-job-key': created.result_key } }))
        .statusCode,
    ).toBe(404);
    await t.ctx.jobs.sweep();
    expect(await t.ctx.jobs.repo.jobById(created.id)).toBeUndefined();
    expect(await t.ctx.jobs.repo.files(created.id)).toEqual([]);
    const blobs = await t.ctx.dbh.db.withTables<{ job_blobs: { file_id: string } }>().selectFrom('job_blobs').select('file_id').execute();
    expect(blobs).toEqual([]);
  });
});

describe('webhooks: URLs must be https and public, at registration and at delivery', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { webhookRetryBaseMs: 50, rateLimitPerHour: 1_000_000 }, overrides: { clock: () => Date.now() } });
    ({ key } = await accountWithKey(t, 'starter'));
  });
  afterAll(() => t.close());

  const register = (url: string, events = ['job.completed']) =>
    t.app.inject({ method: 'POST', url: '/api/v1/webhooks', headers: { 'x-api-key': key, 'content-type': 'application/json' }, payload: { url, events } });

  it('refuses http, credentials, and hosts that are (or resolve to) loopback, private, link-local, unique-local or IPv4-mapped addresses', async () => {
    for (const url of [
      'http://example.com/hook',
      'https://user:pw@example.com/hook',
      'https://127.0.0.1/hook',
      'https://2130706433/hook',
      'https://0x7f.1/hook',
      'https://localhost:8443/hook',
      'https://10.1.2.3/hook',
      'https://192.168.0.10/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[fd00::1]/hook',
      'https://[fe80::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:a00:1]/hook',
      'ftp://example.com/hook',
      'not a url',
    ]) {
      const res = await register(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    }
    expect((await register('https://8.8.8.8/hook', ['job.unknown'])).statusCode).toBe(400);
  });

  it('re-checks at delivery time: an endpoint that now resolves to loopback gets nothing, and the attempt says why', async () => {
    const r = await receiver();
    try {
      // As if the name had resolved to a public address at registration and points inward now.
      const hook = await t.ctx.jobs.webhooks.register((await t.ctx.apiKeys.authenticate(key)).account_id, 'https://8.8.8.8/hook', [
        'job.completed',
        'job.failed',
      ]);
      await t.ctx.dbh.db
        .withTables<{ webhooks: { id: string; url: string } }>()
        .updateTable('webhooks')
        .set({ url: r.url.replace('http://127.0.0.1', 'https://localhost') })
        .where('id', '=', hook.webhook.id)
        .execute();
      await t.ctx.jobs.start({ consume: true });
      const created = (await createJob(t, key, [{ name: 'a.csv', bytes: statementCsv(2) }])).json();
      await waitForJob(t, key, created.id);
      let deliveries: any[] = [];
      await until(
        async () => {
          deliveries = (await t.app.inject({ method: 'GET', url: `/api/v1/webhooks/${hook.webhook.id}/deliveries`, headers: { 'x-api-key': key } })).json()
            .deliveries;
          return deliveries.length === 1 && deliveries[0].attempt_count >= 2;
        },
        20_000,
        'two refused attempts',
      );
      expect(deliveries[0].status).toBe('pending');
      expect(deliveries[0].last_status_code).toBeNull();
      expect(deliveries[0].last_error).toMatch(/not a public address/);
      expect(deliveries[0].next_attempt_at).toBeTruthy();
      expect(r.received).toHaveLength(0);
    } finally {
      await r.close();
    }
  });
});
