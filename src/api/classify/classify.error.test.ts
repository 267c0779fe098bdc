import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, createTestApp, type TestApp } from '../../../test/helpers/app.js';

const tx = { Date: '01/03/2024', Description: 'TESCO', Type: 'debit', Debit: '1.00', Credit: '', Amount: '-1.00', Balance: '', Reference: '', Currency: 'GBP' };

describe('classify (beta, errors)', () => {
  let t: TestApp;
  let key: string;
  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp();
    ({ key } = await accountWithKey(t, 'pro'));
  });
  afterAll(() => t.close());

  it('refuses more than 10,000 rows with 400 invalid_request', async () => {
    const res = await post('/api/v1/classify', { transactions: Array.from({ length: 10_001 }, () => tx) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_request');
    expect(res.json().detail).toContain('10000');
  });

  it('refuses a body without transactions, or rows without Description or Amount', async () => {
    for (const payload of [
      {},
      { transactions: 'x' },
      { transactions: [{ Amount: '-1.00' }] },
      { transactions: [{ Description: 'X' }] },
      { transactions: [{ ...tx, Type: 'sideways' }] },
    ]) {
      const res = await post('/api/v1/classify', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    }
  });

  it('refuses invalid rules with a reason', async () => {
    const cases: [unknown, RegExp][] = [
      [{ pattern: '/(a)\\1/', category: 'other' }, /back-references/],
      [{ pattern: '/[^a]{0,1000}[^b]{0,1000}/', category: 'other' }, /too large/],
      [{ pattern: '/(unclosed/', category: 'other' }, /not a valid/],
      [{ pattern: '   ', category: 'other' }, /empty/],
      [{ pattern: 'acme', category: 'stationery' }, /category/],
      [{ pattern: 'acme', category: 'sales', classification: 'gift' }, /classification/],
      [{ pattern: 'x'.repeat(201), category: 'sales' }, /pattern/],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/v1/classify/rules', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('invalid_request');
      expect(res.json().detail).toMatch(message);
    }
  });

  it('answers 404 for a rule that does not exist', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/classify/rules/rule_NOPE', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});
