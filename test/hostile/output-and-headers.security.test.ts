// Issue 15, finding 8 and the "also" list: a render `bank` with CR/LF or non-ASCII answered a raw 500
// (it went into X-Bank); ofx_org / ofx_fid put CR/LF into OFX files and an account id put control
// characters into OFX XML; X-CSRF-Token was logged at trace level; /metrics opened without a token;
// no HSTS with secure cookies; compose defaults (`change-me`, every private range trusted as a proxy);
// CSV cells starting with `|` or a full-width `＝` were not guarded.
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, LOG_REDACT } from '../../src/server/app.js';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload, SAMPLE_CSV } from '../helpers/multipart.js';
import { WebClient } from '../web/web-client.js';
import { expectProblem } from './hostile-app.js';

const meta = {
  inputKind: 'csv',
  pageCount: null,
  currency: 'GBP',
  currencyExponent: 2,
  openingBalance: '10.00',
  closingBalance: '8.00',
  periodStart: null,
  periodEnd: null,
  accountId: null as string | null,
  bankId: null,
  accountType: 'bank',
};
const tx = (Description: string) => ({
  Date: '01/03/2024',
  Description,
  Type: 'debit',
  Debit: '1.00',
  Credit: '',
  Amount: '-1.00',
  Balance: '9.00',
  Reference: '',
  Currency: 'GBP',
});
const body = (o: { bank?: string; accountId?: string | null; descriptions?: string[] } = {}) => ({
  filename: 'statement',
  result: {
    bank: o.bank ?? 'generic',
    reconcile_status: 'NO_BAL',
    reconcile_diff: 0,
    transactions: (o.descriptions ?? ['SHOP']).map(tx),
    warnings: [],
    meta: { ...meta, accountId: o.accountId ?? null },
  },
});

describe('render and file output', () => {
  let t: TestApp;
  let c: WebClient;
  beforeAll(async () => {
    t = await createTestApp();
    c = new WebClient(t);
    await c.signup('output@example.com');
  });
  afterAll(() => t.close());

  const render = async (payload: unknown, format: string) =>
    c.request({
      method: 'POST',
      url: `/app/render?format=${format}`,
      headers: { 'content-type': 'application/json', 'x-csrf-token': await c.csrf(), origin: c.origin },
      payload: JSON.stringify(payload),
    });

  it('a bank with CR/LF, a header injection or non-ASCII is 400 invalid_request, never a raw 500', async () => {
    for (const bank of ['generic\r\nSet-Cookie: a=b', 'générique', 'x\u0000y', 'A'.repeat(41)]) {
      const res = await render(body({ bank }), 'csv');
      expect(res.statusCode, bank).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_request' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('OFX options with CR/LF stay on one line; control characters in an account id never reach the XML', async () => {
    const { key } = await accountWithKey(t, 'pro');
    const up = fileUpload(SAMPLE_CSV);
    const q = new URLSearchParams({ format: 'ofx', ofx_org: 'EVIL\r\n<ACCTID>999', ofx_fid: '12\n34' });
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/convert?${q}`, headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.body).toMatch(/<ORG>EVIL &lt;ACCTID&gt;999<\/ORG>\r\n/);
    expect(res.body).toMatch(/<FID>12 34<\/FID>\r\n/);
    expect(res.body.match(/<ACCTID>/g)).toHaveLength(1);

    const ofx = await render(body({ accountId: '12\u0001\u000b34\u0085\ud800' }), 'ofx');
    expect(ofx.statusCode, ofx.body.slice(0, 200)).toBe(200);

    expect(ofx.body.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f\ud800-\udfff]/);
    // (The account id keeps its letters and digits only, masked to the last four: docs/payees.md.)
    expect(ofx.body).toMatch(/<ACCTID>XXXX1234<\/ACCTID>/);
  });

  it('CSV cells starting with | , a DDE command or a full-width ＝ are guarded', async () => {
    const res = await render(body({ descriptions: ['|calc', "cmd|' /C calc'!A0", '\uff1dSUM(A1)', '\u3000\uff0b1', 'TESCO | LONDON'] }), 'csv');
    expect(res.statusCode).toBe(200);
    const lines = res.body.split(/\r?\n/).slice(1);
    expect(lines[0]).toMatch(/^01\/03\/2024,'\|calc,/);
    expect(lines[1]).toMatch(/^01\/03\/2024,'cmd\|' \/C calc'!A0,/);
    expect(lines[2]).toMatch(/^01\/03\/2024,'\uff1dSUM\(A1\),/);
    expect(lines[3]).toMatch(/^01\/03\/2024,'\u3000\uff0b1,/);
    expect(lines[4]).toMatch(/^01\/03\/2024,TESCO \| LONDON,/);
  });
});

describe('logs, metrics, HSTS and deployment defaults', () => {
  it('X-CSRF-Token is redacted from trace-level logs', async () => {
    const t = await createTestApp();
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _e, cb) => (lines.push(String(chunk)), cb()) });
    const app = await buildApp(t.ctx, { logger: { level: 'trace', stream, redact: LOG_REDACT } });
    try {
      const token = 'csrf-secret-QWERTYUIOP-0123456789';
      await app.inject({
        method: 'POST',
        url: '/app/render?format=csv',
        headers: { 'x-csrf-token': token, 'content-type': 'application/json' },
        payload: '{}',
      });
      const { key } = await accountWithKey(t, 'pro');
      const up = fileUpload(SAMPLE_CSV);
      await app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up.headers, 'x-api-key': key, 'x-csrf-token': token }, payload: up.payload });
      const log = lines.join('');
      // @fastify/multipart logs every request header at trace level.
      expect(log).toContain('"x-csrf-token":"[Redacted]"');
      expect(log).not.toContain(token);
    } finally {
      await app.close();
      await t.close();
    }
  });

  it('/metrics enabled without a token stays closed (401)', async () => {
    const t = await createTestApp({ config: { metricsEnabled: true, metricsToken: null } });
    try {
      const res = await t.app.inject({ url: '/metrics' });
      expect(expectProblem(res, 401, 'invalid_api_key').detail).toMatch(/no METRICS_TOKEN/);
      expect(res.body).not.toMatch(/ledgerline_/);
    } finally {
      await t.close();
    }
  });

  it('HSTS is sent on every answer when cookies are secure, and not otherwise', async () => {
    const secure = await createTestApp({ config: { cookieSecure: true } });
    const plain = await createTestApp();
    try {
      for (const url of ['/healthz', '/login', '/api/v1/banks']) {
        expect((await secure.app.inject({ url })).headers['strict-transport-security'], url).toMatch(/max-age=31536000/);
        expect((await plain.app.inject({ url })).headers['strict-transport-security'], url).toBeUndefined();
      }
    } finally {
      await secure.close();
      await plain.close();
    }
  });

  it('docker-compose.yml has no default secrets and trusts only the balancer as a proxy', () => {
    const compose = fs.readFileSync(new URL('../../docker-compose.yml', import.meta.url), 'utf8');
    expect(compose).not.toMatch(/change-me/);
    expect(compose).toMatch(/METRICS_TOKEN: \$\{METRICS_TOKEN:\?/);
    expect(compose).not.toMatch(/POSTGRES_PASSWORD:-/);
    const trust = /TRUST_PROXY: ["']([^"']*)["']/.exec(compose)?.[1] ?? '';
    expect(trust).not.toMatch(/10\.0\.0\.0\/8|172\.16\.0\.0\/12|192\.168\.0\.0\/16/);
    expect(trust).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(compose).toContain(`ipv4_address: ${trust}`);
  });
});
