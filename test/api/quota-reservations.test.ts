import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthOf } from '../../src/services/clock.js';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload, SAMPLE_CSV } from '../helpers/multipart.js';

// A process killed between reserving a unit and recording the conversion leaves its reservation
// behind; the unit must come back, exactly once, and never while a live conversion may hold it.
describe('quota reservations left by killed processes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const convert = (key: string) => {
    const up = fileUpload(SAMPLE_CSV);
    return t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
  };

  it('are given back before the account next reserves, once they are older than any live conversion', async () => {
    const { key, account } = await accountWithKey(t, 'starter');
    const subject = { id: account.id, plan: 'starter' };
    // Three conversions whose process died: reserved, never recorded nor released.
    for (let i = 0; i < 3; i++) await t.ctx.quota.reserve(subject, 'api');
    const month = monthOf(t.now()).month;
    expect(await t.ctx.repos.usage.used(account.id, month)).toBe(3);

    // Still young: they might belong to live conversions, so they are kept.
    const early = await convert(key);
    expect(early.headers['x-quota-remaining']).toBe('196');

    t.advance(t.ctx.config.requestTimeoutMs + t.ctx.config.convertTimeoutMs + 61_000);
    const later = await convert(key);
    expect(later.statusCode).toBe(200);
    // 2 recorded successes, the 3 dead units given back.
    expect(later.headers['x-quota-remaining']).toBe('198');
    expect(await t.ctx.quota.reclaimStale(account.id)).toBe(0);
  });

  it('are all given back at the start of a single SQLite server', async () => {
    const { account } = await accountWithKey(t, 'pro');
    const subject = { id: account.id, plan: 'pro' };
    await t.ctx.quota.reserve(subject, 'api');
    await t.ctx.quota.reserve(subject, 'api');
    expect(await t.ctx.quota.reclaimStale(null, true)).toBeGreaterThanOrEqual(2);
    expect(await t.ctx.repos.usage.used(account.id, monthOf(t.now()).month)).toBe(0);
  });
});
