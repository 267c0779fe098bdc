// Sessions, CSRF, throttling and enumeration on the web routes (app.inject, real database).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FREE_FAILURES_PER_PAIR } from '../../src/web/web.feature.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { PASSWORD, WebClient } from './web-client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sessions', () => {
  it('sets an HttpOnly SameSite cookie whose token is not stored in the database', async () => {
    const c = new WebClient(t);
    const res = await c.signup('cookie@example.com');
    expect(res.statusCode).toBe(303);
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(/ll_session=[A-Za-z0-9_-]{43}/);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Lax/);
    expect(set).not.toMatch(/Secure/);
    const token = c.cookies.get('ll_session')!;
    const rows = await t.ctx.dbh.db.withTables<{ web_sessions: { token_hash: string } }>().selectFrom('web_sessions').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash.includes(token))).toBe(false);
  });

  it('uses Secure __Host- cookies when configured', async () => {
    const s = await createTestApp({ config: { cookieSecure: true } });
    try {
      const c = new WebClient(s);
      const page = await c.get('/login');
      expect(String(page.headers['set-cookie'])).toMatch(/^__Host-ll_csrf=.*; Secure/);
      const res = await c.signup('secure@example.com');
      expect(String(res.headers['set-cookie'])).toMatch(/^__Host-ll_session=.*HttpOnly; Secure; SameSite=Lax/);
    } finally {
      await s.close();
    }
  });

  it('logout deletes the session: the old cookie no longer opens pages', async () => {
    const c = new WebClient(t);
    await c.signup('logout@example.com');
    const token = c.cookies.get('ll_session')!;
    const csrf = await c.csrf();
    const out = await c.form('/logout', { _csrf: csrf });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/login?out=1');
    expect(c.cookies.has('ll_session')).toBe(false);
    const replay = await t.app.inject({ method: 'GET', url: '/app/account', headers: { cookie: `ll_session=${token}` } });
    expect(replay.statusCode).toBe(303);
    expect(replay.headers.location).toMatch(/^\/login\?next=/);
  });

  it('expires idle sessions', async () => {
    const c = new WebClient(t);
    await c.signup('idle@example.com');
    expect((await c.get('/app/account')).statusCode).toBe(200);
    t.advance(8 * 24 * 3600_000);
    expect((await c.get('/app/account')).statusCode).toBe(303);
  });

  it('a new log-in gets a new token (no session fixation)', async () => {
    const c = new WebClient(t);
    await c.signup('fixation@example.com');
    const first = c.cookies.get('ll_session');
    const page = await c.request({ method: 'GET', url: '/login', headers: { cookie: `ll_csrf=${c.cookies.get('ll_csrf')}` } });
    const res = await c.form('/login', { _csrf: WebClient.csrfOf(page.body), email: 'fixation@example.com', password: PASSWORD });
    expect(res.statusCode).toBe(303);
    expect(c.cookies.get('ll_session')).not.toBe(first);
    const old = await t.app.inject({ method: 'GET', url: '/app/account', headers: { cookie: `ll_session=${first}` } });
    expect(old.statusCode).toBe(303);
  });
});

