// Account page, API keys, recent conversions and the converter endpoints through app.inject.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload, SAMPLE_CSV } from '../helpers/multipart.js';
import { WebClient } from './web-client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function convertCsv(c: WebClient) {
  const csrf = await c.csrf();
  const up = fileUpload(SAMPLE_CSV, 'march.csv');
  return c.request({ method: 'POST', url: '/app/convert', headers: { ...up.headers, 'x-csrf-token': csrf, origin: c.origin }, payload: up.payload });
}

describe('account page', () => {
  it('shows the free plan, its usage, and how to upgrade instead of a key form', async () => {
    const c = new WebClient(t);
    const res = await c.signup('free@example.com');
    expect(res.headers.location).toBe('/app/convert?welcome=1');
    const page = await c.get('/app/account');
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/data-testid="plan">Free</);
    expect(page.body).toMatch(/data-testid="usage">0 of 5</);
    expect(page.body).toContain('ledgerline users set-plan --email free@example.com --plan pro');
    expect(page.body).not.toContain('action="/app/keys"');
    const refused = await c.form('/app/keys', { _csrf: await c.csrf(), name: 'x' });
    expect(refused.statusCode).toBe(403);
  });

  it('creates a key shown once, which works on the API, and revokes it after confirmation', async () => {
    const c = new WebClient(t);
    await c.signup('paid@example.com');
    await t.ctx.accounts.setPlan('paid@example.com', 'starter');
    const created = await c.form('/app/keys', { _csrf: await c.csrf(), name: 'Books <script>' });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const key = /value="(ll_live_[0-9A-Za-z]{32})"/.exec(created.body)?.[1];
    expect(key).toMatch(/^ll_live_/);
    expect(created.body).toContain('Books &lt;script&gt;');
    const again = await c.get('/app/account');
    expect(again.body).not.toContain(key);
    expect(again.body).toContain(key!.slice(0, 12));

    const up = fileUpload(SAMPLE_CSV);
    const api = await t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up.headers, 'x-api-key': key! }, payload: up.payload });
    expect(api.statusCode).toBe(200);

    const keyId = /data-key-id="([^"]+)"/.exec(again.body)![1];
    const confirm = await c.get(`/app/keys/${keyId}/revoke`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toMatch(/Revoke this key\?/);
    const revoked = await c.form(`/app/keys/${keyId}/revoke`, { _csrf: WebClient.csrfOf(confirm.body) });
    expect(revoked.statusCode).toBe(303);
    expect(revoked.headers.location).toBe('/app/account?revoked=1');
    const up2 = fileUpload(SAMPLE_CSV);
    const after = await t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up2.headers, 'x-api-key': key! }, payload: up2.payload });
    expect(after.statusCode).toBe(401);
  });
});

