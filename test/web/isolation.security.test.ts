// One account can neither see nor touch another account's keys or conversions through the web routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload, SAMPLE_CSV } from '../helpers/multipart.js';
import { WebClient } from './web-client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('isolation between accounts', () => {
  it("B cannot list, confirm or revoke A's key, nor see A's conversions", async () => {
    const a = new WebClient(t);
    const b = new WebClient(t);
    await a.signup('alice@example.com');
    await b.signup('bob@example.com');
    await t.ctx.accounts.setPlan('alice@example.com', 'pro');
    await t.ctx.accounts.setPlan('bob@example.com', 'pro');
    const created = await a.form('/app/keys', { _csrf: await a.csrf(), name: 'alice key' });
    const key = /value="(ll_live_[0-9A-Za-z]{32})"/.exec(created.body)![1];
    const keyId = /data-key-id="([^"]+)"/.exec(created.body)![1];
    const csrfA = await a.csrf();
    const up = fileUpload(SAMPLE_CSV, 'alice-secret.csv');
    expect((await a.request({ method: 'POST', url: '/app/convert', headers: { ...up.headers, 'x-csrf-token': csrfA }, payload: up.payload })).statusCode).toBe(
      200,
    );

    const bAccount = await b.get('/app/account');
    expect(bAccount.body).not.toContain(keyId);
    expect(bAccount.body).not.toContain('alice key');
    const bList = await b.get('/app/conversions');
    expect(bList.body).not.toContain('alice-secret.csv');

    expect((await b.get(`/app/keys/${keyId}/revoke`)).statusCode).toBe(404);
    const direct = await b.form(`/app/keys/${keyId}/revoke`, { _csrf: await b.csrf() });
    expect(direct.statusCode).toBe(404);
    // A's own token is useless in B's session.
    expect((await b.form(`/app/keys/${keyId}/revoke`, { _csrf: csrfA })).statusCode).toBe(403);

    const api = fileUpload(SAMPLE_CSV);
    const still = await t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...api.headers, 'x-api-key': key }, payload: api.payload });
    expect(still.statusCode).toBe(200);
    const alice = await t.ctx.accounts.byEmail('alice@example.com');
    expect((await t.ctx.apiKeys.list(alice.id))[0].revoked_at).toBeNull();
  });
});
