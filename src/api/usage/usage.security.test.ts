import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { fileUpload, SAMPLE_CSV } from '../../../test/helpers/multipart.js';

describe('GET /api/v1/usage (beta, security)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('needs an API key', async () => {
    const res = await t.app.inject({ url: '/api/v1/usage' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('missing_api_key');
  });

  it("never shows another account's conversions", async () => {
    const a = await accountWithKey(t, 'starter');
    const b = await accountWithKey(t, 'starter');
    const up = fileUpload(SAMPLE_CSV);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up.headers, 'x-api-key': a.key }, payload: up.payload })).statusCode,
    ).toBe(200);
    const body = (await t.app.inject({ url: '/api/v1/usage', headers: { 'x-api-key': b.key } })).json();
    expect(body.conversions.used).toBe(0);
    expect(body.by_format).toEqual({});
    expect(body.rate_limit.remaining).toBe(119);
  });
});
