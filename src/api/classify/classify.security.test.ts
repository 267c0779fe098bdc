import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, createTestApp, type TestApp } from '../../../test/helpers/app.js';

const tx = {
  Date: '01/03/2024',
  Description: 'DD OCTOPUS ENERGY',
  Type: 'debit',
  Debit: '9.00',
  Credit: '',
  Amount: '-9.00',
  Balance: '',
  Reference: '',
  Currency: 'GBP',
};

describe('classify (beta, security)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('needs a valid API key on a paid plan', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/classify', payload: { transactions: [tx] } });
    expect(none.statusCode).toBe(401);
    const bad = await t.app.inject({ url: '/api/v1/classify/rules', headers: { 'x-api-key': 'll_live_nope' } });
    expect(bad.statusCode).toBe(401);
    const { key } = await accountWithKey(t, 'free');
    const free = await t.app.inject({ method: 'POST', url: '/api/v1/classify', headers: { 'x-api-key': key }, payload: { transactions: [tx] } });
    expect(free.statusCode).toBe(403);
    expect(free.json().code).toBe('paid_plan_required');
  });

  it("keeps each account's rules to itself", async () => {
    const a = await accountWithKey(t, 'starter');
    const b = await accountWithKey(t, 'starter');
    const rule = (
      await t.app.inject({ method: 'POST', url: '/api/v1/classify/rules', headers: { 'x-api-key': a.key }, payload: { pattern: 'octopus', category: 'rent' } })
    ).json();

    const listB = await t.app.inject({ url: '/api/v1/classify/rules', headers: { 'x-api-key': b.key } });
    expect(listB.json().rules).toEqual([]);

    const classifiedB = await t.app.inject({ method: 'POST', url: '/api/v1/classify', headers: { 'x-api-key': b.key }, payload: { transactions: [tx] } });
    expect(classifiedB.json().transactions[0].category).toBe('utilities');

    const deleteByB = await t.app.inject({ method: 'DELETE', url: `/api/v1/classify/rules/${rule.id}`, headers: { 'x-api-key': b.key } });
    expect(deleteByB.statusCode).toBe(404);
    const listA = await t.app.inject({ url: '/api/v1/classify/rules', headers: { 'x-api-key': a.key } });
    expect(listA.json().rules).toHaveLength(1);
  });

  it('does not echo fields the contract does not have', async () => {
    const { key } = await accountWithKey(t, 'starter');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/classify',
      headers: { 'x-api-key': key },
      payload: { transactions: [{ ...tx, secret: 'x' }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().transactions[0]).not.toHaveProperty('secret');
  });

  it('refuses a body that tries to set __proto__', async () => {
    const { key } = await accountWithKey(t, 'starter');
    const raw = `{"transactions":[{"Description":"X","Amount":"-1","__proto__":{"polluted":1}}]}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/classify',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: raw,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_request');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
