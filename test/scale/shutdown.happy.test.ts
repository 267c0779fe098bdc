// SIGTERM drains: /readyz turns to 503 draining, new uploads are refused with 503 overloaded, the
// accepted conversion finishes and is recorded, and the process exits 0. The instance's logs are one
// JSON object per line with request ids and durations, and never hold a key or a statement's text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_CSV } from '../helpers/multipart.js';
import {
  accountWithKey,
  announceSkip,
  bigCsv,
  convert,
  metric,
  sharedStores,
  skipReason,
  startInstance,
  until,
  type Instance,
  type Shared,
} from './cluster.js';

announceSkip();

describe.skipIf(skipReason !== null)('graceful shutdown and logs', () => {
  let stores: Shared;
  let a: Instance;

  beforeAll(async () => {
    stores = await sharedStores();
    a = await startInstance(stores);
  });
  afterAll(async () => {
    await a?.stop();
    await stores?.close();
  });

  it('SIGTERM: readyz draining, new uploads refused with 503 overloaded, the accepted one finishes, exit 0', async () => {
    const { account, key } = await accountWithKey(stores.ctx);
    expect((await convert(a.url, key, SAMPLE_CSV)).status).toBe(200);
    const accepted = convert(a.url, key, bigCsv(60_000)).then(async (r) => ({ status: r.status, body: await r.json() }));
    await until(async () => (await metric(a.url, 'ledgerline_convert_running')) === 1, 30_000, 'the big conversion to reach a worker');

    a.proc.kill('SIGTERM');
    await until(async () => (await fetch(`${a.url}/readyz`)).status === 503, 5_000, 'readyz to report draining');
    const ready = await (await fetch(`${a.url}/readyz`)).json();
    expect(ready).toMatchObject({ status: 'draining', checks: { lifecycle: 'draining', database: 'ok' } });
    const refused = await convert(a.url, key, SAMPLE_CSV);
    expect(refused.status).toBe(503);
    expect((await refused.json()).code).toBe('overloaded');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const done = await accepted;
    expect(done.status).toBe(200);
    expect(done.body.transaction_count).toBe(60_000);
    expect(await a.exited).toEqual({ code: 0, signal: null });

    const recorded = await stores.ctx.conversions.list(account.id);
    expect(
      recorded
        .filter((c) => c.status === 'succeeded')
        .map((c) => c.transaction_count)
        .map(Number)
        .sort((x, y) => x - y),
    ).toEqual([3, 60_000]);
    expect(a.logs.some((l) => /shut down cleanly/.test(l))).toBe(true);
  });

  it('logged one JSON object per line, with request ids and durations, and no keys, cookies or statement text', async () => {
    const entries = a.logs.map((l) => JSON.parse(l) as Record<string, unknown>);
    const completed = entries.filter((e) => e.msg === 'request completed');
    expect(completed.length).toBeGreaterThan(3);
    for (const e of completed) {
      expect(typeof e.reqId).toBe('string');
      expect(typeof e.responseTime).toBe('number');
    }
    const all = a.logs.join('\n');
    expect(all).not.toMatch(/ll_live_/);
    expect(all).not.toMatch(/TESCO|CARD PAYMENT|BRITISH GAS/);
    expect(all).not.toMatch(/987\.70/);
  });
});
