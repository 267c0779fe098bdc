import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { listBanks } from '../../src/engine/profiles/index.js';
import { formatNames } from '../../src/formats/index.js';
import { JSON_PART_NAMES } from '../../src/http/json-parts.js';

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

  it('writes every closed set of values as one enum, so /docs offers each value', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    const param = (path: string, method: string, name: string) =>
      doc.paths[path][method].parameters.find((p: { name: string }) => p.name === name).schema as Record<string, unknown>;
    expect(param('/api/v1/convert', 'post', 'format')).toMatchObject({ type: 'string', enum: formatNames(), default: 'json' });
    expect(param('/api/v1/conversions/{id}/result', 'get', 'format').enum).toEqual(formatNames());
    expect(param('/api/v1/convert', 'post', 'date_format').enum).toEqual(['dmy', 'mdy']);
    expect(param('/api/v1/convert', 'post', 'include')).toMatchObject({ type: 'array', items: { enum: JSON_PART_NAMES } });
    const bank = doc.paths['/api/v1/convert'].post.requestBody.content['multipart/form-data'].schema.properties.bank;
    expect(bank.enum).toEqual(['auto', 'generic', ...listBanks().map((b) => b.id)]);
    // No union of single values is left anywhere in the document.
    const left: string[] = [];
    const walk = (v: unknown, at: string) => {
      if (!v || typeof v !== 'object') return;
      const o = v as Record<string, unknown>;
      const branches = (o.anyOf ?? o.oneOf) as { const?: unknown; enum?: unknown[] }[] | undefined;
      if (Array.isArray(branches) && branches.length > 1 && branches.every((b) => 'const' in b || (Array.isArray(b.enum) && b.enum.length === 1)))
        left.push(at);
      for (const [k, x] of Object.entries(o)) walk(x, `${at}/${k}`);
    };
    walk(doc, '');
    expect(left).toEqual([]);
  });

  it('serves readable docs at /docs', async () => {
    const res = await t.app.inject({ url: '/docs/' });
    expect([200, 302]).toContain(res.statusCode);
  });
});
