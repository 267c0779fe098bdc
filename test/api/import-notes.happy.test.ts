// Issue 18 through the API: X-Import-Notes on file answers, the FreeAgent format, and include=integrity
// telling an edited PDF from the unedited one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendIncrementalEdit } from '../fixtures/pdf/edit-pdf.js';
import { generateMultiStatementPdf } from '../fixtures/pdf/multi-statement.js';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload } from '../helpers/multipart.js';

describe('import notes, FreeAgent and integrity through the API', () => {
  let t: TestApp;
  let key: string;
  let pdf: Uint8Array;
  beforeAll(async () => {
    t = await createTestApp();
    ({ key } = await accountWithKey(t, 'starter'));
    ({ bytes: pdf } = await generateMultiStatementPdf([{ number: '12345678', from: '2024-01-01', to: '2024-01-31', rows: 8, seed: 2 }]));
  });
  afterAll(() => t.close());

  const post = (bytes: Uint8Array, query: string) => {
    const up = fileUpload(bytes, 'statement.pdf');
    return t.app.inject({ method: 'POST', url: `/api/v1/convert${query}`, headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
  };

  it('qbo without qbo_bid says so in X-Import-Notes; csv has no notes', async () => {
    const qbo = await post(pdf, '?format=qbo');
    expect(qbo.statusCode).toBe(200);
    expect(qbo.headers['x-import-notes']).toMatch(/placeholder 99999/);
    const csv = await post(pdf, '?format=csv');
    expect(csv.headers['x-import-notes']).toBeUndefined();
  });

  it('format=freeagent: three columns, no header', async () => {
    const res = await post(pdf, '?format=freeagent');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('statement-freeagent.csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(8);
    expect(lines[0]).toMatch(/^\d{2}\/01\/2024,-?\d+\.\d{2},[^,"]+$/);
  });

  it('include=integrity: none for the unedited statement, high for the same statement edited after creation', async () => {
    const clean = (await post(pdf, '?include=integrity')).json();
    expect(clean.integrity).toEqual({ level: 'none', signals: [] });
    const edited = (await post(appendIncrementalEdit(pdf), '?include=integrity')).json();
    expect(edited.integrity.level).toBe('high');
    expect(edited.integrity.signals.map((s: { code: string }) => s.code)).toContain('editor_producer');
    // Without include, no integrity field.
    expect((await post(pdf, '')).json().integrity).toBeUndefined();
  });
});
