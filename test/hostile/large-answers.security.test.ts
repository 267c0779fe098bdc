// Issue 47, finding 7 (what was left): a 100,000-row result came back from its conversion process as
// objects and went on to a writer, crossing the server's event loop twice (a 220 ms /healthz sample in
// `npm run bench -- batch`). The API's convert now has its answer written where the file was read: here
// the converter refuses to hand rows to the server at all, and every answer is still whole. (/healthz
// while a 100,000-row Xero answer is written: `npm run bench -- batch`.) A job file's result is stored the
// same way: written as text where it was read, only its summary crossing (a 40,000-row job file's result
// written as text in the server held /healthz 100-300 ms while another account's webhooks ran), and so is
// the web page's convert (a 100,000-row CSV's 44 MB page answer held /healthz 520-710 ms).
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Converter, SideTasks } from '../../src/adapters/converter.js';
import { InProcessConverter } from '../../src/adapters/in-process.converter.js';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload } from '../helpers/multipart.js';
import { createJob, waitForJob } from '../jobs/helpers.js';
import { WebClient } from '../web/web-client.js';

/** An export of `n` rows (no account named), each closing on its balance. */
function exportOf(n: number): string {
  const lines = ['Date,Description,Money Out,Money In,Balance'];
  let balance = 10_000_000;
  for (let i = 0; i < n; i++) {
    balance -= 125;
    lines.push(`${String((i % 28) + 1).padStart(2, '0')}/03/2024,CARD PAYMENT SHOP ${i},1.25,,${(balance / 100).toFixed(2)}`);
  }
  return lines.join('\r\n') + '\r\n';
}

