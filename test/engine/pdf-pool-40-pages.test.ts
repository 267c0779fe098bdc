// A 40-page statement through the API and the real worker pool: the right verdict and every row,
// while /healthz keeps answering during the conversion (the conversion runs off the main thread).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload } from '../helpers/multipart.js';
import { BANK_LAYOUTS } from '../fixtures/pdf/bank-layouts.js';
import { renderStatement } from '../fixtures/pdf/render-statement.js';

describe('40-page PDF through the worker pool', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { convertWorkers: 1, convertTimeoutMs: 120_000 }, overrides: { converter: 'pool' } });
    ({ key } = await accountWithKey(t, 'business'));
  });
  afterAll(() => t.close());

  it('converts with the right verdict while /healthz answers', async () => {
    const { bytes, truth } = await renderStatement(BANK_LAYOUTS.hsbcLike, { rows: 40 * 24, rowsPerPage: 24 });
    expect(truth.pages).toBe(40);
    const up = fileUpload(Buffer.from(bytes), 'statement-40-pages.pdf');
    let done = false;
    const conversion = t.app
      .inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up.headers, 'x-api-key': key }, payload: up.payload })
      .finally(() => {
        done = true;
      });
    const health: number[] = [];
    while (!done) {
      const h = await t.app.inject({ method: 'GET', url: '/healthz' });
      health.push(h.statusCode);
      await new Promise((r) => setTimeout(r, 50));
    }
    const res = await conversion;
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.reconcile_status).toBe(truth.reconcile_status);
    expect(body.transaction_count).toBe(truth.transactions.length);
    expect(body.transactions.map((x: { Date: string; Amount: string }) => [x.Date, x.Amount])).toEqual(truth.transactions.map((x) => [x.Date, x.Amount]));
    // Every health probe fired during the conversion answered, and at least one was fired.
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((s) => s === 200)).toBe(true);
  }, 180_000);
});
