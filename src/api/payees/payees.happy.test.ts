// Payees through the API: include=payees, the payee fields of files, and rules that change them.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { fileUpload, SAMPLE_CSV } from '../../../test/helpers/multipart.js';

describe('payees (happy paths)', () => {
  let t: TestApp;
  let key: string;
  const convert = (query: string) => {
    const up = fileUpload(SAMPLE_CSV);
    return t.app.inject({ method: 'POST', url: `/api/v1/convert${query}`, headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
  };
  const rules = (method: 'GET' | 'POST' | 'DELETE', path = '', payload?: object) =>
    t.app.inject({ method, url: `/api/v1/payees/rules${path}`, headers: { 'x-api-key': key }, payload });

  beforeAll(async () => {
    t = await createTestApp();
    ({ key } = await accountWithKey(t, 'starter'));
  });
  afterAll(() => t.close());

  it('json leaves payees out unless include=payees asks; then they run parallel to the unchanged transactions', async () => {
    const plain = (await convert('')).json();
    expect(plain).not.toHaveProperty('payees');
    const body = (await convert('?include=payees')).json();
    expect(body.payees).toEqual(['Tesco Stores', 'Acme Ltd', 'British Gas']);
    expect(body.transactions).toEqual(plain.transactions);
    expect(Object.keys(body.transactions[0])).toEqual(['Date', 'Description', 'Type', 'Debit', 'Credit', 'Amount', 'Balance', 'Reference', 'Currency']);
    const both = (await convert('?include=provenance,payees')).json();
    expect(both.provenance).toHaveLength(3);
    expect(both.payees).toHaveLength(3);
  });

  it('xero gets the payee in Payee and the statement text in Description', async () => {
    const res = await convert('?format=xero');
    expect(res.statusCode).toBe(200);
    const [head, ...rows]: string[][] = parse(res.body);
    expect(head.slice(2, 4)).toEqual(['Payee', 'Description']);
    expect(rows.map((r) => [r[2], r[3]])).toEqual([
      ['Tesco Stores', 'CARD PAYMENT TESCO STORES'],
      ['Acme Ltd', 'FASTER PAYMENT ACME LTD'],
      ['British Gas', 'DIRECT DEBIT BRITISH GAS'],
    ]);
  });

  it('adds, lists, applies (json and files) and deletes a rule', async () => {
    const created = await rules('POST', '', { pattern: 'acme', payee: 'ACME Widgets Ltd' });
    expect(created.statusCode).toBe(201);
    const rule = created.json();
    expect(rule).toMatchObject({ pattern: 'acme', payee: 'ACME Widgets Ltd' });
    expect(rule.id).toMatch(/^prule_/);
    expect((await rules('GET')).json().rules).toEqual([rule]);

    expect((await convert('?include=payees')).json().payees).toEqual(['Tesco Stores', 'ACME Widgets Ltd', 'British Gas']);
    const qif = (await convert('?format=qif')).body;
    expect(qif).toContain('PACME Widgets Ltd\r\nMFASTER PAYMENT ACME LTD\r\n');
    const ofx = (await convert('?format=ofx')).body;
    expect(ofx).toContain('<NAME>ACME Widgets Ltd</NAME>');
    expect(ofx).toContain('<MEMO>FASTER PAYMENT ACME LTD</MEMO>');

    expect((await rules('DELETE', `/${rule.id}`)).statusCode).toBe(204);
    expect((await rules('GET')).json().rules).toEqual([]);
    expect((await convert('?include=payees')).json().payees[1]).toBe('Acme Ltd');
  });

  it('tries rules oldest first and takes regex patterns', async () => {
    const a = (await rules('POST', '', { pattern: '/BRITISH\\s+GAS/', payee: 'British Gas Trading' })).json();
    const b = (await rules('POST', '', { pattern: 'GAS', payee: 'Never used' })).json();
    expect((await convert('?include=payees')).json().payees[2]).toBe('British Gas Trading');
    await rules('DELETE', `/${a.id}`);
    await rules('DELETE', `/${b.id}`);
  });

  it('leaves csv, quickbooks and sage files as they were', async () => {
    await rules('POST', '', { pattern: 'TESCO', payee: 'Rule Payee' });
    for (const format of ['csv', 'quickbooks', 'sage']) expect((await convert(`?format=${format}`)).body, format).not.toContain('Rule Payee');
  });
});
