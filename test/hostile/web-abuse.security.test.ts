// Issue 15, findings 5, 6 and 9, seen from a free web account and a browser: web routes without rate
// limits (25 sign-ups in 0.5 s; /app/convert unlimited because failures cost nothing; /app/render
// writing 75,000-row XLSX files on the event loop), no cap on API keys, eight wrong passwords locking
// the owner out for 15 minutes, and passwords of ten spaces or ten NULs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LIVE_KEYS_PER_ACCOUNT, WEB_LIMITS } from '../../src/services/plans.js';
import { LOGIN_FREE_FAILURES_PER_PAIR, LOGIN_MAX_DELAY_S } from '../../src/web/web.feature.js';
import { passwordProblem } from '../../src/services/account.service.js';
import { PASSWORD, WebClient } from '../web/web-client.js';
import { createHostileApp, duringAttack, type HostileApp } from './hostile-app.js';

const meta = {
  inputKind: 'csv',
  pageCount: null,
  currency: 'GBP',
  currencyExponent: 2,
  openingBalance: '1000000.00',
  closingBalance: null,
  periodStart: null,
  periodEnd: null,
  accountId: null,
  bankId: null,
  accountType: 'bank',
};
function renderBody(rows: number, extra: { bank?: string; description?: (i: number) => string } = {}) {
  const transactions = Array.from({ length: rows }, (_, i) => ({
    Date: '01/03/2024',
    Description: extra.description?.(i) ?? `CARD PAYMENT TO SOME MERCHANT LONDON GB REF ${i}`,
    Type: 'debit',
    Debit: '1.00',
    Credit: '',
    Amount: '-1.00',
    Balance: (1_000_000 - i - 1).toFixed(2),
    Reference: `R${i}`,
    Currency: 'GBP',
  }));
  return { filename: 'statement', result: { bank: extra.bank ?? 'generic', reconcile_status: 'PASS', reconcile_diff: 0, transactions, warnings: [], meta } };
}

