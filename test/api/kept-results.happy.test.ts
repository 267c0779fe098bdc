// Kept results end to end through app.inject: a conversion's result kept for the account's period,
// reopened on the web, corrected (the audit trail built by the server, the verdict decided again),
// downloaded again through the API as JSON and XLSX, deleted, expired and swept.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload, SAMPLE_CSV } from '../helpers/multipart.js';
import { WebClient } from '../web/web-client.js';

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function webAccount(email: string) {
  const c = new WebClient(t);
  await c.signup(email);
  const account = await t.ctx.accounts.setPlan(email, 'starter');
  const key = (await t.ctx.apiKeys.create(account, 'kept')).key;
  const csrf = await c.csrf();
  const up = fileUpload(SAMPLE_CSV, 'march.csv');
  const res = await c.request({ method: 'POST', url: '/app/convert', headers: { ...up.headers, 'x-csrf-token': csrf, origin: c.origin }, payload: up.payload });
  expect(res.statusCode).toBe(200);
  return { c, csrf, key, account, converted: res.json() };
}

const api = (key: string, url: string, method: 'GET' | 'DELETE' = 'GET') => t.app.inject({ method, url, headers: { 'x-api-key': key } });

describe('kept results', () => {
  it('keeps a result for 30 days, lists until when, and gives it again as JSON and in any format', async () => {
    const { key, converted } = await webAccount('keep@example.com');
    expect(converted.kept_until).toBe(new Date(t.now() + 30 * DAY).toISOString());
    const list = (await api(key, '/api/v1/conversions')).json().conversions;
    expect(list[0]).toMatchObject({ id: converted.id, kept_until: converted.kept_until, corrected_at: null });
    const again = await api(key, `/api/v1/conversions/${converted.id}/result?include=proof`);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-kept-until']).toBe(converted.kept_until);
    expect(again.json().transactions).toEqual(converted.result.transactions);
    expect(again.json().proof).toEqual(converted.result.proof);
    expect(again.json().corrections).toBeUndefined();
    const xero = await api(key, `/api/v1/conversions/${converted.id}/result?format=xero`);
    expect(xero.statusCode).toBe(200);
    expect(xero.body).toContain('FASTER PAYMENT ACME LTD');
  });

  it('saves corrections with an audit trail, decides the verdict again, and every file says a person edited rows', async () => {
    const { c, csrf, key, converted } = await webAccount('correct@example.com');
    const rows = converted.result.transactions.map((tx: Record<string, string>, i: number) => ({ key: i, t: { ...tx } }));
    rows[1].t = { ...rows[1].t, Credit: '1600.00', Amount: '1600.00' };
    const put = (body: unknown) =>
      c.request({
        method: 'PUT',
        url: `/app/conversions/${converted.id}/corrections`,
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, origin: c.origin },
        payload: JSON.stringify(body),
      });
    const saved = await put({ rows });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ saved: true, corrections: 1, reconcile_status: 'RECONCILE_WARN' });

    // The page reopens it with the rows as read and the corrections saved.
    const page = await c.get(`/app/conversions/${converted.id}/result`);
    expect(page.statusCode).toBe(200);
    const reopened = page.json();
    expect(reopened.result.transactions[1].Credit).toBe('1500.00');
    expect(reopened.saved.row_keys).toEqual([0, 1, 2]);
    expect(reopened.saved.transactions[1].Credit).toBe('1600.00');

    const json = (await api(key, `/api/v1/conversions/${converted.id}/result`)).json();
    expect(json.reconcile_status).toBe('RECONCILE_WARN');
    expect(json.corrections).toEqual([
      {
        change: 'edited',
        row: 2,
        printed_row: 2,
        printed: converted.result.transactions[1],
        corrected: rows[1].t,
        at: new Date(t.now()).toISOString(),
      },
    ]);
    expect(json.warnings.map((w: { code: string }) => w.code)).toEqual(expect.arrayContaining(['balance_mismatch', 'rows_corrected']));

    const xlsx = await api(key, `/api/v1/conversions/${converted.id}/result?format=xlsx`);
    expect(xlsx.headers['x-corrected-rows']).toBe('1');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const summary = wb.getWorksheet('Summary')!;
    const cells: string[] = [];
    summary.eachRow((r) => cells.push((r.values as unknown[]).map((v) => (v === null || v === undefined ? '' : String(v as string | number))).join('|')));
    expect(cells.join('\n')).toMatch(/Corrected by a person\|yes: 1 row/);
    expect(cells.join('\n')).toMatch(/edited\|2\|2\|02\/03\/2024\|FASTER PAYMENT ACME LTD\|1500\.00/);

    const listed = (await api(key, '/api/v1/conversions')).json().conversions[0];
    expect(listed.corrected_at).toBe(new Date(t.now()).toISOString());

    // The rows as read again: nothing corrected is kept.
    const undone = await put({ rows: converted.result.transactions.map((tx: unknown, i: number) => ({ key: i, t: tx })) });
    expect(undone.json()).toMatchObject({ saved: false, corrections: 0, reconcile_status: 'PASS' });
    const back = (await api(key, `/api/v1/conversions/${converted.id}/result`)).json();
    expect(back.reconcile_status).toBe('PASS');
    expect(back.corrections).toBeUndefined();
  });

  it('refuses corrections naming rows that do not exist', async () => {
    const { c, csrf, converted } = await webAccount('badrows@example.com');
    const tx = converted.result.transactions[0];
    const res = await c.request({
      method: 'PUT',
      url: `/app/conversions/${converted.id}/corrections`,
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, origin: c.origin },
      payload: JSON.stringify({ rows: [{ key: 7, t: tx }] }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_request');
  });

  it("keeps an API answer's result after the answer, in time for the account's next request", async () => {
    const { key } = await webAccount('background@example.com');
    const up = fileUpload(SAMPLE_CSV, 'june.csv');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
    expect(res.statusCode).toBe(200);
    const listed = (await api(key, '/api/v1/conversions')).json().conversions[0];
    const again = await api(key, `/api/v1/conversions/${listed.id}/result`);
    expect(again.statusCode).toBe(200);
    expect(again.json().transactions).toEqual(res.json().transactions);
  });

  it('deletes on request, expires after the period (404 at once, swept later), and keeps nothing at 0 days', async () => {
    const { c, key, account, converted } = await webAccount('expire@example.com');
    const del = await api(key, `/api/v1/conversions/${converted.id}/result`, 'DELETE');
    expect(del.statusCode).toBe(204);
    expect((await api(key, `/api/v1/conversions/${converted.id}/result`)).statusCode).toBe(404);
    expect((await api(key, '/api/v1/conversions')).json().conversions[0].kept_until).toBeNull();

    // A 5-day period moves the expiry of what is kept.
    const set = await c.form('/app/keep-results', { _csrf: await c.csrf(), days: '5' });
    expect(set.statusCode).toBe(303);
    const up = fileUpload(SAMPLE_CSV, 'april.csv');
    await t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
    const listed = (await api(key, '/api/v1/conversions')).json().conversions[0];
    expect(listed.kept_until).toBe(new Date(t.now() + 5 * DAY).toISOString());
    t.advance(5 * DAY + 1);
    expect((await api(key, `/api/v1/conversions/${listed.id}/result`)).statusCode).toBe(404);
    expect(await t.ctx.kept.sweep()).toBeGreaterThanOrEqual(1);

    await t.ctx.kept.setDays(account.id, 0);
    const up2 = fileUpload(SAMPLE_CSV, 'may.csv');
    await t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up2.headers, 'x-api-key': key }, payload: up2.payload });
    expect((await api(key, '/api/v1/conversions')).json().conversions[0].kept_until).toBeNull();
    const page = await c.get('/app/account');
    expect(page.body).toMatch(/id="keep-days"[^>]*value="0"/);
  });
});
