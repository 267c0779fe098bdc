import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3 document describing the live contract', async () => {
    const res = await t.app.inject({ url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const result = await validate(structuredClone(doc));
    if (!result.valid) expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\./);
    const convert = doc.paths['/api/v1/convert'].post;
    expect(convert.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
    expect(convert.parameters.find((p: { name: string }) => p.name === 'format').schema).toBeTruthy();
    expect(convert.security).toEqual([{ ApiKey: [] }]);
    expect(Object.keys(convert.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '422', '429']));
    expect(doc.paths['/api/v1/conversions'].get).toBeTruthy();
    expect(doc.paths['/api/v1/banks'].get).toBeTruthy();
    expect(doc.components.securitySchemes.ApiKey).toEqual({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
    expect(doc.info.description).toContain('monthly_limit_reached');
    // Payees: the include value, the result field and the rules endpoints are documented.
    expect(convert.parameters.find((p: { name: string }) => p.name === 'include').description).toContain('payees');
    expect(doc.components.schemas.ConversionResult.properties.payees.description).toContain('parallel to transactions');
    expect(doc.paths['/api/v1/payees/rules'].get).toBeTruthy();
    expect(doc.paths['/api/v1/payees/rules'].post.requestBody).toBeTruthy();
    expect(doc.paths['/api/v1/payees/rules/{id}'].delete).toBeTruthy();
  });

  it('serves readable docs at /docs', async () => {
    const res = await t.app.inject({ url: '/docs/' });
    expect([200, 302]).toContain(res.statusCode);
  });
});