describe('converter endpoints', () => {
  it('converts with the web quota and returns the result with provenance and meta', async () => {
    const c = new WebClient(t);
    await c.signup('conv@example.com');
    const res = await convertCsv(c);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.result.reconcile_status).toBe('PASS');
    expect(body.result.transactions).toHaveLength(3);
    expect(body.result.provenance).toHaveLength(3);
    expect(body.result.meta.currency).toBe('GBP');
    expect(body.quota).toEqual({ used: 1, limit: 5, remaining: 4 });
    const list = await c.get('/app/conversions');
    expect(list.body).toContain('march.csv');
    expect(list.body).toMatch(/badge-pass" data-status="PASS">Checked/);
    expect(list.body).toMatch(/CSV · [0-9.]+ [KB ]+· web · Shown on the page/);
    // Kept for the deployment's default period: open, download and delete are offered.
    expect(body.kept_until).toBe(new Date(t.now() + 30 * 86_400_000).toISOString());
    expect(list.body).toContain(`href="/app/convert?open=${body.id}"`);
  });

  it('renders every format from the held result without counting a conversion', async () => {
    const c = new WebClient(t);
    await c.signup('render@example.com');
    const { result, filename } = (await convertCsv(c)).json();
    const csrf = await c.csrf();
    const payload = {
      filename,
      result: {
        bank: result.bank,
        reconcile_status: result.reconcile_status,
        reconcile_diff: result.reconcile_diff,
        transactions: result.transactions,
        proof: result.proof,
        warnings: result.warnings,
        meta: result.meta,
      },
    };
    for (const format of ['csv', 'xlsx', 'xero', 'quickbooks', 'sage', 'ofx', 'qbo', 'qif']) {
      const res = await c.request({
        method: 'POST',
        url: `/app/render?format=${format}`,
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, origin: c.origin },
        payload,
      });
      expect(res.statusCode, format).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="march/);
      expect(res.headers['x-reconcile-status']).toBe('PASS');
      if (format === 'xlsx') {
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(res.rawPayload as never);
        const sheet = wb.worksheets[0];
        const texts = sheet.getSheetValues().flat().map(String).join(' ');
        expect(texts).toContain('CARD PAYMENT TESCO STORES');
      }
    }
    const account = await t.ctx.accounts.byEmail('render@example.com');
    expect((await t.ctx.quota.status(account, 'web')).used).toBe(1);
    expect(await t.ctx.conversions.list(account.id)).toHaveLength(1);
  });

  it('checks corrected rows again when rendering: the verdict sent is not trusted', async () => {
    const c = new WebClient(t);
    await c.signup('render-check@example.com');
    const { result, filename } = (await convertCsv(c)).json();
    const csrf = await c.csrf();
    const send = (transactions: unknown[], status = 'PASS', proof: unknown[] | null = result.proof) =>
      c.request({
        method: 'POST',
        url: '/app/render?format=csv',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, origin: c.origin },
        payload: {
          filename,
          result: {
            bank: result.bank,
            reconcile_status: status,
            reconcile_diff: 0,
            transactions,
            ...(proof ? { proof } : {}),
            warnings: [],
            meta: result.meta,
          },
        },
      });
    // A row's amount changed without its balance: the file says RECONCILE_WARN whatever was sent. (The
    // second row: the first sits only in the equation of an opening the export does not print, which
    // its first balance implies, so nothing printed checks its amount.)
    const broken = result.transactions.map((t: Record<string, string>, i: number) => (i === 1 ? { ...t, Debit: '1.00', Credit: '', Amount: '-1.00' } : t));
    const bad = await send(broken);
    expect(bad.statusCode).toBe(200);
    expect(bad.headers['x-reconcile-status']).toBe('RECONCILE_WARN');
    expect(bad.body).toContain(',1.00,');
    // The rows as read, sent with a wrong verdict, come back PASS.
    const good = await send(result.transactions, 'RECONCILE_WARN');
    expect(good.headers['x-reconcile-status']).toBe('PASS');
    // Without the equations nothing is proven, whatever the verdict sent says.
    const unproven = await send(result.transactions, 'PASS', null);
    expect(unproven.headers['x-reconcile-status']).toBe('NO_BAL');
  });

  it("downloads keep the page's verdict: a warning the engine's table says blocks PASS blocks every file", async () => {
    // Issue 44's reproduction: a card text whose direction nothing printed decides (direction_ambiguous).
    const c = new WebClient(t);
    await c.signup('render-blocked@example.com');
    const text = [
      'Straits Card Centre',
      'Statement date 31 Jan 2024',
      'Date         Description                     Amount',
      '             PREVIOUS BALANCE                450.12',
      '05 Jan 2024  COSTA COFFEE                      4.50',
      '09 Jan 2024  AMAZON MKTPLACE                  45.99',
      '             NEW BALANCE                     500.61',
    ].join('\n');
    const csrf = await c.csrf();
    const up = fileUpload(Buffer.from(text), 'card.txt');
    const conv = await c.request({
      method: 'POST',
      url: '/app/convert',
      headers: { ...up.headers, 'x-csrf-token': csrf, origin: c.origin },
      payload: up.payload,
    });
    const { result, filename } = conv.json();
    expect(result.reconcile_status).toBe('RECONCILE_WARN');
    expect(result.warnings.map((w: { code: string }) => w.code)).toContain('direction_ambiguous');
    for (const format of ['csv', 'xlsx', 'ofx']) {
      const res = await c.request({
        method: 'POST',
        url: `/app/render?format=${format}`,
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, origin: c.origin },
        payload: { filename, result: { ...result, reconcile_status: 'RECONCILE_WARN' } },
      });
      expect(res.statusCode, format).toBe(200);
      expect(res.headers['x-reconcile-status'], format).toBe('RECONCILE_WARN');
      if (format === 'xlsx') {
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(res.rawPayload as never);
        const summary = wb.worksheets[1].getSheetValues() as unknown[][];
        const status = summary.find((r) => r?.[1] === 'Reconcile status')?.[2];
        expect(status).toBe('RECONCILE_WARN');
      }
    }
  });

  it('refuses a render body that is not a valid result', async () => {
    const c = new WebClient(t);
    await c.signup('render-bad@example.com');
    const csrf = await c.csrf();
    const bad = {
      filename: 'x',
      result: { bank: 'generic', reconcile_status: 'PASS', reconcile_diff: 0, warnings: [], meta: {}, transactions: [{ Date: '=cmd|x', Description: 'a' }] },
    };
    const res = await c.request({
      method: 'POST',
      url: '/app/render?format=csv',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, origin: c.origin },
      payload: bad,
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    expect(res.json().code).toBe('invalid_request');
  });

  it('stops the free plan after 5 web conversions with a plain message', async () => {
    const c = new WebClient(t);
    await c.signup('quota@example.com');
    for (let i = 0; i < 5; i++) expect((await convertCsv(c)).statusCode).toBe(200);
    const res = await convertCsv(c);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('monthly_limit_reached');
  });
});

