// Issue 47, finding 3: the job queue was first-in-first-out across accounts, so one account's slow
// failing files held another account's one-file job for a minute. Now accounts take turns (the due
// file of the account served longest ago is claimed next, on the embedded queue and on Redis alike),
// and one account holds at most all but one of a process's job slots.
import { afterEach, describe, expect, it } from 'vitest';
import type { Converter } from '../../src/adapters/converter.js';
import { InProcessConverter } from '../../src/adapters/in-process.converter.js';
import type { ConvertOptions } from '../../src/engine/types.js';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { createJob, statementCsv, until, waitForJob } from '../jobs/helpers.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** The engine in-process, except that files named slow-* wait until `release()` (a file that takes a minute). */
function gatedConverter() {
  const inner = new InProcessConverter();
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  let started = 0;
  const converter: Converter = {
    async convert(bytes: Uint8Array, opts: ConvertOptions) {
      if (opts.filename.startsWith('slow-')) {
        started++;
        await gate;
      }
      return inner.convert(bytes, opts);
    },
    stats: () => inner.stats(),
    close: () => inner.close(),
  };
  return { converter, release: () => open(), slowStarted: () => started };
}

describe('job files: accounts take turns', () => {
  it("another account's one-file job runs next, not after the first account's twenty", async () => {
    let now = Date.UTC(2026, 10, 15, 12);
    t = await createTestApp({ config: { rateLimitPerHour: 1_000_000 }, overrides: { clock: () => now } });
    const a = await accountWithKey(t, 'business');
    const b = await accountWithKey(t, 'business');
    const big = (
      await createJob(
        t,
        a.key,
        Array.from({ length: 20 }, (_, i) => ({ name: `a${i}.csv`, bytes: statementCsv(i) })),
      )
    ).json();
    // A second later: first in, first out would run all twenty before it.
    now += 1000;
    const small = (await createJob(t, b.key, [{ name: 'b.csv', bytes: statementCsv(99) }])).json();
    await t.ctx.jobs.runner.runNext();
    await t.ctx.jobs.runner.runNext();
    expect((await waitForJob(t, b.key, small.id, 1000)).status).toBe('done');
    const bigNow = (await t.app.inject({ url: `/api/v1/jobs/${big.id}`, headers: { 'x-api-key': a.key } })).json();
    expect(bigNow.files.filter((f: { status: string }) => f.status === 'done')).toHaveLength(1);
  });

  it("an account's slow files leave a slot free: another account's job finishes while they hang", async () => {
    const gated = gatedConverter();
    t = await createTestApp({ config: { rateLimitPerHour: 1_000_000, jobConcurrency: 2 }, overrides: { converter: gated.converter, clock: () => Date.now() } });
    const a = await accountWithKey(t, 'business');
    const b = await accountWithKey(t, 'business');
    await createJob(
      t,
      a.key,
      Array.from({ length: 10 }, (_, i) => ({ name: `slow-${i}.csv`, bytes: statementCsv(i) })),
    );
    try {
      await t.ctx.jobs.start({ consume: true });
      await until(() => gated.slowStarted() >= 1, 10_000, "the first account's first file");
      const small = (await createJob(t, b.key, [{ name: 'b.csv', bytes: statementCsv(99) }])).json();
      expect((await waitForJob(t, b.key, small.id, 10_000)).status).toBe('done');
      // Of two slots, the first account held one.
      expect(gated.slowStarted()).toBe(1);
    } finally {
      // Lets the hanging files end, so the app can close.
      gated.release();
    }
  });
});
