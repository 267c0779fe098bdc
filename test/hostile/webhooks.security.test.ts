// Issue 47, findings 4 and 10: webhook endpoints that never answer must not delay another account's
// webhooks, a failing endpoint is probed rather than flooded, and registration refusals say nothing
// about what the server's resolver knows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_REFUSED, resolveAllowed } from '../../src/adapters/webhooks/webhook-sender.js';
import { WEBHOOK_IN_FLIGHT_PER_ACCOUNT } from '../../src/services/jobs/job-limits.js';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { createJob, receiver, silentReceiver, statementCsv, until, waitForJob } from '../jobs/helpers.js';

describe('webhooks: endpoints and accounts are isolated', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A long back-off, so nothing is retried while the test looks.
    t = await createTestApp({
      config: { webhookAllowLoopback: true, webhookRetryBaseMs: 120_000, rateLimitPerHour: 1_000_000 },
      overrides: { clock: () => Date.now() },
    });
    await t.ctx.jobs.start({ consume: true });
  });
  afterAll(() => t.close());

  it("ten endpoints that never answer hold at most two dispatchers, and another account's webhook arrives while they hang", async () => {
    const silent = await silentReceiver();
    const good = await receiver();
    try {
      const attacker = await accountWithKey(t, 'business');
      const victim = await accountWithKey(t, 'business');
      for (let i = 0; i < 10; i++) await t.ctx.jobs.webhooks.register(attacker.account.id, silent.url(i), ['job.completed', 'job.failed']);
      good.setSecret((await t.ctx.jobs.webhooks.register(victim.account.id, good.url, ['job.completed'])).secret);
      const a = (await createJob(t, attacker.key, [{ name: 'a.csv', bytes: statementCsv(1) }])).json();
      await waitForJob(t, attacker.key, a.id);
      await until(() => silent.stats().seen >= 1, 10_000, "the attacker's first attempts");
      const b = (await createJob(t, victim.key, [{ name: 'b.csv', bytes: statementCsv(2) }])).json();
      await waitForJob(t, victim.key, b.id);
      await until(() => good.received.length === 1, 10_000, "the victim's webhook");
      // Every attempt at the silent endpoints is still hanging: the victim did not wait for one to time out.
      const hung = await t.ctx.jobs.hooks.deliveries((await t.ctx.jobs.webhooks.list(attacker.account.id))[0].id, 10);
      expect(hung.every((d) => Number(d.attempts) === 0)).toBe(true);
      expect(silent.stats().mostOpen).toBeLessThanOrEqual(WEBHOOK_IN_FLIGHT_PER_ACCOUNT);
      expect(good.received[0].verified).toBe(true);
    } finally {
      // Ends the hanging attempts, so the dispatchers are free for the next test.
      await silent.close();
      await good.close();
    }
  });

  it('a failing endpoint is tried once per back-off step, not once per waiting delivery', async () => {
    const failing = await receiver(() => 500);
    try {
      const user = await accountWithKey(t, 'business');
      const hook = await t.ctx.jobs.webhooks.register(user.account.id, failing.url, ['job.completed']);
      // Three jobs finish while the dispatchers are held back, so three deliveries wait for the endpoint.
      await t.ctx.jobs.close();
      for (let n = 0; n < 3; n++) {
        const job = (await createJob(t, user.key, [{ name: `${n}.csv`, bytes: statementCsv(10 + n) }])).json();
        await t.ctx.jobs.runner.runNext();
        expect((await waitForJob(t, user.key, job.id)).status).toBe('done');
      }
      expect(await t.ctx.jobs.hooks.deliveries(hook.webhook.id, 10)).toHaveLength(3);
      for (let i = 0; i < 6; i++) await t.ctx.jobs.webhooks.deliverNext();
      expect(failing.received).toHaveLength(1);
      const after = await t.ctx.jobs.hooks.deliveries(hook.webhook.id, 10);
      expect(after.map((d) => Number(d.attempts)).sort()).toEqual([0, 0, 1]);
      const endpoint = (await t.ctx.jobs.webhooks.list(user.account.id))[0];
      expect(Number(endpoint.failures)).toBe(1);
      expect(Date.parse(endpoint.blocked_until!)).toBeGreaterThan(Date.now() + 60_000);
    } finally {
      await failing.close();
    }
  });
});

describe('webhooks: registration refusals say nothing about internal DNS', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimitPerHour: 1_000_000 } });
    ({ key } = await accountWithKey(t, 'starter'));
  });
  afterAll(() => t.close());

  it('a private address, a name that does not resolve and a name that resolves to loopback get the same answer', async () => {
    const details: string[] = [];
    for (const url of ['https://10.1.2.3/hook', 'https://no-such-host.invalid/hook', 'https://[fd00::1]/hook']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        payload: { url, events: ['job.completed'] },
      });
      expect(res.statusCode, url).toBe(400);
      details.push(res.json().detail);
    }
    await expect(resolveAllowed(new URL('https://localhost/hook'), false)).rejects.toThrow(HOST_REFUSED);
    expect(new Set(details)).toEqual(new Set([HOST_REFUSED]));
    for (const d of details) expect(d).not.toMatch(/resolves to|\d+\.\d+\.\d+|::/);
  });
});
