// A job's archive: a long result's JSON entry is the pretty JSON of its result byte for byte (it is
// written a slice of rows at a time), and an XLSX entry, written in a conversion process, reads back as
// the file's own XLSX.
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { createJob, waitForJob } from './helpers.js';

/** A chained export of `rows` rows over several months (more rows than one JSON slice of the archive). */
function longCsv(rows: number): string {
  const lines = ['Date,Description,Paid out,Paid in,Balance'];
  let balance = 5_000_000;
  for (let i = 0; i < rows; i++) {
    const day = new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 40) * 86_400_000);
    const out = i % 3 ? 100 + ((i * 37) % 900) : 0;
    const inn = out ? 0 : 2500 + (i % 11);
    balance += inn - out;
    const money = (v: number) => (v ? (v / 100).toFixed(2) : '');
    const d = `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
    lines.push(`${d},"SHOP ${i}, ""QUOTED"" LONDON",${money(out)},${money(inn)},${money(balance)}`);
  }
  return lines.join('\r\n') + '\r\n';
}

/** The compression method of a zip entry (0 stored, 8 deflated), from its local header. */
function methodOf(zip: Buffer, name: string): number {
  const at = zip.indexOf(Buffer.from(name)) - 30;
  expect(zip.readUInt32LE(at)).toBe(0x04034b50);
  return zip.readUInt16LE(at + 8);
}

describe('jobs: the archive', () => {
  let t: TestApp;
  let key: string;
  let job: { id: string; result_key: string };
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-api-key': key, 'x-job-key': job.result_key } });

  beforeAll(async () => {
    t = await createTestApp({ startMs: Date.now(), config: { rateLimitPerHour: 1_000_000 }, overrides: { converter: 'pool' } });
    await t.ctx.jobs.start({ consume: true });
    ({ key } = await accountWithKey(t, 'starter'));
    job = (await createJob(t, key, [{ name: 'long.csv', bytes: longCsv(5000) }])).json();
    expect((await waitForJob(t, key, job.id, 120_000)).status).toBe('done');
  }, 180_000);
  afterAll(() => t.close());

  it('a long JSON entry is the pretty JSON of the file’s result, byte for byte', async () => {
    const one = (await get(`/api/v1/jobs/${job.id}/files/0`)).json();
    expect(one.transaction_count).toBe(5000);
    const zip = await get(`/api/v1/jobs/${job.id}/archive?format=json`);
    expect(zip.statusCode).toBe(200);
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    const text = Buffer.from(entries['000-long.json']).toString('utf8');
    const { bank, reconcile_status, reconcile_diff, transaction_count, warnings, transactions } = one;
    expect(text).toBe(JSON.stringify({ bank, reconcile_status, reconcile_diff, transaction_count, warnings, transactions }, null, 2) + '\n');
    expect(methodOf(zip.rawPayload, '000-long.json')).toBe(8);
  });

  it('an XLSX entry, written in a conversion process, holds the file’s own workbook', async () => {
    const zip = await get(`/api/v1/jobs/${job.id}/archive?format=xlsx`);
    expect(zip.statusCode).toBe(200);
    const name = '000-long.xlsx';
    // (Deflated again: exceljs compresses lightly, and a second deflate takes about a fifth off.)
    expect(methodOf(zip.rawPayload, name)).toBe(8);
    const xlsx = unzipSync(unzipSync(new Uint8Array(zip.rawPayload))[name]);
    const own = unzipSync(new Uint8Array((await get(`/api/v1/jobs/${job.id}/files/0?format=xlsx`)).rawPayload));
    // (exceljs stamps its zip's entries with the wall clock: the entries are compared, not the bytes.)
    expect(Object.keys(xlsx).sort()).toEqual(Object.keys(own).sort());
    for (const k of Object.keys(own)) expect(Buffer.from(xlsx[k]).equals(Buffer.from(own[k])), k).toBe(true);
    const manifest = JSON.parse(Buffer.from(unzipSync(new Uint8Array(zip.rawPayload))['manifest.json']).toString());
    expect(manifest.files[0]).toMatchObject({ entry: name, status: 'done', transaction_count: 5000 });
  });
});
