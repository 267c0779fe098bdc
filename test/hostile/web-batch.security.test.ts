// Issue 47, finding 5: the web batch routes skipped the web limits: a free account queued 70 jobs of
// 100 failing files in 2.6 s (failures cost no quota), and /app/jobs/:id/archive?format=xlsx ignored the
// 120 downloads an hour. Now each file of a web job counts as a web conversion, and a download counts a
// render per file it writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_LIMITS } from '../../src/services/plans.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { statementCsv } from '../jobs/helpers.js';
import { WebClient } from '../web/web-client.js';

describe('web batches count toward the web limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ overrides: { clock: () => Date.now() } });
  });
  afterAll(() => t.close());

  const upload = async (c: WebClient, files: { name: string; bytes: string }[]) => {
    const body = multipart(files.map((f) => ({ name: 'file', value: f.bytes, filename: f.name })));
    return c.request({
      method: 'POST',
      url: '/app/jobs',
      headers: { ...body.headers, 'x-csrf-token': await c.csrf(), origin: c.origin },
      payload: body.payload,
    });
  };

  it(`every file of a web job is a web conversion: past ${WEB_LIMITS.convert.limit} files an hour, 429 and no job`, async () => {
    const c = new WebClient(t);
    await c.signup('batcher@example.com');
    const failing = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `junk${i}.csv`, bytes: 'nothing to read' }));
    const per = 10;
    for (let i = 0; i < WEB_LIMITS.convert.limit / per; i++) expect((await upload(c, failing(per))).statusCode).toBe(202);
    const refused = await upload(c, failing(1));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(refused.json().detail).toMatch(/Too many conversions from your account/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const account = await t.ctx.accounts.byEmail('batcher@example.com');
    expect(await t.ctx.jobs.repo.listJobs(account.id, 1000)).toHaveLength(WEB_LIMITS.convert.limit / per);
  });

  it(`a download counts a render per file it writes: ${WEB_LIMITS.render.limit} renders an hour`, async () => {
    const c = new WebClient(t);
    await c.signup('downloader@example.com');
    await t.ctx.accounts.setPlan('downloader@example.com', 'pro');
    const job = (
      await upload(
        c,
        [1, 2, 3, 4].map((n) => ({ name: `${n}.csv`, bytes: statementCsv(n) })),
      )
    ).json();
    const state = async () => (await c.get(`/app/jobs/${job.id}`)).json().status;
    while ((await state()) !== 'done') await t.ctx.jobs.runner.runNext();
    const download = () => c.request({ method: 'GET', url: `/app/jobs/${job.id}/archive?format=xlsx`, headers: { 'x-job-key': job.result_key } });
    for (let i = 0; i < WEB_LIMITS.render.limit / 4; i++) expect((await download()).statusCode).toBe(200);
    const refused = await download();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/Too many file downloads from your account .*this one counts 4/);
  });
});