describe('CSRF', () => {
  it('refuses a forged form post (no token) with 403 and changes nothing', async () => {
    const c = new WebClient(t);
    await c.signup('forged@example.com');
    await t.ctx.accounts.setPlan('forged@example.com', 'pro');
    const account = await t.ctx.accounts.byEmail('forged@example.com');
    const res = await c.form('/app/keys', { name: 'evil' });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/did not come from this site/);
    expect(await t.ctx.apiKeys.list(account.id)).toHaveLength(0);
  });

  it('refuses a cross-origin post even with the right token', async () => {
    const c = new WebClient(t);
    await c.signup('origin@example.com');
    await t.ctx.accounts.setPlan('origin@example.com', 'pro');
    const csrf = await c.csrf();
    const res = await c.form('/app/keys', { _csrf: csrf, name: 'x' }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    const site = await c.form('/app/keys', { _csrf: csrf, name: 'x' }, { origin: '', 'sec-fetch-site': 'cross-site' });
    expect(site.statusCode).toBe(403);
    const ok = await c.form('/app/keys', { _csrf: csrf, name: 'ok' });
    expect(ok.statusCode).toBe(201);
  });

  it("refuses another session's token", async () => {
    const a = new WebClient(t);
    const b = new WebClient(t);
    await a.signup('tok-a@example.com');
    await b.signup('tok-b@example.com');
    const res = await a.form('/logout', { _csrf: await b.csrf() });
    expect(res.statusCode).toBe(403);
    expect((await a.get('/app/account')).statusCode).toBe(200);
  });

  it('refuses log-in and sign-up posts without the double-submit token', async () => {
    const c = new WebClient(t);
    await c.get('/login');
    expect((await c.form('/login', { email: 'x@example.com', password: PASSWORD })).statusCode).toBe(403);
    expect((await c.form('/signup', { _csrf: 'A'.repeat(43), email: 'y@example.com', password: PASSWORD })).statusCode).toBe(403);
    await expect(t.ctx.accounts.byEmail('y@example.com')).rejects.toThrow();
  });

  it('JSON endpoints answer problem+json 403 without the header token and 401 without a session', async () => {
    const c = new WebClient(t);
    await c.signup('json@example.com');
    const forged = await c.request({ method: 'POST', url: '/app/render?format=csv', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(forged.statusCode).toBe(403);
    expect(forged.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(forged.json().code).toBe('csrf_failed');
    const anon = await t.app.inject({ method: 'POST', url: '/app/convert' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().code).toBe('session_required');
  });
});

describe('log-in answers', () => {
  it('says the same for an unknown email and a wrong password', async () => {
    await t.ctx.accounts.create('known@example.com', PASSWORD);
    const c = new WebClient(t);
    const unknown = await c.login('nobody@example.com', 'whatever whatever');
    const wrong = await c.login('known@example.com', 'wrong wrong wrong');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    const msg = (b: string) => /<p class="alert alert-error" role="alert">([^<]*)</.exec(b)?.[1];
    expect(msg(unknown.body)).toBe('The email or password is wrong.');
    expect(msg(wrong.body)).toBe(msg(unknown.body));
  });

  it('sign-up with a taken email does not confirm it beyond pointing to log-in', async () => {
    const c = new WebClient(t);
    const res = await c.signup('known@example.com');
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/could not be created with this email/);
    expect(res.body).not.toMatch(/already exists/);
  });

  it('slows failed log-ins down per (email, address), even with the right password; the owner elsewhere is not slowed', async () => {
    await t.ctx.accounts.create('victim@example.com', PASSWORD);
    const guesser = '203.0.113.7';
    for (let i = 0; i <= LOGIN_FREE_FAILURES_PER_PAIR; i++) {
      const c = new WebClient(t, undefined, guesser);
      expect((await c.login('victim@example.com', `guess number ${i}`)).statusCode).toBe(401);
    }
    const c = new WebClient(t, undefined, guesser);
    const res = await c.login('Victim@Example.com');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body).toMatch(/Too many attempts/);
    expect(c.cookies.has('ll_session')).toBe(false);
    const owner = new WebClient(t, undefined, '198.51.100.9');
    expect((await owner.login('victim@example.com')).statusCode).toBe(303);
  });

  it('redirects only to local app paths after log-in', async () => {
    await t.ctx.accounts.create('next@example.com', PASSWORD);
    const c = new WebClient(t);
    const page = await c.get('/login?next=https://evil.example/');
    const res = await c.form('/login', { _csrf: WebClient.csrfOf(page.body), email: 'next@example.com', password: PASSWORD, next: '//evil.example/app/x' });
    expect(res.headers.location).toBe('/app/convert');
    const c2 = new WebClient(t);
    const p2 = await c2.get('/login');
    const r2 = await c2.form('/login', { _csrf: WebClient.csrfOf(p2.body), email: 'next@example.com', password: PASSWORD, next: '/app/conversions' });
    expect(r2.headers.location).toBe('/app/conversions');
  });
});

describe('headers', () => {
  it('sets CSP and friends on pages and static files, and escapes user input', async () => {
    const c = new WebClient(t);
    for (const url of ['/login', '/static/app.css', '/static/js/converter.js']) {
      const res = await c.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toMatch(/default-src 'self'.*script-src 'self'.*worker-src 'self'.*frame-ancestors 'none'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('same-origin');
    }
    const page = await c.get('/login');
    const res = await c.form('/login', { _csrf: WebClient.csrfOf(page.body), email: '"><script>alert(1)</script>', password: 'x' });
    expect(res.body).not.toMatch(/<script>alert/);
    expect(res.body).toMatch(/&quot;&gt;&lt;script&gt;/);
  });

  it('answers unknown app pages with an HTML page after log-in', async () => {
    const c = new WebClient(t);
    expect((await c.get('/app/nowhere')).statusCode).toBe(303);
    await c.signup('lost@example.com');
    const res = await c.get('/app/nowhere');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/There is no such page/);
  });

  it('serves pdf.js from the server and nothing outside the whitelist', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/static/pdfjs/pdf.worker.min.mjs' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/text\/javascript/);
    for (const url of ['/static/../../package.json', '/static/pdfjs/pdf.mjs', '/static/%2e%2e/web.feature.ts']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
