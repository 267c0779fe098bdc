// Payee rules belong to one account, need a key, and never change what another account sees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { fileUpload, SAMPLE_CSV } from '../../../test/helpers/multipart.js';

describe('payee rules (security)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('needs a valid API key on a paid plan', async () => {
    expect((await t.app.inject({ url: '/api/v1/payees/rules' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/payees/rules', headers: { 'x-api-key': 'll_live_nope' } })).statusCode).toBe(401);
    const { key } = await accountWithKey(t, 'free');
    const free = await t.app.inject({ method: 'POST', url: '/api/v1/payees/rules', headers: { 'x-api-key': key }, payload: { pattern: 'x', payee: 'y' } });
    expect(free.statusCode).toBe(403);
    expect(free.json().code).toBe('paid_plan_required');
  });

  it("keeps each account's rules to itself", async () => {
    const a = await accountWithKey(t, 'starter');
    const b = await accountWithKey(t, 'starter');
    const rule = (
      await t.app.inject({ method: 'POST', url: '/api/v1/payees/rules', headers: { 'x-api-key': a.key }, payload: { pattern: 'tesco', payee: 'A only' } })
    ).json();
    expect((await t.app.inject({ url: '/api/v1/payees/rules', headers: { 'x-api-key': b.key } })).json().rules).toEqual([]);
    const up = fileUpload(SAMPLE_CSV);
    const converted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/convert?include=payees',
      headers: { ...up.headers, 'x-api-key': b.key },
      payload: up.payload,
    });
    expect(converted.json().payees[0]).toBe('Tesco Stores');
    const deleteByB = await t.app.inject({ method: 'DELETE', url: `/api/v1/payees/rules/${rule.id}`, headers: { 'x-api-key': b.key } });
    expect(deleteByB.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/payees/rules', headers: { 'x-api-key': a.key } })).json().rules).toHaveLength(1);
  });

  it('writes a rule payee that looks like a formula into files guarded', async () => {
    const { key } = await accountWithKey(t, 'starter');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/payees/rules',
      headers: { 'x-api-key': key },
      payload: { pattern: 'tesco', payee: '=HYPERLINK("http://evil")' },
    });
    const up = fileUpload(SAMPLE_CSV);
    const xero = await t.app.inject({ method: 'POST', url: '/api/v1/convert?format=xero', headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
    expect(xero.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });
});
