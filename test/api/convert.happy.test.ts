import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload, SAMPLE_CSV } from '../helpers/multipart.js';

describe('POST /api/v1/convert (happy paths)', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ key } = await accountWithKey(t, 'starter'));
  });
  afterAll(() => t.close());

  it('returns the contract result as JSON with rate and quota headers', async () => {
    const up = fileUpload(SAMPLE_CSV);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['bank', 'reconcile_diff', 'reconcile_status', 'transaction_count', 'transactions', 'warnings']);
    expect(body.reconcile_status).toBe('PASS');
    expect(body.reconcile_diff).toBe(0);
    expect(body.transaction_count).toBe(3);
    expect(body.transactions[0]).toEqual({
      Date: '01/03/2024',
      Description: 'CARD PAYMENT TESCO STORES',
      Type: 'debit',
      Debit: '12.30',
      Credit: '',
      Amount: '-12.30',
      Balance: '987.70',
      Reference: '',
      Currency: 'GBP',
    });
    expect(res.headers['ratelimit-limit']).toBe('120');
    expect(res.headers['ratelimit-remaining']).toBe('119');
    expect(res.headers['x-quota-limit']).toBe('200');
    expect(res.headers['x-quota-remaining']).toBe('199');
    expect(res.headers['x-request-id']).toMatch(/^req_/);
  });

  it('returns a CSV file with the verdict in headers', async () => {
    const up = fileUpload(SAMPLE_CSV, 'March statement.csv');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/convert?format=csv', headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('filename="March_statement.csv"');
    expect(res.headers['x-reconcile-status']).toBe('PASS');
    expect(res.headers['x-reconcile-diff']).toBe('0');
    expect(res.headers['x-transaction-count']).toBe('3');
    expect(res.headers['x-bank']).toBeTruthy();
    expect(res.headers['x-warning-count']).toMatch(/^\d+$/);
    expect(res.body.split('\r\n')[0]).toBe('Date,Description,Type,Debit,Credit,Amount,Balance,Reference,Currency');
  });

  it('lists the conversions, newest first, metadata only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/conversions', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(200);
    const { conversions } = res.json();
    expect(conversions).toHaveLength(2);
    expect(conversions[0].format).toBe('csv');
    expect(conversions[0].filename).toBe('March statement.csv');
    expect(conversions[1].format).toBe('json');
    expect(Object.keys(conversions[0]).sort()).toEqual([
      'bank',
      'corrected_at',
      'created_at',
      'duration_ms',
      'error_code',
      'file_size',
      'file_type',
      'filename',
      'format',
      'id',
      'kept_until',
      'page_count',
      'reconcile_diff',
      'reconcile_status',
      'source',
      'status',
      'transaction_count',
    ]);
    expect(conversions[0]).toMatchObject({
      status: 'succeeded',
      error_code: null,
      file_type: 'csv',
      source: 'api',
      transaction_count: 3,
      reconcile_status: 'PASS',
      reconcile_diff: 0,
    });
    expect(JSON.stringify(conversions)).not.toContain('TESCO');
  });

  it('answers health and readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks.database).toBe('ok');
  });

  it('lists the accepted bank values', async () => {
    const res = await t.app.inject({ url: '/api/v1/banks', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json().banks)).toBe(true);
  });
});

describe('POST /api/v1/convert: a long result', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ key } = await accountWithKey(t, 'business'));
  });
  afterAll(() => t.close());

  it('streams a long JSON result in pieces: every row, headers as for a short one', async () => {
    const lines = ['Date,Description,Paid out,Paid in,Balance'];
    for (let i = 0; i < 20_000; i++) lines.push(`${String((i % 28) + 1).padStart(2, '0')}/03/2024,SHOP ${i},1.00,,${(1_000_000 - i - 1).toFixed(2)}`);
    const up = fileUpload(lines.join('\n'), 'long.csv');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/convert?include=ids,payees',
      headers: { ...up.headers, 'x-api-key': key },
      payload: up.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['x-quota-remaining']).toBeDefined();
    const body = res.json();
    expect(body.transaction_count).toBe(20_000);
    expect(body.transactions).toHaveLength(20_000);
    expect(body.ids).toHaveLength(20_000);
    expect(body.payees[19_999]).toBe('Shop');
    expect(body.transactions[19_999]).toMatchObject({ Description: 'SHOP 19999', Amount: '-1.00', Balance: '980000.00' });
  });
  it('takes the currency a form states for a statement that prints none', async () => {
    const up = fileUpload(SAMPLE_CSV, 's.csv', [{ name: 'currency', value: 'zar' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.transactions.map((r: { Currency: string }) => r.Currency)).toEqual(['ZAR', 'ZAR', 'ZAR']);
    expect(body.warnings.map((w: { code: string }) => w.code)).not.toContain('currency_assumed');
  });
});
