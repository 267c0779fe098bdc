import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_FAILURE_LIMIT } from '../../src/context.js';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';

describe('API authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const list = (headers: Record<string, string>, remoteAddress = '10.0.0.1') => t.app.inject({ url: '/api/v1/conversions', headers, remoteAddress });

  it('401 missing_api_key without the header', async () => {
    const res = await list({});
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('missing_api_key');
  });

  it('401 invalid_api_key for an unknown key, and the old bearer scheme is not accepted', async () => {
    const { key } = await accountWithKey(t, 'starter');
    const bad = await list({ 'x-api-key': 'll_live_' + 'x'.repeat(32) });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('invalid_api_key');
    const bearer = await list({ authorization: `Bearer ${key}` });
    expect(bearer.statusCode).toBe(401);
    expect(bearer.json().code).toBe('missing_api_key');
  });

  it('403 paid_plan_required for a free-plan key, saying who can change the plan; no new key for a free account on any path', async () => {
    const { key, account } = await accountWithKey(t, 'free');
    const res = await list({ 'x-api-key': key });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('paid_plan_required');
    expect(res.json().detail).toMatch(/administrator.*users set-plan/);
    expect(res.json().detail).not.toMatch(/Upgrade on/);
    // The one rule (plans.ts) is in the key service, which the web page and the CLI both call.
    await expect(t.ctx.apiKeys.create(account, 'another')).rejects.toMatchObject({ code: 'paid_plan_required' });
  });

  it('a revoked key is refused on the very next request', async () => {
    const { key, keyId } = await accountWithKey(t, 'pro');
    expect((await list({ 'x-api-key': key })).statusCode).toBe(200);
    await t.ctx.apiKeys.revoke(keyId, null);
    const res = await list({ 'x-api-key': key });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('invalid_api_key');
  });

  it('stores only the SHA-256 of a key, with a visible prefix, and records last use', async () => {
    const { account, key } = await accountWithKey(t, 'pro');
    await list({ 'x-api-key': key });
    const rows = await t.ctx.apiKeys.list(account.id);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(rows[0].prefix).toBe(key.slice(0, 12));
    expect(rows[0].key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].last_used_at).not.toBeNull();
    expect(key).toMatch(/^ll_live_[0-9A-Za-z]{32}$/);
  });

  it('blocks an address after repeated failed authentication (429), other addresses unaffected', async () => {
    for (let i = 0; i < AUTH_FAILURE_LIMIT; i++) await list({ 'x-api-key': `ll_live_${'y'.repeat(32)}` }, '10.9.9.9');
    const blocked = await list({ 'x-api-key': `ll_live_${'y'.repeat(32)}` }, '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('rate_limited');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const { key } = await accountWithKey(t, 'pro');
    expect((await list({ 'x-api-key': key }, '10.1.1.1')).statusCode).toBe(200);
  });
});
