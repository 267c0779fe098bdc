import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoAt } from '../../src/services/clock.js';
import { newId } from '../../src/store/ids.js';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload, SAMPLE_CSV } from '../helpers/multipart.js';

describe('GET /api/v1/conversions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('returns at most 100 records, newest first, only the caller account', async () => {
    const a = await accountWithKey(t, 'pro');
    const b = await accountWithKey(t, 'pro');
    const base = t.now();
    for (let i = 0; i < 105; i++) {
      await t.ctx.repos.conversions.insert({
        id: newId('conv', base + i),
        account_id: a.account.id,
        created_at: isoAt(base + i * 1000),
        filename: `f${i}.csv`,
        file_type: 'csv',
        file_size: 10,
        page_count: null,
        bank: 'generic',
        format: 'json',
        status: 'succeeded',
        error_code: null,
        transaction_count: 1,
        reconcile_status: 'NO_BAL',
        reconcile_diff: '0',
        duration_ms: 5,
        source: 'api',
      });
    }
    const up = fileUpload(SAMPLE_CSV, 'b-only.csv');
    await t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up.headers, 'x-api-key': b.key }, payload: up.payload });

    const listA = (await t.app.inject({ url: '/api/v1/conversions', headers: { 'x-api-key': a.key } })).json().conversions;
    expect(listA).toHaveLength(100);
    expect(listA[0].filename).toBe('f104.csv');
    expect(listA[99].filename).toBe('f5.csv');
    const times = listA.map((c: { created_at: string }) => c.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(listA.some((c: { filename: string }) => c.filename === 'b-only.csv')).toBe(false);

    const listB = (await t.app.inject({ url: '/api/v1/conversions', headers: { 'x-api-key': b.key } })).json().conversions;
    expect(listB).toHaveLength(1);
    expect(listB[0].filename).toBe('b-only.csv');
    expect(JSON.stringify(listB)).not.toMatch(/TESCO|ACME|987\.70/);
  });
});
