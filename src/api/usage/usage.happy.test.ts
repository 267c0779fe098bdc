import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { fileUpload, SAMPLE_CSV } from '../../../test/helpers/multipart.js';

describe('GET /api/v1/usage (beta, happy paths)', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ startMs: Date.UTC(2026, 10, 15, 12, 0, 0) });
    ({ key } = await accountWithKey(t, 'pro'));
  });
  afterAll(() => t.close());

  const usage = () => t.app.inject({ url: '/api/v1/usage', headers: { 'x-api-key': key } });
  const convert = (query = '') => {
    const up = fileUpload(SAMPLE_CSV);
    return t.app.inject({ method: 'POST', url: `/api/v1/convert${query}`, headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
  };

  it('reports the plan, an empty month and the rate window, agreeing with its own headers', async () => {
    const res = await usage();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.plan).toEqual({ id: 'pro', name: 'Pro', api_access: true, monthly_conversions: 1000 });
    expect(body.month).toEqual({ id: '2026-11', start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z' });
    expect(body.conversions).toEqual({ used: 0, limit: 1000, remaining: 1000, reset_at: '2026-12-01T00:00:00.000Z', reset_seconds: 15.5 * 86400 });
    expect(body.rate_limit).toEqual({ limit: 120, remaining: 119, reset_seconds: 3600, window_seconds: 3600 });
    expect(body.by_format).toEqual({});
    expect(body.by_verdict).toEqual({ PASS: 0, RECONCILE_WARN: 0, NO_BAL: 0 });
    expect(res.headers['x-quota-limit']).toBe(String(body.conversions.limit));
    expect(res.headers['x-quota-remaining']).toBe(String(body.conversions.remaining));
    expect(res.headers['x-quota-reset']).toBe(String(body.conversions.reset_seconds));
    expect(res.headers['ratelimit-limit']).toBe(String(body.rate_limit.limit));
    expect(res.headers['ratelimit-remaining']).toBe(String(body.rate_limit.remaining));
    expect(res.headers['ratelimit-reset']).toBe(String(body.rate_limit.reset_seconds));
  });

  it('counts this month by format and by verdict, and not classify requests', async () => {
    expect((await convert()).statusCode).toBe(200);
    t.advance(60_000);
    expect((await convert('?format=csv')).statusCode).toBe(200);
    expect((await convert('?classify=true')).statusCode).toBe(200);
    const cls = await t.app.inject({
      method: 'POST',
      url: '/api/v1/classify',
      headers: { 'x-api-key': key },
      payload: { transactions: [{ Description: 'TESCO', Amount: '-1' }] },
    });
    expect(cls.statusCode).toBe(200);
    t.advance(1500);
    const res = await usage();
    const body = res.json();
    expect(body.conversions).toMatchObject({ used: 3, limit: 1000, remaining: 997 });
    expect(body.by_format).toEqual({ csv: 1, json: 2 });
    expect(body.by_verdict).toEqual({ PASS: 3, RECONCILE_WARN: 0, NO_BAL: 0 });
    expect(body.rate_limit.remaining).toBe(120 - 6);
    expect(body.rate_limit.reset_seconds).toBe(3600 - 61);
    expect(res.headers['ratelimit-remaining']).toBe(String(body.rate_limit.remaining));
    expect(res.headers['ratelimit-reset']).toBe(String(body.rate_limit.reset_seconds));
    expect(res.headers['x-quota-remaining']).toBe('997');
    expect(res.headers['x-quota-reset']).toBe(String(body.conversions.reset_seconds));
  });

  it('starts a new month from zero', async () => {
    t.advance(20 * 86400_000);
    const body = (await usage()).json();
    expect(body.month.id).toBe('2026-12');
    expect(body.conversions.used).toBe(0);
    expect(body.by_format).toEqual({});
  });
});