describe('payee rules on the Account page', () => {
  it('adds a rule, which the converter and its downloads use, shows it, and deletes it', async () => {
    const c = new WebClient(t);
    await c.signup('payees@example.com');
    const page = await c.get('/app/account');
    expect(page.body).toContain('No payee rules yet.');
    expect(page.body).toContain('action="/app/payee-rules"');

    const added = await c.form('/app/payee-rules', { _csrf: await c.csrf(), pattern: 'british gas', payee: 'British Gas <Trading>' });
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe('/app/account?rule=added#payees-h');
    const listed = await c.get('/app/account?rule=added');
    expect(listed.body).toContain('The payee rule is saved.');
    expect(listed.body).toContain('British Gas &lt;Trading&gt;');

    const { result, filename } = (await convertCsv(c)).json();
    expect(result.payees).toEqual(['Tesco Stores', 'Acme Ltd', 'British Gas <Trading>']);
    const payload = {
      filename,
      result: {
        bank: result.bank,
        reconcile_status: result.reconcile_status,
        reconcile_diff: result.reconcile_diff,
        transactions: result.transactions,
        warnings: result.warnings,
        meta: result.meta,
      },
    };
    const xero = await c.request({
      method: 'POST',
      url: '/app/render?format=xero',
      headers: { 'content-type': 'application/json', 'x-csrf-token': await c.csrf(), origin: c.origin },
      payload,
    });
    expect(xero.body).toContain('British Gas <Trading>,DIRECT DEBIT BRITISH GAS');

    const ruleId = /data-payee-rule-id="([^"]+)"/.exec(listed.body)![1];
    const deleted = await c.form(`/app/payee-rules/${ruleId}/delete`, { _csrf: await c.csrf() });
    expect(deleted.statusCode).toBe(303);
    expect((await c.get('/app/account')).body).toContain('No payee rules yet.');
  });

  it('shows a refused rule again with the reason, and needs the CSRF token', async () => {
    const c = new WebClient(t);
    await c.signup('payees-bad@example.com');
    const refused = await c.form('/app/payee-rules', { _csrf: await c.csrf(), pattern: '/(unclosed/', payee: 'Broken' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('not a valid regular expression');
    expect(refused.body).toContain('value="/(unclosed/"');
    const forged = await c.form('/app/payee-rules', { _csrf: 'not-the-token', pattern: 'x', payee: 'y' });
    expect(forged.statusCode).toBe(403);
    const account = await t.ctx.accounts.byEmail('payees-bad@example.com');
    expect(await t.ctx.payees.listRules(account.id)).toEqual([]);
  });
});

describe('a mistyped address', () => {
  it('gets an HTML page in a browser; API paths and programs keep problem+json', async () => {
    const html = await t.app.inject({ url: '/convertt', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(html.statusCode).toBe(404);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.headers['content-security-policy']).toContain("default-src 'self'");
    expect(html.body).toContain('There is no page at /convertt.');
    const api = await t.app.inject({ url: '/api/v1/convertt', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/problem\+json/);
    const program = await t.app.inject({ url: '/convertt' });
    expect(program.json().code).toBe('not_found');
  });
});
