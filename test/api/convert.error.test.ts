import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload, multipart, SAMPLE_CSV } from '../helpers/multipart.js';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

describe('POST /api/v1/convert (errors from the contract table)', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { maxUploadBytes: 64 * 1024 } });
    ({ key } = await accountWithKey(t, 'pro'));
  });
  afterAll(() => t.close());

  const post = (up: { payload: Buffer; headers: Record<string, string> }, query = '') =>
    t.app.inject({ method: 'POST', url: `/api/v1/convert${query}`, headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });

  function expectProblem(res: Awaited<ReturnType<typeof post>>, status: number, code: string) {
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const p = res.json();
    expect(p).toMatchObject({ type: 'about:blank', status, code });
    expect(typeof p.title).toBe('string');
    expect(p.detail.length).toBeGreaterThan(5);
    expect(p.request_id).toMatch(/^req_/);
    expect(JSON.stringify(p)).not.toMatch(/at .*\.ts:\d+/);
    return p;
  }

  it('400 invalid_request when there is no file part', async () => {
    expectProblem(await post(multipart([{ name: 'bank', value: 'auto' }])), 400, 'invalid_request');
  });

  it('400 invalid_request for two file parts', async () => {
    const up = multipart([
      { name: 'file', value: SAMPLE_CSV, filename: 'a.csv' },
      { name: 'file', value: SAMPLE_CSV, filename: 'b.csv' },
    ]);
    expectProblem(await post(up), 400, 'invalid_request');
  });

  it('400 invalid_request for an unknown format value, listing the formats', async () => {
    const res = await post(fileUpload(SAMPLE_CSV), '?format=pdf');
    expectProblem(res, 400, 'invalid_request');
    expect(res.json().detail).toBe('Unknown format "pdf". The formats are: json, csv, xlsx, xero, quickbooks, sage, freeagent, ofx, qbo, qif.');
    // The same answer whatever the value looks like, never the schema's own wording.
    const odd = await post(fileUpload(SAMPLE_CSV), '?format=XERO%20');
    expect(odd.json().detail).toMatch(/^Unknown format "XERO ". The formats are: json, csv/);
  });

  it('400 invalid_request for an unknown include value', async () => {
    expectProblem(await post(fileUpload(SAMPLE_CSV), '?include=payee'), 400, 'invalid_request');
  });

  it('400 invalid_request for a body that is not multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/convert',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: '{"a":1}',
    });
    expectProblem(res, 400, 'invalid_request');
    const res2 = await t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { 'x-api-key': key, 'content-type': 'text/plain' }, payload: 'hello' });
    expectProblem(res2, 400, 'invalid_request');
  });

  it('400 unsupported_file_type for a PNG named .pdf, judged by bytes', async () => {
    expectProblem(await post(fileUpload(PNG, 'statement.pdf')), 400, 'unsupported_file_type');
  });

  it('400 unsupported_file_type for an empty file', async () => {
    expectProblem(await post(fileUpload(new Uint8Array(0), 'empty.csv')), 400, 'unsupported_file_type');
  });

  it('400 file_too_large past the limit while streaming', async () => {
    const big = new Uint8Array(200 * 1024).fill(0x41);
    const p = expectProblem(await post(fileUpload(big, 'big.csv')), 400, 'file_too_large');
    expect(p.detail).toMatch(/limit/);
  });

  it('422 unsupported_bank for a bank with no profile', async () => {
    expectProblem(await post(fileUpload(SAMPLE_CSV, 's.csv', [{ name: 'bank', value: "nosuchbank'; DROP TABLE accounts;--" }])), 422, 'unsupported_bank');
  });

  it('400 invalid_request for a currency ISO 4217 does not have', async () => {
    const p = expectProblem(await post(fileUpload(SAMPLE_CSV, 's.csv', [{ name: 'currency', value: 'POUNDS' }])), 400, 'invalid_request');
    expect(p.detail).toMatch(/ISO 4217/);
  });

  it('422 no_transactions_found for text with no transaction table', async () => {
    expectProblem(await post(fileUpload('hello world\nthis is not a statement\n', 'notes.csv')), 422, 'no_transactions_found');
  });

  it('records every failure in the list with its error code, and refunds the quota', async () => {
    const res = await t.app.inject({ url: '/api/v1/conversions', headers: { 'x-api-key': key } });
    const list = res.json().conversions;
    expect(list.length).toBeGreaterThanOrEqual(9);
    expect(list.every((c: { status: string }) => c.status === 'failed')).toBe(true);
    const codes = new Set(list.map((c: { error_code: string }) => c.error_code));
    for (const code of ['invalid_request', 'unsupported_file_type', 'file_too_large', 'unsupported_bank', 'no_transactions_found'])
      expect(codes).toContain(code);
    expect(res.headers['x-quota-remaining']).toBe('1000');
  });

  it('404 problem for an unknown path', async () => {
    const res = await t.app.inject({ url: '/api/v1/nothing', headers: { 'x-api-key': key } });
    expectProblem(res, 404, 'not_found');
  });
});
