// Kept results are sealed at rest and belong to one account: the database holds no row text, and
// another account gets 404 for the result, its file, its corrections and its deletion.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload } from '../helpers/multipart.js';

const SECRET_TEXT = 'KEPT SECRET PAYEE 7731';
const CSV = ['Date,Description,Money Out,Money In,Balance', `01/03/2024,${SECRET_TEXT},12.30,,987.70`, '02/03/2024,OTHER,,10.00,997.70', ''].join('\r\n');

let t: TestApp;
let a: Awaited<ReturnType<typeof accountWithKey>>;
let b: Awaited<ReturnType<typeof accountWithKey>>;
let id: string;
beforeAll(async () => {
  t = await createTestApp();
  a = await accountWithKey(t, 'starter');
  b = await accountWithKey(t, 'starter');
  const up = fileUpload(CSV, 'secret.csv');
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up.headers, 'x-api-key': a.key }, payload: up.payload });
  expect(res.statusCode).toBe(200);
  id = (await t.app.inject({ method: 'GET', url: '/api/v1/conversions', headers: { 'x-api-key': a.key } })).json().conversions[0].id;
});
afterAll(() => t.close());

describe('kept results at rest', () => {
  it('keeps only sealed bytes: no row text in the database file or its WAL', async () => {
    const ok = await t.app.inject({ method: 'GET', url: `/api/v1/conversions/${id}/result`, headers: { 'x-api-key': a.key } });
    expect(ok.body).toContain(SECRET_TEXT);
    if (t.ctx.dbh.dialect !== 'sqlite') return;
    const file = t.ctx.config.databaseUrl.slice('sqlite:'.length);
    for (const f of [file, `${file}-wal`]) {
      if (fs.existsSync(f)) expect(fs.readFileSync(f).includes(Buffer.from(SECRET_TEXT)), f).toBe(false);
    }
  });

  it('another account gets 404 for the result and its deletion', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `/api/v1/conversions/${id}/result`, headers: { 'x-api-key': b.key } });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    const still = await t.app.inject({ method: 'GET', url: `/api/v1/conversions/${id}/result?format=csv`, headers: { 'x-api-key': a.key } });
    expect(still.statusCode).toBe(200);
  });
});
