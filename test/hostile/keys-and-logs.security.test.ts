// Keys: hashes only at rest, constant-time check, revocation on the next request, the brute-force
// guard; and a run with a real pino logger at trace level whose output must hold no key, no file
// content and no transaction text (nor may any error body).
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { AUTH_FAILURE_LIMIT } from '../../src/context.js';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload } from '../helpers/multipart.js';
import { plainPdf } from './pdf-craft.js';

const MARK = 'ZEBRAMERCHANT7781';
const SECRET_CSV = [
  'Date,Description,Money Out,Money In,Balance',
  `01/03/2024,CARD PAYMENT ${MARK} LONDON,12.30,,987.70`,
  '02/03/2024,SALARY QUOKKAINDUSTRIES,,1500.00,2487.70',
  '',
].join('\n');

describe('API keys at rest and in use', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the key check is a hash lookup plus timingSafeEqual (code review, pinned)', () => {
    const src = fs.readFileSync(new URL('../../src/services/api-key.service.ts', import.meta.url), 'utf8');
    expect(src).toMatch(/findByHash\(hash\)/);
    expect(src).toMatch(/timingSafeEqual\(/);
    expect(src).not.toMatch(/key_hash\s*===|===\s*hash\b/);
  });

  it('only the SHA-256 and a short prefix are stored: the key is nowhere in the database file', async () => {
    const { key } = await accountWithKey(t, 'pro');
    const rows = await t.ctx.dbh.db.selectFrom('api_keys').selectAll().execute();
    for (const r of rows) {
      expect(JSON.stringify(r)).not.toContain(key);
      expect(r.key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(r.prefix.length).toBeLessThanOrEqual(12);
    }
    if (t.ctx.dbh.dialect === 'sqlite') {
      const file = t.ctx.config.databaseUrl.slice('sqlite:'.length);
      const bytes = Buffer.concat([fs.readFileSync(file), fs.existsSync(`${file}-wal`) ? fs.readFileSync(`${file}-wal`) : Buffer.alloc(0)]);
      expect(bytes.includes(Buffer.from(key.slice(12)))).toBe(false);
    }
  });

  it('a revoked key is refused on the very next request', async () => {
    const { account, key, keyId } = await accountWithKey(t, 'pro');
    expect((await t.app.inject({ url: '/api/v1/conversions', headers: { 'x-api-key': key } })).statusCode).toBe(200);
    await t.ctx.apiKeys.revoke(keyId, account.id);
    const res = await t.app.inject({ url: '/api/v1/conversions', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('invalid_api_key');
  });

  it('after repeated failures an address is refused (429) even with a valid key; others are not', async () => {
    const { key } = await accountWithKey(t, 'pro');
    for (let i = 0; i < AUTH_FAILURE_LIMIT; i++) {
      const res = await t.app.inject({
        url: '/api/v1/conversions',
        remoteAddress: '10.9.9.9',
        headers: { 'x-api-key': `ll_live_${String(i).padStart(32, 'x')}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({ url: '/api/v1/conversions', remoteAddress: '10.9.9.9', headers: { 'x-api-key': key } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('rate_limited');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.app.inject({ url: '/api/v1/conversions', remoteAddress: '10.9.9.10', headers: { 'x-api-key': key } })).statusCode).toBe(200);
  });
});

describe('logs and error bodies hold no secrets', () => {
  let t: TestApp;
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await createTestApp({ overrides: { converter: 'pool' }, config: { convertTimeoutMs: 10_000, convertWorkers: 1 } });
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    // A real logger at the most verbose level, with the production redaction list.
    app = await buildApp(t.ctx, { logger: { level: 'trace', stream, redact: (await import('../../src/server/app.js')).LOG_REDACT } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('a run of successes, failures and refusals logs no key, file content or transaction text', async () => {
    const { key } = await accountWithKey(t, 'pro');
    const bodies: string[] = [];
    const post = async (bytes: string | Uint8Array, name: string, q = '', k = key) => {
      const up = fileUpload(bytes, name);
      const res = await app.inject({ method: 'POST', url: `/api/v1/convert${q}`, headers: { ...up.headers, 'x-api-key': k }, payload: up.payload });
      bodies.push(res.statusCode >= 400 ? res.body : '');
      return res;
    };
    expect((await post(SECRET_CSV, 'ok.csv')).statusCode).toBe(200);
    expect((await post(SECRET_CSV, 'ok.csv', '?format=xlsx')).statusCode).toBe(200);
    expect((await post(`hello ${MARK} this is not a statement\n`, 'notes.csv')).statusCode).toBe(422);
    expect((await post(plainPdf(`${MARK} PDF TEXT`), 'p.pdf')).statusCode).toBe(422);
    expect((await post(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from(MARK)]), 'i.pdf')).statusCode).toBe(400);
    expect((await post(SECRET_CSV, 'k.csv', '', key.slice(0, -1) + (key.endsWith('Z') ? 'Y' : 'Z'))).statusCode).toBe(401);
    const err = await app.inject({
      method: 'POST',
      url: '/api/v1/convert',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: JSON.stringify({ note: MARK }),
    });
    bodies.push(err.body);
    await new Promise((r) => setTimeout(r, 100));

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    expect(log).toContain('request completed');
    for (const secret of [key, key.slice(12), MARK, 'QUOKKAINDUSTRIES', '987.70']) {
      expect(log, `log mentions ${secret}`).not.toContain(secret);
      for (const b of bodies) expect(b, `error body mentions ${secret}`).not.toContain(secret);
    }
  });
});
