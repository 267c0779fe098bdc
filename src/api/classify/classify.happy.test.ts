import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { fileUpload, SAMPLE_CSV } from '../../../test/helpers/multipart.js';

const row = (Description: string, Amount: string, Date = '01/03/2024') => {
  const debit = Amount.startsWith('-');
  const unsigned = Amount.replace(/^-/, '');
  return {
    Date,
    Description,
    Type: debit ? 'debit' : 'credit',
    Debit: debit ? unsigned : '',
    Credit: debit ? '' : unsigned,
    Amount,
    Balance: '',
    Reference: '',
    Currency: 'GBP',
  };
};

describe('POST /api/v1/classify and /api/v1/classify/rules (beta, happy paths)', () => {
  let t: TestApp;
  let key: string;
  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp();
    ({ key } = await accountWithKey(t, 'starter'));
  });
  afterAll(() => t.close());

  it('returns each transaction with its nine fields and classification, category, confidence, reason', async () => {
    const transactions = [row('DD OCTOPUS ENERGY', '-120.00'), row('BGC STRIPE PAYMENTS UK', '1200.00')];
    const res = await post('/api/v1/classify', { transactions });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.transactions).toHaveLength(2);
    expect(body.transactions[0]).toEqual({
      ...transactions[0],
      classification: 'expense',
      category: 'utilities',
      confidence: 0.95,
      reason: 'Direct debit (DD) to a known energy supplier (OCTOPUS ENERGY)',
    });
    expect(body.transactions[1]).toMatchObject({ classification: 'income', category: 'sales' });
    expect(Object.keys(body.transactions[0]).slice(0, 9)).toEqual([
      'Date',
      'Description',
      'Type',
      'Debit',
      'Credit',
      'Amount',
      'Balance',
      'Reference',
      'Currency',
    ]);
  });

  it('is rate limited but never uses the monthly conversion quota', async () => {
    const a = await post('/api/v1/classify', { transactions: [row('TESCO STORES', '-5.00')] });
    const b = await post('/api/v1/classify', { transactions: [row('TESCO STORES', '-5.00')] });
    expect(Number(b.headers['ratelimit-remaining'])).toBe(Number(a.headers['ratelimit-remaining']) - 1);
    expect(b.headers['x-quota-remaining']).toBe('200');
    expect(await t.ctx.quota.status({ id: (await t.ctx.apiKeys.authenticate(key)).account_id, plan: 'starter' }, 'api')).toMatchObject({ used: 0 });
  });

  it('gives the same answer to the same request', async () => {
    const payload = { transactions: [row('FPO J SMITH', '-500', '02/03/2024'), row('FPI J SMITH', '500', '02/03/2024'), row('PRET A MANGER', '-6.20')] };
    const a = await post('/api/v1/classify', payload);
    const b = await post('/api/v1/classify', payload);
    expect(a.body).toBe(b.body);
    expect(a.json().transactions[0].category).toBe('own_transfers');
  });

  it('accepts 10,000 rows', async () => {
    const transactions = Array.from({ length: 10_000 }, (_, i) =>
      row(`CARD PAYMENT TO SHOP ${i}`, '-1.00', `${String((i % 28) + 1).padStart(2, '0')}/03/2024`),
    );
    const res = await post('/api/v1/classify', { transactions });
    expect(res.statusCode).toBe(200);
    expect(res.json().transactions).toHaveLength(10_000);
  });

  it('adds, lists, applies and deletes a rule; the rule wins and the reason says so', async () => {
    const created = await post('/api/v1/classify/rules', { pattern: 'octopus', category: 'rent' });
    expect(created.statusCode).toBe(201);
    const rule = created.json();
    expect(rule).toMatchObject({ pattern: 'octopus', category: 'rent', classification: null });
    expect(rule.id).toMatch(/^rule_/);

    const regex = await post('/api/v1/classify/rules', { pattern: '/^fpi .*acme/', category: 'sales', classification: 'income' });
    expect(regex.statusCode).toBe(201);

    const list = await t.app.inject({ url: '/api/v1/classify/rules', headers: { 'x-api-key': key } });
    expect(list.json().rules.map((r: { id: string }) => r.id)).toEqual([rule.id, regex.json().id]);

    const ruled = (await post('/api/v1/classify', { transactions: [row('DD OCTOPUS ENERGY', '-120.00')] })).json().transactions[0];
    expect(ruled).toMatchObject({ category: 'rent', classification: 'expense', confidence: 1 });
    expect(ruled.reason).toContain(`Your rule "octopus" (id ${rule.id})`);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/classify/rules/${rule.id}`, headers: { 'x-api-key': key } });
    expect(del.statusCode).toBe(204);
    const back = (await post('/api/v1/classify', { transactions: [row('DD OCTOPUS ENERGY', '-120.00')] })).json().transactions[0];
    expect(back.category).toBe('utilities');
  });

  it('convert with classify=true adds a classifications array parallel to transactions', async () => {
    const up = fileUpload(SAMPLE_CSV);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/convert?classify=true', headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.classifications).toHaveLength(body.transactions.length);
    for (const tx of body.transactions) expect(Object.keys(tx)).toHaveLength(9);
    expect(body.classifications[2]).toMatchObject({ category: 'utilities', classification: 'expense' });
    expect(Object.keys(body.classifications[0]).sort()).toEqual(['category', 'classification', 'confidence', 'reason']);
  });

  it('documents the operations as beta in a valid OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    const result = await validate(structuredClone(doc));
    if (!result.valid) expect(result.errors).toEqual([]);
    const ops = [
      doc.paths['/api/v1/classify'].post,
      doc.paths['/api/v1/classify/rules'].get,
      doc.paths['/api/v1/classify/rules'].post,
      doc.paths['/api/v1/classify/rules/{id}'].delete,
    ];
    for (const op of ops) {
      expect(op.tags).toEqual(['beta']);
      expect(op['x-beta']).toBe(true);
      expect(op.summary).toMatch(/^Beta:/);
      expect(op.security).toEqual([{ ApiKey: [] }]);
    }
    expect(doc.paths['/api/v1/classify'].post.description).toContain('hmrc_tax');
  });
});
