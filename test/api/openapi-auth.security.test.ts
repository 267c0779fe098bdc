// Every authenticated path of the OpenAPI document, walked from the document itself (as Unkey's common
// tests do for each route): no key, a malformed or unknown key, and a revoked key are each refused
// with the contract's 401 problem, and a live key gets past authentication. A route added without
// `apiAuth` (or documented without its security) fails here, whatever its own tests say.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';

interface Operation {
  method: string;
  path: string;
  url: string;
  secured: boolean;
}

/** A value for each path parameter: well-formed for its schema, naming nothing that exists. */
const PARAM_VALUES: Record<string, string> = { id: 'nope_01J0000000000000000000000', index: '0' };

function operations(doc: { paths: Record<string, Record<string, { security?: unknown[] }>>; security?: unknown[] }): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
        if (!(name in PARAM_VALUES)) throw new Error(`no test value for the path parameter {${name}} of ${path}`);
        return PARAM_VALUES[name];
      });
      const security = op.security ?? doc.security ?? [];
      out.push({ method: method.toUpperCase(), path, url, secured: security.some((s) => Object.keys(s as object).includes('ApiKey')) });
    }
  }
  return out;
}

describe('authentication on every path of the OpenAPI document', () => {
  let t: TestApp;
  let ops: Operation[];
  let live: string;
  let revoked: string;
  let address = 0;
  // Each refused request from its own address, so the failed-authentication guard (per address) never
  // answers 429 in place of the 401 under test.
  const inject = (op: Operation, headers: Record<string, string>) =>
    t.app.inject({ method: op.method as 'GET', url: op.url, headers, remoteAddress: `10.77.${Math.floor(address / 250)}.${(address++ % 250) + 1}` });

  beforeAll(async () => {
    t = await createTestApp();
    ops = operations((await t.app.inject({ url: '/api/v1/openapi.json' })).json());
    live = (await accountWithKey(t, 'business')).key;
    const gone = await accountWithKey(t, 'business');
    await t.ctx.apiKeys.revoke(gone.keyId, null);
    revoked = gone.key;
  });
  afterAll(() => t.close());

  it('documents every /api/v1 route with the X-Api-Key scheme, except the document itself', () => {
    expect(ops.length).toBeGreaterThan(20);
    const open = ops.filter((op) => !op.secured).map((op) => `${op.method} ${op.path}`);
    expect(open.sort()).toEqual(['GET /healthz', 'GET /readyz']);
    // The document is served without a key (it is not one of its own paths).
    expect(ops.some((op) => op.path === '/api/v1/openapi.json')).toBe(false);
  });

  const refusals: [string, () => Record<string, string>, string][] = [
    ['no key', () => ({}), 'missing_api_key'],
    ['the old bearer scheme', () => ({ authorization: `Bearer ${live}` }), 'missing_api_key'],
    ['a malformed key', () => ({ 'x-api-key': 'not-a-key' }), 'invalid_api_key'],
    ['an unknown key', () => ({ 'x-api-key': `ll_live_${'z'.repeat(32)}` }), 'invalid_api_key'],
    ['a revoked key', () => ({ 'x-api-key': revoked }), 'invalid_api_key'],
  ];

  for (const [what, headers, code] of refusals) {
    it(`refuses ${what} on every authenticated path: 401 ${code}, as a problem`, async () => {
      const wrong: string[] = [];
      for (const op of ops.filter((o) => o.secured)) {
        const res = await inject(op, headers());
        const body = res.statusCode === 401 ? res.json() : null;
        const ok =
          res.statusCode === 401 &&
          String(res.headers['content-type']).startsWith('application/problem+json') &&
          body.code === code &&
          body.status === 401 &&
          typeof body.type === 'string' &&
          typeof body.title === 'string' &&
          typeof body.detail === 'string' &&
          typeof body.request_id === 'string' &&
          !('ratelimit-limit' in res.headers);
        if (!ok) wrong.push(`${op.method} ${op.path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('lets a live key past authentication on every path (whatever the route then answers)', async () => {
    const wrong: string[] = [];
    for (const op of ops.filter((o) => o.secured)) {
      const res = await inject(op, { 'x-api-key': live });
      if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode === 429) wrong.push(`${op.method} ${op.path}: ${res.statusCode}`);
      else expect(res.headers['ratelimit-limit'], `${op.method} ${op.path}`).toBeDefined();
    }
    expect(wrong).toEqual([]);
  });
});
