// Two server processes sharing one PostgreSQL database and one Redis prefix behave as one service:
// one 120-per-hour limit, one monthly quota, and a revoked key refused by both at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthOf } from '../../src/services/clock.js';
import { SAMPLE_CSV } from '../helpers/multipart.js';
import { accountWithKey, announceSkip, convert, list, sharedStores, skipReason, startInstance, type Instance, type Shared } from './cluster.js';

announceSkip();

describe.skipIf(skipReason !== null)('two instances, one PostgreSQL and one Redis', () => {
  let stores: Shared;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    stores = await sharedStores();
    // The per-account fairness cap (4 running or waiting per instance) is not under test here: with it,
    // the 5 quota reservations could all land on one instance and the fifth answer 503 overloaded.
    const uncapped = { CONVERT_PER_ACCOUNT: '20' };
    [a, b] = await Promise.all([startInstance(stores, uncapped), startInstance(stores, uncapped)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await stores?.close();
  });

  it('enforce one 120-per-hour limit: 150 concurrent requests split across both, exactly 120 answered', async () => {
    const { key } = await accountWithKey(stores.ctx);
    const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => list(i % 2 ? a.url : b.url, key)));
    const byStatus = new Map<number, number>();
    for (const r of answers) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 200: 120, 429: 30 });
    const refused = answers.find((r) => r.status === 429)!;
    expect((await refused.json()).code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Each instance saw 75 requests, under 120: only a count shared between them can refuse any.
  });

  it('enforce one monthly quota: 5 left, 20 concurrent conversions on both, exactly 5 succeed and usage stops at the limit', async () => {
    const { account, key } = await accountWithKey(stores.ctx, 'starter');
    const month = monthOf(Date.now()).month;
    await stores.ctx.dbh.db.insertInto('monthly_usage').values({ account_id: account.id, month, used: 195 }).execute();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => convert(i % 2 ? a.url : b.url, key, SAMPLE_CSV)));
    const ok = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 429);
    expect(ok).toHaveLength(5);
    const others = answers.filter((r) => r.status !== 200 && r.status !== 429);
    expect(others.map((r) => r.status)).toEqual([]);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect((await r.json()).code).toBe('monthly_limit_reached');
    const row = await stores.ctx.dbh.db
      .selectFrom('monthly_usage')
      .select('used')
      .where('account_id', '=', account.id)
      .where('month', '=', month)
      .executeTakeFirstOrThrow();
    expect(Number(row.used)).toBe(200);
    const recorded = await stores.ctx.conversions.list(account.id);
    expect(recorded.filter((c) => c.status === 'succeeded')).toHaveLength(5);
  });

  it('refuse a revoked key on both instances at once', async () => {
    const { account, key, keyId } = await accountWithKey(stores.ctx);
    expect((await list(a.url, key)).status).toBe(200);
    expect((await list(b.url, key)).status).toBe(200);
    await stores.ctx.apiKeys.revoke(keyId, account.id);
    for (const url of [a.url, b.url]) {
      const r = await list(url, key);
      expect(r.status).toBe(401);
      expect((await r.json()).code).toBe('invalid_api_key');
    }
  });

  it("see each other's conversions: metadata written through one is listed by the other", async () => {
    const { key } = await accountWithKey(stores.ctx);
    const r = await convert(a.url, key, SAMPLE_CSV);
    expect(r.status).toBe(200);
    const listed = await (await list(b.url, key)).json();
    expect(listed.conversions).toHaveLength(1);
    expect(listed.conversions[0]).toMatchObject({ status: 'succeeded', transaction_count: 3 });
  });
});
