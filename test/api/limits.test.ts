import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthOf } from '../../src/services/clock.js';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload, SAMPLE_CSV } from '../helpers/multipart.js';

describe('rate limit: 120 requests per rolling hour per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the 121st request within an hour is 429 with Retry-After; the window rolls', async () => {
    const { key, account } = await accountWithKey(t, 'business');
    const second = await t.ctx.apiKeys.create(account, 'second key');
    for (let i = 0; i < 120; i++) {
      // Both keys of one account share one count.
      const res = await t.app.inject({ url: '/api/v1/conversions', headers: { 'x-api-key': i % 2 ? key : second.key } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-remaining']).toBe(String(119 - i));
      if (i === 0) t.advance(30 * 60_000);
    }
    const over = await t.app.inject({ url: '/api/v1/conversions', headers: { 'x-api-key': key } });
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('rate_limited');
    expect(over.headers['ratelimit-remaining']).toBe('0');
    // The first request was made 30 minutes before the others: it leaves the window first.
    expect(Number(over.headers['retry-after'])).toBe(30 * 60);
    t.advance(30 * 60_000);
    const after = await t.app.inject({ url: '/api/v1/conversions', headers: { 'x-api-key': key } });
    expect(after.statusCode).toBe(200);
    expect(after.headers['ratelimit-remaining']).toBe('0');
    const again = await t.app.inject({ url: '/api/v1/conversions', headers: { 'x-api-key': key } });
    expect(again.statusCode).toBe(429);
    t.advance(60 * 60_000);
    expect((await t.app.inject({ url: '/api/v1/conversions', headers: { 'x-api-key': key } })).headers['ratelimit-remaining']).toBe('119');
  });

  it('another account keeps its own count', async () => {
    const { key } = await accountWithKey(t, 'starter');
    const res = await t.app.inject({ url: '/api/v1/conversions', headers: { 'x-api-key': key } });
    expect(res.headers['ratelimit-remaining']).toBe('119');
  });
});

describe('monthly quota', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const convert = (key: string, csv = SAMPLE_CSV) => {
    const up = fileUpload(csv);
    return t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
  };

  it('refuses with 429 monthly_limit_reached once the plan is used up, and resets next month', async () => {
    const { key, account } = await accountWithKey(t, 'starter');
    const { month } = monthOf(t.now());
    for (let i = 0; i < 199; i++) await t.ctx.repos.usage.tryReserve(account.id, month, 200);
    const last = await convert(key);
    expect(last.statusCode).toBe(200);
    expect(last.headers['x-quota-remaining']).toBe('0');
    const over = await convert(key);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('monthly_limit_reached');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    t.advance(31 * 24 * 3600_000);
    const next = await convert(key);
    expect(next.statusCode).toBe(200);
    expect(next.headers['x-quota-remaining']).toBe('199');
  });

  it('failed conversions do not count', async () => {
    const { key } = await accountWithKey(t, 'starter');
    const bad = await convert(key, 'not a statement at all\n');
    expect(bad.statusCode).toBe(422);
    const ok = await convert(key);
    expect(ok.headers['x-quota-remaining']).toBe('199');
  });

  it('concurrent requests never overrun the quota', async () => {
    const { key, account } = await accountWithKey(t, 'starter');
    const { month } = monthOf(t.now());
    for (let i = 0; i < 197; i++) await t.ctx.repos.usage.tryReserve(account.id, month, 200);
    const results = await Promise.all(Array.from({ length: 12 }, () => convert(key)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(9);
    expect(await t.ctx.repos.usage.used(account.id, month)).toBe(200);
  });
});
