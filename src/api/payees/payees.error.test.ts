// Payee rules that cannot be kept are refused with the contract's problem+json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { MAX_PAYEE_RULES_PER_ACCOUNT } from '../../services/payee.service.js';

describe('payee rules (errors)', () => {
  let t: TestApp;
  let key: string;
  const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/payees/rules', headers: { 'x-api-key': key }, payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp();
    ({ key } = await accountWithKey(t, 'starter'));
  });
  afterAll(() => t.close());

  const expectInvalid = async (payload: unknown, detail?: RegExp) => {
    const res = await post(payload);
    expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.json().code).toBe('invalid_request');
    if (detail) expect(res.json().detail).toMatch(detail);
  };

  it('refuses missing, empty, over-long or extra fields', async () => {
    await expectInvalid({ pattern: 'x' });
    await expectInvalid({ payee: 'x' });
    await expectInvalid({ pattern: '', payee: 'x' });
    await expectInvalid({ pattern: 'x', payee: '' });
    await expectInvalid({ pattern: '   ', payee: 'x' }, /pattern must not be empty/);
    await expectInvalid({ pattern: 'x', payee: '   ' }, /payee must not be empty/);
    await expectInvalid({ pattern: 'x'.repeat(201), payee: 'x' });
    await expectInvalid({ pattern: 'x', payee: 'y'.repeat(101) });
    await expectInvalid({ pattern: 'x', payee: 'y', category: 'rent' });
    await expectInvalid({ pattern: 'x', payee: 'two\nlines' }, /one line/);
  });

  it('refuses regexes that are too large or broken (matching is RE2: nested repeats are safe)', async () => {
    await expectInvalid({ pattern: '/x{1000}y{1000}/', payee: 'x' }, /too large/);
    expect((await post({ pattern: '/(a+)+$/', payee: 'Linear' })).statusCode).toBe(201);
    await expectInvalid({ pattern: '/(unclosed/', payee: 'x' }, /not a valid regular expression/);
    await expectInvalid({ pattern: '/(a)\\1/', payee: 'x' }, /back-references/);
  });

  it('404 for a rule that does not exist', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/payees/rules/prule_nope', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it(`keeps at most ${MAX_PAYEE_RULES_PER_ACCOUNT} rules per account`, async () => {
    const account = await t.ctx.apiKeys.authenticate(key);
    const held = (await t.ctx.payees.listRules(account.account_id)).length;
    for (let i = held; i < MAX_PAYEE_RULES_PER_ACCOUNT; i++) await t.ctx.payees.addRule(account.account_id, { pattern: `P${i}`, payee: `Payee ${i}` });
    await expectInvalid({ pattern: 'one more', payee: 'x' }, /at most 500/);
  });
});
