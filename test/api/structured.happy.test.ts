// Structured statements through the API: JSON with `statements`, files in other formats, the
// conversions list's file_type, and a clear 400 for a broken file.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload } from '../helpers/multipart.js';
import { CAMT_DIR, MT940_DIR, HAS_CORPUS } from '../structured/corpus.js';

describe.skipIf(!HAS_CORPUS)('POST /api/v1/convert with structured statements', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ key } = await accountWithKey(t, 'starter'));
  });
  afterAll(() => t.close());

  const post = (bytes: Uint8Array | string, name: string, query = '') => {
    const up = fileUpload(bytes, name);
    return t.app.inject({ method: 'POST', url: `/api/v1/convert${query}`, headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
  };

  it('camt.053 with two accounts: the nine fields unchanged, plus one statement per account', async () => {
    const res = await post(readFileSync(`${CAMT_DIR}/camt053_multicurrency.xml`), 'statement.xml');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'bank',
      'continuity',
      'reconcile_diff',
      'reconcile_status',
      'statements',
      'transaction_count',
      'transactions',
      'warnings',
    ]);
    expect(body.reconcile_status).toBe('PASS');
    expect(Object.keys(body.transactions[0]).sort()).toEqual(['Amount', 'Balance', 'Credit', 'Currency', 'Date', 'Debit', 'Description', 'Reference', 'Type']);
    expect(body.statements).toHaveLength(2);
    expect(body.statements[1]).toEqual({
      account: { name: null, sort_code: null, number_last4: '0099', iban_masked: null, currency: 'USD', kind: null },
      period: { from: '2026-04-01', to: '2026-04-30' },
      opening_balance: '2500.00',
      closing_balance: '2400.01',
      reconcile_status: 'PASS',
      reconcile_diff: 0,
      first_row: 3,
      row_count: 1,
    });
    // The full account number is never in the answer.
    expect(res.body).not.toContain('DE89370400440532013000');
  });

  it('MT940 to a Xero CSV, with the verdict in headers', async () => {
    const res = await post(readFileSync(`${MT940_DIR}/jejik/rabobank-iban.sta`), 'export.sta', '?format=xero');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-reconcile-status']).toBe('PASS');
    expect(res.headers['x-transaction-count']).toBe('4');
  });

  it('the conversions list names the structured kinds', async () => {
    await post('!Type:Bank\nD01/15/2024\nT-5.00\nPSHOP\n^\n', 'money.qif', '?format=ofx');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/conversions', headers: { 'x-api-key': key } });
    const kinds = res.json().conversions.map((c: { file_type: string }) => c.file_type);
    expect(kinds).toEqual(['qif', 'mt940', 'camt']);
  });

  it('a broken structured file is a 400 with a detail that names the place; it is still listed', async () => {
    const res = await post(readFileSync(`${CAMT_DIR}/camt053_garbled_amount.xml`), 'bad.xml');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'security_check_failed', detail: expect.stringContaining('12..34') });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/conversions', headers: { 'x-api-key': key } });
    expect(list.json().conversions[0]).toMatchObject({ status: 'failed', file_type: 'camt', error_code: 'security_check_failed' });
  });
});
