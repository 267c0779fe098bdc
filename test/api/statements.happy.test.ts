// Several statements in one PDF through the API (issue 18): `statements` in JSON, a ZIP of one file per
// account for the one-account formats, `statement=N` for one of them, and a 400 past the last.
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateMultiStatementPdf } from '../fixtures/pdf/multi-statement.js';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload } from '../helpers/multipart.js';

describe('POST /api/v1/convert with several statements in one file', () => {
  let t: TestApp;
  let key: string;
  let pdf: Uint8Array;
  beforeAll(async () => {
    t = await createTestApp();
    ({ key } = await accountWithKey(t, 'starter'));
    ({ bytes: pdf } = await generateMultiStatementPdf([
      { number: '12345678', from: '2024-01-01', to: '2024-01-31', rows: 9, seed: 3 },
      { number: '87654321', sortCode: '12-34-57', from: '2024-01-01', to: '2024-01-31', rows: 4, seed: 5 },
    ]));
  });
  afterAll(() => t.close());

  const post = (query = '') => {
    const up = fileUpload(pdf, 'two-accounts.pdf');
    return t.app.inject({ method: 'POST', url: `/api/v1/convert${query}`, headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
  };

  it('JSON: one statement per account, never the full number', async () => {
    const res = await post();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.statements.map((s: { account: { number_last4: string }; row_count: number }) => [s.account.number_last4, s.row_count])).toEqual([
      ['5678', 9],
      ['4321', 4],
    ]);
    expect(res.body).not.toContain('12345678');
    expect(res.body).not.toContain('statementIds');
  });

  it('OFX: a ZIP of one file per account', async () => {
    const res = await post('?format=ofx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files).sort();
    expect(names).toEqual(['two-accounts-1-5678-2024-01-01.ofx', 'two-accounts-2-4321-2024-01-01.ofx']);
    const second = new TextDecoder().decode(files[names[1]]);
    expect(second.match(/<STMTTRN>/g)).toHaveLength(4);
    expect(second).toContain('<ACCTID>XXXX4321');
  });

  it('statement=2: that statement alone, with its own verdict', async () => {
    const res = await post('?format=xero&statement=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['x-transaction-count']).toBe('4');
    expect(res.body.trim().split('\n')).toHaveLength(5);
  });

  it('statement past the last: 400 invalid_request', async () => {
    const res = await post('?format=qbo&statement=3');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/holds 2 statements/);
  });
});
