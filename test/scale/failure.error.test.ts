// Failures of one piece of a several-instance deployment: an instance killed mid-conversion loses no
// committed metadata and the other keeps serving; a database outage answers 503 service_unavailable
// and the instance recovers by itself when the database is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthOf } from '../../src/services/clock.js';
import { SAMPLE_CSV } from '../helpers/multipart.js';
import {
  accountWithKey,
  announceSkip,
  bigCsv,
  convert,
  list,
  metric,
  sharedStores,
  skipReason,
  startInstance,
  until,
  type Instance,
  type Shared,
} from './cluster.js';
import { relayTo, type Relay } from './tcp-proxy.js';
import { QuotaService } from '../../src/services/quota.service.js';

announceSkip();

describe.skipIf(skipReason !== null)('failures in a two-instance deployment', () => {
  let stores: Shared;
  const started: Instance[] = [];
  let relay: Relay | null = null;

  beforeAll(async () => {
    stores = await sharedStores();
  });
  afterAll(async () => {
    await Promise.all(started.map((i) => i.stop()));
    await relay?.close();
    await stores?.close();
  });

  it('an instance killed with SIGKILL mid-conversion loses no committed metadata; the other keeps serving', async () => {
    const [a, b] = await Promise.all([startInstance(stores), startInstance(stores)]);
    started.push(a, b);
    const { account, key } = await accountWithKey(stores.ctx);
    for (let i = 0; i < 3; i++) expect((await convert(a.url, key, SAMPLE_CSV)).status).toBe(200);

    const inFlight = convert(a.url, key, bigCsv(100_000)).then(
      (r) => r.status,
      () => 'connection lost',
    );
    await until(async () => (await metric(a.url, 'ledgerline_convert_running')) === 1, 30_000, 'the big conversion to reach a worker');
    a.proc.kill('SIGKILL');
    expect((await a.exited).signal).toBe('SIGKILL');
    expect(await inFlight).toBe('connection lost');

    const listed = (await (await list(b.url, key)).json()).conversions;
    expect(listed).toHaveLength(3);
    expect(listed.every((c: { status: string }) => c.status === 'succeeded')).toBe(true);
    expect((await convert(b.url, key, SAMPLE_CSV)).status).toBe(200);
    expect((await (await list(b.url, key)).json()).conversions).toHaveLength(4);
    // The killed conversion's quota unit stays reserved while it could still belong to a live
    // conversion; once older than any live conversion can be, it is given back exactly once.
    const used = async () =>
      Number(
        (
          await stores.ctx.dbh.db
            .selectFrom('monthly_usage')
            .select('used')
            .where('account_id', '=', account.id)
            .where('month', '=', monthOf(Date.now()).month)
            .executeTakeFirstOrThrow()
        ).used,
      );
    expect(await used()).toBe(5);
    const later = new QuotaService(stores.ctx.repos.usage, () => Date.now() + 3600_000, 600_000);
    expect(await later.reclaimStale(account.id)).toBe(1);
    expect(await later.reclaimStale(account.id)).toBe(0);
    expect(await used()).toBe(4);
    await b.stop();
  });

  it('a database outage answers 503 service_unavailable (readyz too), and the instance recovers by itself', async () => {
    const target = new URL(stores.databaseUrl);
    relay = await relayTo({ host: target.hostname, port: Number(target.port || 5432) });
    const viaRelay = new URL(stores.databaseUrl);
    viaRelay.port = String(relay.port);
    const c = await startInstance({ ...stores, databaseUrl: viaRelay.toString() });
    started.push(c);
    const { key } = await accountWithKey(stores.ctx);
    expect((await list(c.url, key)).status).toBe(200);

    await relay.cut();
    for (const r of [await list(c.url, key), await convert(c.url, key, SAMPLE_CSV)]) {
      expect(r.status).toBe(503);
      expect((await r.json()).code).toBe('service_unavailable');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const ready = await fetch(`${c.url}/readyz`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).checks.database).toBe('unavailable');
    expect((await fetch(`${c.url}/healthz`)).status).toBe(200);

    await relay.restore();
    await until(async () => (await list(c.url, key)).status === 200, 15_000, 'the instance to recover');
    expect((await convert(c.url, key, SAMPLE_CSV)).status).toBe(200);
    expect((await fetch(`${c.url}/readyz`)).status).toBe(200);
    // The outage was not the client's fault: its address is not being blocked for failed logins.
    const unrelated = await list(c.url, key);
    expect(unrelated.status).toBe(200);
  });
});
