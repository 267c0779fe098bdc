// Issue 15, finding 4: one account must not starve the others. Before: 34 parallel uploads from one
// account filled the queue (another account's 3-row CSV got 503) and, because the 60 s limit counted
// time spent waiting in the queue, 7 of the attacker's valid files failed with security_check_failed.
// Now: a per-account cap (503 overloaded past it), a process always left for other accounts, the
// per-file clock started when a process takes the job, 503 overloaded after a long wait, and
// time-outs and out-of-memory ends logged. A stand-in task module holds processes for a set time.
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PoolConverter, type PoolOptions } from '../../src/adapters/pool.converter.js';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload } from '../helpers/multipart.js';
import { duringAttack, expectProblem } from './hostile-app.js';

const SLEEPY = fileURLToPath(new URL('./fixtures/sleepy.worker.mjs', import.meta.url));

let t: TestApp | null = null;
const events: { event: string; what?: string }[] = [];
afterEach(async () => {
  await t?.close();
  t = null;
  events.length = 0;
});

async function setup(o: Partial<PoolOptions>) {
  const pool = new PoolConverter({ workers: 2, maxQueue: 32, timeoutMs: 2_000, memoryMb: 64, perAccount: 4, queueWaitMs: 10_000, workerFile: SLEEPY, ...o });
  t = await createTestApp({ overrides: { converter: pool } });
  pool.setLogger({ warn: (x) => events.push(x as (typeof events)[0]), error: (x) => events.push(x as (typeof events)[0]) });
  const app = t;
  return {
    app,
    post: (key: string, name: string) => {
      const up = fileUpload('Date,Description,Amount\n', name);
      return app.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
    },
  };
}

describe('one account cannot starve the others', () => {
  it("34 parallel uploads from one account: 4 accepted, 30 get 503 overloaded; another account's file is served at once", { timeout: 60_000 }, async () => {
    const { app, post } = await setup({});
    const attacker = await accountWithKey(app, 'business');
    const victim = await accountWithKey(app, 'starter');
    let victimDoneAt = 0;
    let attackerDoneAt = 0;
    const { value, answeredDuring } = await duringAttack(app.app, async () => {
      const burst = Array.from({ length: 34 }, (_, i) =>
        post(attacker.key, `sleep-1500-${i}.csv`).then((r) => ((attackerDoneAt = Math.max(attackerDoneAt, performance.now())), r)),
      );
      await new Promise((r) => setTimeout(r, 200));
      const mine = post(victim.key, 'sleep-10.csv').then((r) => ((victimDoneAt = performance.now()), r));
      return { burst: await Promise.all(burst), mine: await mine };
    });
    expect(answeredDuring).toBeGreaterThan(0);
    // The victim's file ran (the stub answers 422), and before the attacker's queue had drained.
    expect(value.mine.statusCode, value.mine.body).toBe(422);
    expect(victimDoneAt).toBeLessThan(attackerDoneAt);
    const accepted = value.burst.filter((r) => r.statusCode === 422);
    const refused = value.burst.filter((r) => r.statusCode === 503);
    expect(accepted).toHaveLength(4);
    expect(refused).toHaveLength(30);
    for (const r of refused) expect(expectProblem(r, 503, 'overloaded').detail).toMatch(/Your account already has 4 conversions/);
    // Waiting behind its own account's jobs (up to 4.5 s with a 2 s limit) never counted against a file.
    expect(value.burst.some((r) => r.statusCode === 400)).toBe(false);
    expect(events.filter((e) => e.event === 'conversion_timeout')).toHaveLength(0);
  });

  it('the per-file clock starts when a process takes the job: three 1.5 s jobs in a row under a 2 s limit all finish', { timeout: 30_000 }, async () => {
    const { app, post } = await setup({});
    const { key } = await accountWithKey(app, 'business');
    const answers = await Promise.all([post(key, 'sleep-1500-a.csv'), post(key, 'sleep-1500-b.csv'), post(key, 'sleep-1500-c.csv')]);
    expect(answers.map((r) => r.statusCode)).toEqual([422, 422, 422]);
  });

  it('a job that waits longer than the queue limit for a process is 503 overloaded (not a security error) and costs nothing', { timeout: 30_000 }, async () => {
    const { app, post } = await setup({ queueWaitMs: 1_000, timeoutMs: 10_000 });
    const a = await accountWithKey(app, 'business');
    const b = await accountWithKey(app, 'business');
    const c = await accountWithKey(app, 'business');
    const busyA = post(a.key, 'sleep-3000-a.csv');
    const busyB = post(b.key, 'sleep-3000-b.csv');
    await new Promise((r) => setTimeout(r, 300));
    const waited = await post(c.key, 'sleep-10.csv');
    const p = expectProblem(waited, 503, 'overloaded');
    expect(p.detail).toMatch(/No conversion process was free within 1 s/);
    expect(Number(waited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await busyA).statusCode).toBe(422);
    expect((await busyB).statusCode).toBe(422);
    expect((await app.ctx.quota.status({ id: c.account.id, plan: 'business' }, 'api')).used).toBe(0);
    expect(events.map((e) => e.event)).toContain('conversion_queue_timeout');
  });
});

describe('time-outs and out-of-memory ends are logged', () => {
  it('a hang is stopped at the limit (400) and logged; the next job runs', { timeout: 60_000 }, async () => {
    const { app, post } = await setup({ timeoutMs: 1_500 });
    const { key } = await accountWithKey(app, 'business');
    const hang = await post(key, 'hang.csv');
    expect(expectProblem(hang, 400, 'security_check_failed').detail).toMatch(/longer than the 2 s limit/);
    expect(events).toContainEqual(expect.objectContaining({ event: 'conversion_timeout', what: 'file' }));
    expect((await post(key, 'sleep-10.csv')).statusCode).toBe(422);
  });

  it('a heap overrun ends its process (400) and is logged; the next job runs', { timeout: 120_000 }, async () => {
    const { app, post } = await setup({ timeoutMs: 90_000 });
    const { key } = await accountWithKey(app, 'business');
    const heap = await post(key, 'heap.csv');
    expect(expectProblem(heap, 400, 'security_check_failed').detail).toMatch(/more memory/);
    expect(events).toContainEqual(expect.objectContaining({ event: 'conversion_out_of_memory', what: 'file' }));
    expect((await post(key, 'sleep-10.csv')).statusCode).toBe(422);
  });
});
