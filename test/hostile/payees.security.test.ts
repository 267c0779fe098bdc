// Issue 47, findings 7, 8 and 9: job results ignored the account's payee rules (convert applied them),
// their payees were read on the server's event loop whenever one was written as a file (a 100,000-row
// Xero file held /healthz 1.5 s), and payee rules had no work limit (500 heavy rules turned a 3 s
// conversion into 24 s). Payees are now read once, in the conversion, with the account's rules, on
// every path, within classify's work limit. (/healthz during a large Xero job file: `npm run bench`.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload } from '../helpers/multipart.js';
import { createJob, statementCsv, waitForJob } from '../jobs/helpers.js';

describe('payee rules: the same on every path, within a work limit', () => {
  let t: TestApp;
  let key: string;
  let accountId: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimitPerHour: 1_000_000 }, overrides: { clock: () => Date.now() } });
    const a = await accountWithKey(t, 'business');
    key = a.key;
    accountId = a.account.id;
    await t.ctx.payees.addRule(accountId, { pattern: 'SHOP 5-', payee: 'Corner Shop' });
  });
  afterAll(() => t.close());

  const api = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { 'x-api-key': key, ...headers } });
  const xeroPayees = (csv: string) =>
    csv
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((l) => l.split(',')[2]);

  it("a job's results carry the account's payee rules, in the file and the archive, as convert's do", async () => {
    const csv = statementCsv(5);
    const up = fileUpload(csv, 'a.csv');
    const convert = await t.app.inject({
      method: 'POST',
      url: '/api/v1/convert?format=xero',
      headers: { ...up.headers, 'x-api-key': key },
      payload: up.payload,
    });
    expect(convert.statusCode).toBe(200);
    expect(xeroPayees(convert.body)).toEqual(['Corner Shop', 'Corner Shop', 'Corner Shop']);

    const job = (await createJob(t, key, [{ name: 'a.csv', bytes: csv }])).json();
    await t.ctx.jobs.runner.runNext();
    expect((await waitForJob(t, key, job.id)).status).toBe('done');
    const file = await api(`/api/v1/jobs/${job.id}/files/0?format=xero`, { 'x-job-key': job.result_key });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(convert.body);

    // The stored result holds its payees, so no writer reads them again on the server.
    const { job: row, files } = await t.ctx.jobs.service.unlock(accountId, job.id, job.result_key);
    const stored = await t.ctx.jobs.service.openResult(row, files[0], job.result_key);
    expect(stored.payees).toEqual(['Corner Shop', 'Corner Shop', 'Corner Shop']);

    const archive = await t.app.inject({ url: `/api/v1/jobs/${job.id}/archive?format=qif`, headers: { 'x-api-key': key, 'x-job-key': job.result_key } });
    expect(archive.statusCode).toBe(200);
    const { unzipSync, strFromU8 } = await import('fflate');
    const entries = unzipSync(new Uint8Array(archive.rawPayload));
    const qif = strFromU8(entries[Object.keys(entries).find((n) => n.endsWith('.qif'))!]);
    expect(qif.match(/^PCorner Shop$/gm)).toHaveLength(3);
  });

  it('500 heavy payee rules over 4,000 rows are refused before any rule runs, on convert and in a job', async () => {
    const heavy = await accountWithKey(t, 'business');
    for (let i = 0; i < 500; i++) await t.ctx.payees.addRule(heavy.account.id, { pattern: '/.{0,99}.{0,99}.{0,99}.{0,99}.{0,99}X/', payee: `P${i}` });
    const rows = ['Date,Description,Amount'];
    for (let i = 0; i < 4000; i++) rows.push(`01/03/2024,CARD PAYMENT TO A MERCHANT WITH A LONG NAME NUMBER ${String(i).padStart(5, '0')} LONDON GB,-1.00`);
    const csv = rows.join('\n') + '\n';
    for (const query of ['?format=xero', '?include=payees']) {
      const up = fileUpload(csv, 'big.csv');
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/convert${query}`,
        headers: { ...up.headers, 'x-api-key': heavy.key },
        payload: up.payload,
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
      expect(res.json().code).toBe('invalid_request');
      expect(res.json().detail).toMatch(/500 payee rules over 4,000 transactions need more work/);
    }
    // Without a payee field nothing reads payees, so the same file converts.
    const up = fileUpload(csv, 'big.csv');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up.headers, 'x-api-key': heavy.key }, payload: up.payload })).statusCode,
    ).toBe(200);

    const job = (await createJob(t, heavy.key, [{ name: 'big.csv', bytes: csv }])).json();
    await t.ctx.jobs.runner.runNext();
    const done = await waitForJob(t, heavy.key, job.id);
    expect(done.status).toBe('failed');
    expect(done.files[0].error_code).toBe('invalid_request');
    expect(done.files[0].error_detail).toMatch(/payee rules/);
  });
});
