import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Converter } from '../../src/adapters/converter.js';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload, SAMPLE_CSV } from '../helpers/multipart.js';

// A converter with a bug: the error must become a bare 500 with the request id, no internals.
const buggy: Converter = {
  convert: async () => {
    throw new TypeError('secret internal detail at /srv/app/engine.ts:42');
  },
  stats: () => ({ running: 0, queued: 0 }),
  close: async () => {},
};

describe('unknown errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ overrides: { converter: buggy } });
  });
  afterAll(() => t.close());

  it('answer 500 internal_error without internals, record the failure and refund the quota', async () => {
    const { key } = await accountWithKey(t, 'starter');
    const up = fileUpload(SAMPLE_CSV);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
    expect(res.statusCode).toBe(500);
    const p = res.json();
    expect(p.code).toBe('internal_error');
    expect(p.request_id).toBe(res.headers['x-request-id']);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('engine.ts');
    const list = await t.app.inject({ url: '/api/v1/conversions', headers: { 'x-api-key': key } });
    expect(list.json().conversions[0]).toMatchObject({ status: 'failed', error_code: 'internal_error' });
    expect(list.headers['x-quota-remaining']).toBe('200');
  });
});