describe('large answers never reach the server as rows', () => {
  let t: TestApp;
  let key: string;
  /** Rows of each summary the server was given (dates only, for continuity). */
  const summaryRows: number[] = [];
  /** Stored results answered where they were opened (job file downloads, archive entries). */
  let storedAnswers = 0;
  /** Kept results answered where their texts were read (the server only unseals them). */
  let keptAnswers = 0;
  beforeAll(async () => {
    const engine = new InProcessConverter();
    const rows = () => Promise.reject(new Error('a result reached the server as rows'));
    const converter: Converter & Pick<InProcessConverter, 'convertAnswered'> & SideTasks = {
      convert: rows,
      write: rows,
      answerStored: (task) => {
        storedAnswers++;
        return engine.answerStored(task);
      },
      answerKept: (task) => {
        keptAnswers++;
        return engine.answerKept(task);
      },
      classify: (task) => engine.classify(task),
      render: (task) => engine.render(task),
      correct: (task) => engine.correct(task),
      checkRule: (pattern) => engine.checkRule(pattern),
      convertAnswered: (bytes, opts, plan, between) =>
        engine.convertAnswered(bytes, opts, plan, (summary) => {
          summaryRows.push(summary.transactions.length);
          return between(summary);
        }),
      stats: () => engine.stats(),
      close: () => engine.close(),
    };
    t = await createTestApp({ config: { rateLimitPerHour: 1_000_000 }, overrides: { converter } });
    key = (await accountWithKey(t, 'business')).key;
  });
  afterAll(() => t.close());

  it('20,000 rows as Xero, CSV and JSON with every part: whole answers, and the server saw one row of dates', async () => {
    const csv = exportOf(20_000);
    for (const query of ['format=xero', 'format=csv', 'include=payees,ids,proof,provenance']) {
      const up = fileUpload(csv, 'big.csv');
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/convert?${query}`, headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      if (query.startsWith('include')) {
        const json = res.json<{ transaction_count: number; transactions: unknown[]; payees: string[]; ids: string[] }>();
        expect(json.transaction_count).toBe(20_000);
        expect([json.transactions.length, json.payees.length, json.ids.length]).toEqual([20_000, 20_000, 20_000]);
      } else {
        // (Xero takes at most so many rows a file: a ZIP of files, each with its header line.)
        const files =
          res.headers['content-type'] === 'application/zip' ? Object.values(unzipSync(new Uint8Array(res.rawPayload))).map((f) => strFromU8(f)) : [res.body];
        expect(files.reduce((n, f) => n + f.trim().split(/\r?\n/).length - 1, 0)).toBe(20_000);
        expect(res.headers['x-transaction-count']).toBe('20000');
      }
    }
    // The export names no account: continuity has nothing to compare, so no row's date crossed either.
    expect(summaryRows).toEqual([1, 1, 1]);
  });

  it("the web page's convert: its answer written where the file is read, the whole result for the page", async () => {
    summaryRows.length = 0;
    const web = new WebClient(t);
    await web.signup('web-large@example.com');
    await t.ctx.accounts.setPlan('web-large@example.com', 'business');
    const up = fileUpload(exportOf(20_000), 'big.csv');
    const res = await web.request({ method: 'POST', url: '/app/convert', headers: { ...up.headers, 'x-csrf-token': await web.csrf() }, payload: up.payload });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = res.json<{ id: string; filename: string; kept_until: string | null; quota: { used: number }; result: Record<string, unknown[]> }>();
    expect(body).toMatchObject({ id: expect.stringMatching(/^conv_/), filename: 'big.csv', quota: { used: 1 } });
    expect([body.result.transactions.length, body.result.provenance.length, body.result.payees.length]).toEqual([20_000, 20_000, 20_000]);
    expect(summaryRows).toEqual([1]);
    // Reopened from Recent conversions and downloaded again: read where the kept texts are parsed.
    const reopened = await web.get(`/app/conversions/${body.id}/result`);
    expect(reopened.statusCode, reopened.body.slice(0, 300)).toBe(200);
    expect(reopened.json<{ result: { transactions: unknown[] }; saved: null }>()).toMatchObject({ id: body.id, saved: null });
    expect(reopened.json<{ result: { transactions: unknown[] } }>().result.transactions).toHaveLength(20_000);
    const file = await web.get(`/app/conversions/${body.id}/file?format=csv`);
    expect(file.statusCode).toBe(200);
    expect(file.body.trim().split(/\r?\n/)).toHaveLength(20_001);
    expect(keptAnswers).toBe(2);
    // Corrections saved to it: the kept texts read, corrected and written again where the rows are read.
    const rows = reopened.json<{ result: { transactions: Record<string, string>[] } }>().result.transactions.map((t, key) => ({ key, t }));
    rows[5].t = { ...rows[5].t, Description: 'CORRECTED BY A PERSON' };
    const saved = await web.request({
      method: 'PUT',
      url: `/app/conversions/${body.id}/corrections`,
      headers: { 'content-type': 'application/json', 'x-csrf-token': await web.csrf() },
      payload: JSON.stringify({ rows }),
    });
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    expect(saved.json()).toMatchObject({ saved: true, corrections: 1 });
    const again = await web.get(`/app/conversions/${body.id}/result`);
    expect(again.json<{ saved: { transactions: { Description: string }[] } }>().saved.transactions[5].Description).toBe('CORRECTED BY A PERSON');
  });

  it('a 20,000-row job file: stored where it was read, the server saw one row of dates, its file and archive are whole', async () => {
    summaryRows.length = 0;
    const created = (await createJob(t, key, [{ name: 'big.csv', bytes: exportOf(20_000) }])).json<{ id: string; result_key: string }>();
    await t.ctx.jobs.runner.runNext();
    const job = await waitForJob(t, key, created.id);
    expect(job.files[0]).toMatchObject({ status: 'done', transaction_count: 20_000, reconcile_status: 'PASS' });
    expect(summaryRows).toEqual([1]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${created.id}/files/0`,
      headers: { 'x-api-key': key, 'x-job-key': created.result_key },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const json = res.json<{ transaction_count: number; transactions: { Description: string }[] }>();
    expect([json.transaction_count, json.transactions.length]).toEqual([20_000, 20_000]);
    expect(json.transactions[19_999].Description).toBe('CARD PAYMENT SHOP 19999');
    // Its archive, as JSON and as CSV: each entry written where the stored result was opened.
    storedAnswers = 0;
    for (const format of ['json', 'csv']) {
      const zip = await t.app.inject({
        method: 'GET',
        url: `/api/v1/jobs/${created.id}/archive?format=${format}`,
        headers: { 'x-api-key': key, 'x-job-key': created.result_key },
      });
      expect(zip.statusCode, zip.body.slice(0, 300)).toBe(200);
      const entries = unzipSync(new Uint8Array(zip.rawPayload));
      const written = Object.entries(entries).filter(([name]) => name !== 'manifest.json');
      const lines = written.reduce((n, [, bytes]) => n + strFromU8(bytes).trim().split(/\r?\n/).length, 0);
      if (format === 'json') expect(JSON.parse(strFromU8(written[0][1])).transactions).toHaveLength(20_000);
      else expect(lines - written.length).toBe(20_000); // (one header line an entry)
    }
    expect(storedAnswers).toBe(2);
  });
});