describe('web routes are rate limited and bounded', () => {
  let t: HostileApp;
  beforeAll(async () => {
    t = await createHostileApp();
  });
  afterAll(() => t.close());

  const render = async (c: WebClient, body: unknown, format = 'xlsx') =>
    c.request({
      method: 'POST',
      url: `/app/render?format=${format}`,
      headers: { 'content-type': 'application/json', 'x-csrf-token': await c.csrf(), origin: c.origin },
      payload: JSON.stringify(body),
    });

  it(`25 sign-ups from one address: ${WEB_LIMITS.signup.limit} get in, the rest 429 with Retry-After`, async () => {
    const address = '203.0.113.25';
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => new WebClient(t, undefined, address).signup(`burst${i}@example.com`)));
    expect(answers.filter((r) => r.statusCode === 303)).toHaveLength(WEB_LIMITS.signup.limit);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(25 - WEB_LIMITS.signup.limit);
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
    expect(refused[0].body).toMatch(/Too many sign-ups from your address/);
    // Another address is not affected.
    expect((await new WebClient(t).signup('elsewhere@example.com')).statusCode).toBe(303);
  });

  it(`POST /app/convert: failures count too; past ${WEB_LIMITS.convert.limit} an hour the account gets 429`, { timeout: 120_000 }, async () => {
    const c = new WebClient(t);
    await c.signup('converter@example.com');
    const csrf = await c.csrf();
    const { fileUpload } = await import('../helpers/multipart.js');
    const send = () => {
      const up = fileUpload(Buffer.from([0x00, 0x01]), 'junk.pdf');
      return c.request({ method: 'POST', url: '/app/convert', headers: { ...up.headers, 'x-csrf-token': csrf, origin: c.origin }, payload: up.payload });
    };
    for (let i = 0; i < WEB_LIMITS.convert.limit; i++) expect((await send()).statusCode).toBe(400);
    const res = await send();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('four large XLSX renders at once are written off the event loop: /healthz answers while they run', { timeout: 240_000 }, async () => {
    // Four renders on two processes: the last two wait for the first two (longer than the default
    // queue wait on a loaded machine), so this app waits longer.
    const r = await createHostileApp({ convertQueueWaitMs: 200_000 });
    const t = r;
    const clients = await Promise.all(
      [0, 1, 2, 3].map(async (i) => {
        const c = new WebClient(t);
        await c.signup(`render${i}@example.com`);
        return c;
      }),
    );
    try {
      const body = renderBody(20_000);
      // The renders run in conversion processes: the pool reports them while they run (written on the
      // event loop before, where a 75,000-row XLSX paused it for seconds).
      let inPool = 0;
      const watch = setInterval(() => (inPool = Math.max(inPool, t.ctx.converter.stats().running)), 20);
      const { value, answeredDuring } = await duringAttack(t.app, () => Promise.all(clients.map((c) => render(c, body)))).finally(() => clearInterval(watch));
      expect(answeredDuring).toBeGreaterThan(0);
      expect(inPool).toBeGreaterThan(0);
      for (const res of value) {
        expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
        expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
      }
    } finally {
      await r.close();
    }
  });

  it('a render body that is not a result is still 400 invalid_request (validated in the conversion process)', async () => {
    const c = new WebClient(t);
    await c.signup('render-bad@example.com');
    const res = await render(c, { filename: 'x', result: { bank: 'generic', transactions: [{ Date: '=cmd|x' }] } }, 'csv');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_request' });
    expect(res.json().detail).toMatch(/Invalid body/);
    const notJson = await c.request({
      method: 'POST',
      url: '/app/render?format=csv',
      headers: { 'content-type': 'application/json', 'x-csrf-token': await c.csrf(), origin: c.origin },
      payload: '{"filename":',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it(`an account may hold ${MAX_LIVE_KEYS_PER_ACCOUNT} live API keys; the next is refused until one is revoked`, async () => {
    const c = new WebClient(t);
    await c.signup('keys@example.com');
    await t.ctx.accounts.setPlan('keys@example.com', 'pro');
    const create = async () => c.form('/app/keys', { _csrf: await c.csrf(), name: 'k' });
    for (let i = 0; i < MAX_LIVE_KEYS_PER_ACCOUNT; i++) expect((await create()).statusCode).toBe(201);
    const over = await create();
    expect(over.statusCode).toBe(400);
    expect(over.body).toMatch(new RegExp(`at most ${MAX_LIVE_KEYS_PER_ACCOUNT} live API keys`));
    const account = await t.ctx.accounts.byEmail('keys@example.com');
    const [first] = await t.ctx.apiKeys.list(account.id);
    await t.ctx.apiKeys.revoke(first.id, account.id);
    expect((await create()).statusCode).toBe(201);
  });
});

describe('log-in failures slow a (email, address) pair down instead of locking the owner out', () => {
  let t: HostileApp;
  beforeAll(async () => {
    t = await createHostileApp();
    await t.ctx.accounts.create('owner@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  it('eight wrong passwords from one address: the owner logs in from another address at once, the guesser waits seconds (not 15 minutes)', async () => {
    const guesser = '203.0.113.66';
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await new WebClient(t, undefined, guesser).login('owner@example.com', `wrong guess ${i}`)).statusCode);
    // The first failures answer 401; once the pair must wait, 429 with a short Retry-After.
    expect(statuses.slice(0, LOGIN_FREE_FAILURES_PER_PAIR + 1).every((s) => s === 401)).toBe(true);
    const waited = await new WebClient(t, undefined, guesser).login('owner@example.com', 'wrong again');
    expect(waited.statusCode).toBe(429);
    expect(Number(waited.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_MAX_DELAY_S);
    const owner = await new WebClient(t, undefined, '198.51.100.1').login('owner@example.com');
    expect(owner.statusCode).toBe(303);
    expect(owner.headers.location).toBe('/app/convert');
  });
});

describe('passwords of only white space, invisible or control characters are refused', () => {
  let t: HostileApp;
  beforeAll(async () => {
    t = await createHostileApp();
  });
  afterAll(() => t.close());

  for (const [name, password] of [
    ['ten spaces', ' '.repeat(10)],
    ['ten NULs', '\0'.repeat(10)],
    ['tabs and line breaks', '\t\n\r\t\n\r\t\n\r\t'],
    ['nine letters padded with spaces', '   abcdefghi   '],
    ['a NUL inside', 'correct\0horse battery'],
    // Issue 47: invisible characters are white space too.
    ['ten zero-width spaces', '\u200b'.repeat(10)],
    ['invisible format characters', '\u200c\u200d\u2060\ufeff\u00ad\u200e\u200f\u180e\u2061\u2800\u3164'],
    ['nine letters padded with zero-width joiners', '\u200dabcdefghi\u200d\u200d'],
  ] as const) {
    it(`${name}: sign-up 400, no account`, async () => {
      const email = `pw-${name.replace(/\W/g, '')}@example.com`;
      const res = await new WebClient(t).signup(email, password);
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatch(/password must/);
      await expect(t.ctx.accounts.byEmail(email)).rejects.toMatchObject({ code: 'not_found' });
    });
  }

  it('the CLI refuses them too, and a normal password still works', async () => {
    await expect(t.ctx.accounts.create('cli@example.com', ' '.repeat(12))).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(t.ctx.accounts.create('cli@example.com', '\u200b'.repeat(12))).rejects.toMatchObject({ code: 'invalid_request' });
    // Letters of any script count, and so do emoji (a joined emoji sequence is several characters).
    expect(passwordProblem('пароль-надёжный')).toBeNull();
    expect(passwordProblem('🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑')).toBeNull();
    expect((await new WebClient(t).signup('fine@example.com', 'correct horse battery')).statusCode).toBe(303);
  });
});
