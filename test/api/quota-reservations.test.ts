import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthOf } from '../../src/services/clock.js';
import { isoAt } from '../../src/services/clock.js';
import { LeaseLost } from '../../src/store/job.repository.js';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload, SAMPLE_CSV } from '../helpers/multipart.js';
import { createJob, statementCsv } from '../jobs/helpers.js';

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

  it('a job file holds its unit from the same transaction that took it: a lost lease takes nothing', async () => {
    const { key, account } = await accountWithKey(t, 'pro');
    const subject = { id: account.id, plan: 'pro' };
    const month = monthOf(t.now()).month;
    expect((await createJob(t, key, [{ name: 'a.csv', bytes: statementCsv(1) }])).statusCode).toBe(202);
    const repo = t.ctx.jobs.repo;
    const file = await repo.claimNext('lease_a', isoAt(t.now()), isoAt(t.now() + 60_000));
    expect(file).not.toBeNull();

    // Under its lease: the reservation and the file's hold on it commit together, so a re-run adopts it.
    const r = await t.ctx.quota.reserve(subject, 'api', (trx, id) => repo.setReservation(trx, file!.id, 'lease_a', id));
    const held = (await repo.files(file!.job_id)).find((f) => f.id === file!.id)!;
    expect(held.reservation_id).toBe(r.id);
    // (An adopted reservation does not know the quota status the reservation left.)
    expect(await t.ctx.quota.adopt(r.id)).toEqual({ id: r.id, accountId: r.accountId, month: r.month });
    expect(r.status?.used).toBe(1);
    expect(await t.ctx.repos.usage.used(account.id, month)).toBe(1);

    // Another worker holds the file now: the unit is not taken, and no reservation is left to count.
    await expect(t.ctx.quota.reserve(subject, 'api', (trx, id) => repo.setReservation(trx, file!.id, 'lease_gone', id))).rejects.toBeInstanceOf(LeaseLost);
    expect(await t.ctx.repos.usage.used(account.id, month)).toBe(1);
    expect(await t.ctx.quota.reclaimStale(account.id, true)).toBe(1);
    expect(await t.ctx.repos.usage.used(account.id, month)).toBe(0);
  });
});
