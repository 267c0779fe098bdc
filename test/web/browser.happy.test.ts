// Acceptance in a real browser: account and API Access, the converter with its page view, downloads,
// log-out, and screenshots of every page at desktop and phone width.
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateStatementPdf } from '../fixtures/pdf/generate.js';
import { fileUpload, SAMPLE_CSV } from '../helpers/multipart.js';
import { hasChromium, shoot, signUp, startHarness, type Harness } from './browser.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

async function apiConvert(key: string): Promise<number> {
  const up = fileUpload(SAMPLE_CSV);
  const res = await fetch(`${h.base}/api/v1/convert`, { method: 'POST', headers: { ...up.headers, 'x-api-key': key }, body: new Uint8Array(up.payload) });
  await res.arrayBuffer();
  return res.status;
}

async function convertFile(page: Page, name: string, bytes: Uint8Array, mimeType: string) {
  await page.goto('/app/convert');
  await page.getByLabel('Drop a statement here, or choose a file').setInputFiles({ name, mimeType, buffer: Buffer.from(bytes) });
  await page.getByRole('button', { name: 'Convert' }).click();
  await page.locator('#result:not([hidden])').waitFor({ timeout: 60_000 });
}

describe.skipIf(!hasChromium)('web app in chromium', () => {
  it('sign up, create a key that works on the API, revoke it; another account cannot touch it', async () => {
    const { context, page } = await h.newPage();
    await signUp(page, 'alice@example.com');
    await page.goto('/app/account');
    await expect(page.getByTestId('plan').textContent()).resolves.toBe('Free');
    await expect(page.getByTestId('api-access').textContent()).resolves.toContain('users set-plan --email alice@example.com --plan pro');
    await shoot(page, 'account-free');

    await h.t.ctx.accounts.setPlan('alice@example.com', 'pro');
    await page.reload();
    await page.getByLabel('Name for a new key').fill('Bookkeeping script');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = await page.getByTestId('new-key').inputValue();
    expect(key).toMatch(/^ll_live_[0-9A-Za-z]{32}$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    // The copy handler answers asynchronously (clipboard permission), so wait for its status text.
    await expect.poll(() => page.locator('[data-copy-status]').textContent(), { timeout: 10_000 }).toMatch(/Copied|Ctrl\+C/);
    await shoot(page, 'account-new-key');
    expect(await apiConvert(key)).toBe(200);

    await page.goto('/app/account');
    expect(await page.content()).not.toContain(key);
    const keyId = await page.locator('tr[data-key-id]').first().getAttribute('data-key-id');

    // A second account sees nothing of Alice's and cannot revoke her key, even by posting directly.
    const bob = await h.newPage();
    await signUp(bob.page, 'bob@example.com');
    await bob.page.goto('/app/account');
    expect(await bob.page.content()).not.toContain(keyId!);
    const bobCsrf = await bob.page.locator('meta[name="csrf-token"]').getAttribute('content');
    const direct = await bob.page.request.post(`/app/keys/${keyId}/revoke`, { form: { _csrf: bobCsrf! }, headers: { origin: h.base }, maxRedirects: 0 });
    expect(direct.status()).toBe(404);
    const confirmAsBob = await bob.page.goto(`/app/keys/${keyId}/revoke`);
    expect(confirmAsBob!.status()).toBe(404);
    await shoot(bob.page, 'error-404');
    await bob.page.goto('/app/conversions');
    expect(await bob.page.locator('table[data-testid="conversions"]').count()).toBe(0);
    await bob.context.close();
    expect(await apiConvert(key)).toBe(200);

    await page.getByRole('link', { name: /Revoke key Bookkeeping script/ }).click();
    await page.getByRole('heading', { name: 'Revoke this key?' }).waitFor();
    await shoot(page, 'revoke-confirm');
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await page.waitForURL('**/app/account?revoked=1');
    await expect(page.locator('tr[data-key-id] td').nth(4).textContent()).resolves.toMatch(/Revoked/);
    expect(await apiConvert(key)).toBe(401);

    await page.goto('/app/conversions');
    await expect(page.locator('table[data-testid="conversions"] tbody tr').count()).resolves.toBe(2);
    await shoot(page, 'conversions');
    // On a phone the list is cards: nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await context.close();
  });

  it('converts a generated PDF: verdict, rows, page view, row selection, xlsx download', async () => {
    const { context, page } = await h.newPage();
    await signUp(page, 'carol@example.com');
    await h.t.ctx.accounts.setPlan('carol@example.com', 'pro');
    await page.goto('/app/convert');
    await shoot(page, 'converter-empty');
    const { bytes, truth } = await generateStatementPdf({ layout: 'split', rows: 40 });
    await convertFile(page, 'december.pdf', bytes, 'application/pdf');
    await expect(page.getByTestId('verdict').getAttribute('data-status')).resolves.toBe('PASS');
    await expect(page.locator('#transactions tbody tr').count()).resolves.toBe(truth.transactions.length);
    await expect(page.locator('#transactions tbody tr').first().locator('td').nth(1).textContent()).resolves.toBe(truth.transactions[0].Date);
    await page.locator('#pages[data-ready="true"]').waitFor();
    await expect(page.locator('#pages canvas').count()).resolves.toBe(truth.pages);
    // One outline per row, however many printed lines the row has.
    await expect(page.locator('#pages .box').count()).resolves.toBe(truth.transactions.length);
    await expect(page.locator('[data-total="in"]').count()).resolves.toBe(1);

    const row = page.locator('#transactions tbody tr[data-row="30"]');
    await row.click();
    await expect(page.locator('#pages .box.selected[data-row="30"]').first().isVisible()).resolves.toBe(true);
    await page.locator('#transactions tbody tr[data-row="3"]').focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#pages .box.selected').first().getAttribute('data-row')).resolves.toBe('3');
    await shoot(page, 'converter-pdf-pass');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel (XLSX)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^december.*\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync(await download.path()) as never);
    const cells = wb.worksheets[0]
      .getSheetValues()
      .flat()
      .map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v)));
    expect(cells.join(' ')).toContain(truth.transactions[0].Description.split('\n')[0].slice(0, 10));
    const quota = await h.t.ctx.quota.status(await h.t.ctx.accounts.byEmail('carol@example.com'), 'web');
    expect(quota.used).toBe(1);
    await context.close();
  });

  it('shows RECONCILE_WARN for a planted balance break and marks that row on the page', async () => {
    const { context, page } = await h.newPage();
    await signUp(page, 'dave@example.com');
    const { bytes, truth } = await generateStatementPdf({ layout: 'split', rows: 40, plantBreak: 7 });
    const { row, page: pageNo } = truth.breakAt!;
    await convertFile(page, 'broken.pdf', bytes, 'application/pdf');
    await expect(page.getByTestId('verdict').getAttribute('data-status')).resolves.toBe('RECONCILE_WARN');
    await expect(page.getByTestId('verdict').textContent()).resolves.toMatch(/1\.00 GBP away from what the statement prints/);
    expect(await page.getByTestId('verdict').textContent()).not.toMatch(/RECONCILE_WARN|balance_mismatch/);
    await expect(page.locator('#warnings li[data-code="balance_mismatch"]').count()).resolves.toBeGreaterThan(0);
    await expect(page.locator(`#transactions tbody tr.flagged[data-row="${row}"]`).count()).resolves.toBe(1);
    await page.locator('#pages[data-ready="true"]').waitFor();
    const flagged = page.locator(`.page[data-page="${pageNo}"] .box.flagged[data-row="${row}"]`);
    expect(await flagged.count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: `Show row ${row}` }).click();
    await expect(page.locator(`.page[data-page="${pageNo}"] .box.selected[data-row="${row}"]`).first().isVisible()).resolves.toBe(true);
    await shoot(page, 'converter-pdf-warn');
    await context.close();
  });

  it('converts a CSV and shows errors plainly; log-out ends the session', async () => {
    const { context, page } = await h.newPage();
    await signUp(page, 'erin@example.com');
    await convertFile(page, 'march.csv', new TextEncoder().encode(SAMPLE_CSV), 'text/csv');
    await expect(page.getByTestId('verdict').getAttribute('data-status')).resolves.toBe('PASS');
    await expect(page.locator('[data-total="net"]').textContent()).resolves.toBe('1,442.70 GBP');
    await expect(page.locator('#pages-card').isHidden()).resolves.toBe(true);
    await shoot(page, 'converter-csv');

    await page.goto('/app/convert');
    await page
      .getByLabel('Drop a statement here, or choose a file')
      .setInputFiles({ name: 'notes.csv', mimeType: 'text/csv', buffer: Buffer.from('hello\nworld\n') });
    await page.getByRole('button', { name: 'Convert' }).click();
    await page.locator('#convert-error:not([hidden])').waitFor();
    expect((await page.locator('#convert-error').textContent())!.length).toBeGreaterThan(10);

    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'll_session')!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login?out=1');
    await shoot(page, 'login');
    const replay = await fetch(`${h.base}/app/account`, { headers: { cookie: `ll_session=${session.value}` }, redirect: 'manual' });
    expect(replay.status).toBe(303);
    await page.goto('/signup');
    await shoot(page, 'signup');
    await page.goto('/app/keys/key_nope/revoke');
    await page.waitForURL('**/login?next=*');
    await context.close();
  });

  it('raised no console errors or CSP violations', () => {
    // The expected refusals: Bob's 404 on Alice's key, and the 422 of the unreadable CSV.
    const expected = /Failed to load resource: the server responded with a status of (404|422)/;
    expect(h.problems.length).toBeLessThanOrEqual(2);
    expect(h.problems.filter((p) => !expected.test(p))).toEqual([]);
  });
});
