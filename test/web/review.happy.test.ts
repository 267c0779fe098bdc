// The converter as a bookkeeper's tool, in a real browser at 1280 and 390 px: one result at a time,
// corrections re-checked in the page and used by the downloads, the page viewer, plain words, the
// quota-used state, phone layouts. Screenshots of every state go to screenshots/ (gitignored).
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateStatementPdf } from '../fixtures/pdf/generate.js';
import { SAMPLE_CSV } from '../helpers/multipart.js';
import { makePdf } from '../helpers/pdfkit.js';
import path from 'node:path';
import { hasChromium, shoot, SHOTS, signUp, startHarness, type Harness } from './browser.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const drop = (page: Page) => page.getByLabel('Drop a statement here, or choose a file');

async function convert(page: Page, name: string, bytes: Uint8Array | string, mimeType: string, ok = true) {
  await drop(page).setInputFiles({ name, mimeType, buffer: Buffer.from(bytes) });
  await page.getByRole('button', { name: 'Convert', exact: true }).click();
  if (ok) await page.locator('#result:not([hidden])').waitFor({ timeout: 60_000 });
  else await page.locator('#convert-error:not([hidden])').waitFor({ timeout: 60_000 });
}

const status = (page: Page) => page.getByTestId('verdict').getAttribute('data-status');
/** No sideways scrolling of the whole page (phone layouts). */
const overflowX = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const lockedPdf = () => makePdf((d) => d.text('Secret'), { userPassword: 'pw', ownerPassword: 'owner', pdfVersion: '1.7ext3' });

async function editRow(page: Page, row: number, fields: Partial<Record<'date' | 'description' | 'out' | 'in' | 'balance', string>>) {
  await page.getByRole('button', { name: `Correct row ${row}`, exact: true }).click();
  for (const [k, v] of Object.entries(fields)) await page.locator(`#ed-${k}`).fill(v);
  await page.getByRole('button', { name: 'Save row' }).click();
  await page.locator('#row-editor').waitFor({ state: 'hidden' });
}

describe.skipIf(!hasChromium)('the converter as a bookkeeper tool', () => {
  it('lands on the converter after sign-up; a failed conversion never leaves the last result; errors say what to do', async () => {
    const { context, page } = await h.newPage();
    await signUp(page, 'frank@example.com');
    await expect(page.locator('.alert-ok').textContent()).resolves.toMatch(/Welcome! .*drop a statement/);
    await convert(page, 'march.csv', SAMPLE_CSV, 'text/csv');
    await expect(page.getByTestId('result-file').textContent()).resolves.toBe('march.csv');
    expect(await status(page)).toBe('PASS');
    // A plain Date,Description,Money Out,Money In,Balance export names no bank.
    await expect(page.getByTestId('verdict').textContent()).resolves.toContain('Bank: not recognised (generic reading)');
    await expect(page.locator('#transactions tbody tr').first().locator('td').nth(3).textContent()).resolves.toBe('12.30');
    await expect(page.locator('[data-total="in"]').textContent()).resolves.toBe('1,500.00 GBP');

    await convert(page, 'notes.csv', 'hello\nworld\n', 'text/csv', false);
    await expect(page.locator('#result').isHidden()).resolves.toBe(true);
    await expect(page.locator('#transactions tbody tr').count()).resolves.toBe(0);
    const error = (await page.locator('#convert-error').textContent())!;
    expect(error).toMatch(/^notes\.csv: /);
    expect(error).toMatch(/try again|Choose/);
    await shoot(page, 'converter-error');

    await convert(page, 'locked.pdf', await lockedPdf(), 'application/pdf', false);
    const locked = (await page.locator('#convert-error').textContent())!;
    expect(locked).toContain('locked with a password. Type it in the “PDF password” box above');
    expect(locked).not.toMatch(/security_check_failed|CLI|"password" field/);
    await page.getByLabel('PDF password').fill('wrong');
    await convert(page, 'locked.pdf', await lockedPdf(), 'application/pdf', false);
    await expect(page.locator('#convert-error').textContent()).resolves.toContain('That password did not open this PDF');
    await shoot(page, 'converter-locked');
    await context.close();
  });

  it('corrects rows in the page: the check reruns exactly, edited rows are marked, downloads use the corrections', async () => {
    const { context, page } = await h.newPage();
    await signUp(page, 'grace@example.com');
    const { bytes, truth } = await generateStatementPdf({ layout: 'split', rows: 12, plantBreak: 4 });
    const bad = truth.breakAt!.row;
    await convert(page, 'june.pdf', bytes, 'application/pdf');
    expect(await status(page)).toBe('RECONCILE_WARN');
    const verdict = (await page.getByTestId('verdict').textContent())!;
    expect(verdict).toContain('Check before you use this');
    expect(verdict).not.toMatch(/RECONCILE_WARN|balance_mismatch|off by/);
    const warning = page.locator('#warnings li[data-code="balance_mismatch"]').first();
    await expect(warning.textContent()).resolves.toMatch(new RegExp(`A balance does not add up \\(Row ${bad}, page 1\\)`));
    await page.locator('#pages[data-ready="true"]').waitFor();
    await page.getByRole('button', { name: `Show row ${bad}` }).click();
    await shoot(page, 'converter-warning');
    // The README's pictures (docs/img/, copied from here): the result alone at desktop width.
    await page.locator('#result').screenshot({ path: path.join(SHOTS, 'readme-warning.png') });

    // The printed amount was 1.00 too large: type what the balances say.
    const cell = page.locator(`#transactions tbody tr[data-row="${bad}"] td`);
    const outText = (await cell.nth(3).textContent())!;
    const column = outText ? 'out' : 'in';
    const printed = (outText || (await cell.nth(4).textContent()))!.replace(/,/g, '');
    const fixed = (Math.round(Number(printed) * 100) - 100) / 100; // test arithmetic on two known decimals
    await editRow(page, bad, { [column]: fixed.toFixed(2) });
    expect(await status(page)).toBe('PASS');
    // Why it is checked: the equations, each adding up, in words.
    await expect(page.locator('#proof-summary').textContent()).resolves.toMatch(/^Why this is checked: .* all adding up$/);
    await expect(page.locator('#proof-list li[data-holds="false"]').count()).resolves.toBe(0);
    await expect(page.locator('#warnings-card').isHidden()).resolves.toBe(true);
    await expect(page.locator(`#transactions tbody tr.edited[data-row="${bad}"] .tag`).textContent()).resolves.toBe('edited');
    await expect(page.getByTestId('edits').textContent()).resolves.toContain('1 row edited.');
    await page.locator(`#transactions tbody tr[data-row="${bad}"]`).click();
    await shoot(page, 'converter-edited');
    await page.locator('#result').screenshot({ path: path.join(SHOTS, 'readme-edited.png') });

    // Downloads carry the corrected row, and the server's own check agrees.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV', exact: true }).click()]);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv).toContain(fixed.toFixed(2));
    await expect(page.locator('#download-status').textContent()).resolves.toMatch(/with your corrections \(checked again: checked: the balances add up\)/);

    // Delete a row: its balance no longer follows; add it back: PASS again, marked as added.
    const row3 = await page.locator('#transactions tbody tr[data-row="3"] td').allTextContents();
    await page.getByRole('button', { name: 'Correct row 3', exact: true }).click();
    await page.getByRole('button', { name: 'Delete this row' }).click();
    expect(await status(page)).toBe('RECONCILE_WARN');
    await expect(page.locator('#warnings li[data-code="balance_mismatch"]').first().textContent()).resolves.toMatch(/Row 3, page 1/);
    await expect(page.locator('#pages .box:not([hidden])').count()).resolves.toBe(11);
    await page.locator('#transactions tbody tr[data-row="2"]').click();
    await page.getByRole('button', { name: 'Add a row' }).click();
    await expect(page.locator('#ed-after').inputValue()).resolves.toBe('2');
    // A wrong date is refused with what to type.
    await page.locator('#ed-date').fill('31/02/2023');
    await page.locator('#ed-description').fill(row3[2].replace(/Payee: .*$/, ''));
    await page.locator(row3[3] ? '#ed-out' : '#ed-in').fill(row3[3] || row3[4]);
    await page.locator('#ed-balance').fill(row3[5]);
    await page.getByRole('button', { name: 'Save row' }).click();
    await expect(page.locator('#ed-error').textContent()).resolves.toContain('day/month/year');
    await page.locator('#ed-date').fill(row3[1]);
    await page.getByRole('button', { name: 'Save row' }).click();
    expect(await status(page)).toBe('PASS');
    await expect(page.locator('#transactions tbody tr.added[data-row="3"]').count()).resolves.toBe(1);
    await expect(page.getByTestId('edits').textContent()).resolves.toMatch(/1 row edited, 1 row added, 1 row deleted/);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Correct row 1', exact: true }).click();
    await page.locator('#ed-description').fill('CORRECTED ON A PHONE');
    // The dialog is fixed to the screen: a screen-sized picture shows it as a person sees it.
    await page.screenshot({ path: path.join(SHOTS, 'converter-editor-phone.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Save row' }).click();
    await expect(page.locator('#transactions tbody tr[data-row="1"] td.desc').textContent()).resolves.toContain('CORRECTED ON A PHONE');
    await shoot(page, 'converter-phone-corrected');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Undo all corrections' }).click();
    expect(await status(page)).toBe('RECONCILE_WARN');
    await expect(page.locator('#transactions tbody tr.edited, #transactions tbody tr.added').count()).resolves.toBe(0);
    await context.close();
  });

  it('page viewer: one outline per row, never filled, zoom, table and page select each other, unsure cells marked', async () => {
    const { context, page } = await h.newPage();
    await signUp(page, 'heidi@example.com');
    // Scan results carry OCR confidence in provenance (`ocr`, the engine's shape); this one is added on the way to the page.
    await page.route('**/app/convert', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      if (body.result?.provenance?.[1])
        body.result.provenance[1] = {
          ...body.result.provenance[1],
          ocr: { confidence: 55, min: 41, low: [{ text: '12.5O', conf: 41, box: [400, 200, 430, 210], cell: 'amount' }] },
        };
      await route.fulfill({ response: res, json: body });
    });
    const { bytes, truth } = await generateStatementPdf({ layout: 'split', rows: 30 });
    await convert(page, 'july.pdf', bytes, 'application/pdf');
    await page.locator('#pages[data-ready="true"]').waitFor();
    await expect(page.locator('#pages .box').count()).resolves.toBe(truth.transactions.length);
    const fill = await page
      .locator('#pages .box')
      .first()
      .evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(fill).toBe('rgba(0, 0, 0, 0)');
    // Beside the table at 1280, at a readable width.
    const pageBox = (await page.locator('#pages .page').first().boundingBox())!;
    const tableBox = (await page.locator('#transactions').boundingBox())!;
    expect(pageBox.x).toBeGreaterThan(tableBox.x + tableBox.width - 1);
    expect(pageBox.width).toBeGreaterThan(500);
    const widthAt100 = pageBox.width;
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => page.locator('#pages').getAttribute('data-zoom')).toBe('1.25');
    expect((await page.locator('#pages .page').first().boundingBox())!.width).toBeGreaterThan(widthAt100 * 1.2);
    await page.getByRole('button', { name: 'Zoom out' }).click();

    await page.locator('#pages .box[data-row="20"]').click();
    await expect(page.locator('#transactions tbody tr.selected').getAttribute('data-row')).resolves.toBe('20');
    await page.locator('#transactions tbody tr[data-row="5"]').click();
    await expect(page.locator('#pages .box.selected').getAttribute('data-row')).resolves.toBe('5');
    await expect(page.locator('#pages .box.selected').count()).resolves.toBe(1);
    await expect(page.locator('#transactions tbody tr[data-row="2"] td.low').count()).resolves.toBe(3); // row number, Out, In
    await expect(page.locator('#pages .box.low').getAttribute('data-row')).resolves.toBe('2');
    await shoot(page, 'converter-viewer');
    await context.close();
  });

  it('shows the quota used up before uploading, with a way forward', async () => {
    const { context, page } = await h.newPage();
    await signUp(page, 'ivan@example.com');
    const account = await h.t.ctx.accounts.byEmail('ivan@example.com');
    for (let i = 0; i < 5; i++) await h.t.ctx.quota.reserve(account, 'web');
    await page.goto('/app/convert');
    await expect(page.getByRole('button', { name: 'Convert', exact: true }).isDisabled()).resolves.toBe(true);
    const out = (await page.getByTestId('quota-out').textContent())!;
    expect(out).toMatch(/used all 5 conversions for this month\. They start again on \d+ \w+ \d{4}/);
    expect(out).toContain('paid plan');
    await expect(page.getByTestId('quota-out').getByRole('link', { name: 'Account' }).count()).resolves.toBe(1);
    await shoot(page, 'converter-quota-used');
    await context.close();
  });

  it('fits a phone: the Account page keys table', async () => {
    const { context, page } = await h.newPage();
    await signUp(page, 'judy@example.com');
    await h.t.ctx.accounts.setPlan('judy@example.com', 'pro');
    await page.goto('/app/account');
    await page.getByLabel('Name for a new key').fill('A rather long key name for the bookkeeping script');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.goto('/app/account');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    const revoke = (await page.getByRole('link', { name: /Revoke key/ }).boundingBox())!;
    expect(revoke.x + revoke.width).toBeLessThanOrEqual(390);
    await shoot(page, 'account-keys');
    await context.close();
  });

  it('works on a 390 px phone from the start: rows as cards, nothing sideways, errors in words', async () => {
    const { context, page } = await h.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signUp(page, 'karl@example.com');
    await convert(page, 'march.csv', SAMPLE_CSV, 'text/csv');
    expect(await status(page)).toBe('PASS');
    const first = page.locator('#transactions tbody tr').first();
    await expect(first.evaluate((tr) => getComputedStyle(tr).display)).resolves.toBe('grid');
    // Every amount is on screen, labelled.
    for (const label of ['Out', 'In', 'Balance']) {
      const box = (await first.locator(`td[data-label="${label}"]`).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await convert(page, 'notes.csv', 'hello\nworld\n', 'text/csv', false);
    await expect(page.locator('#result').isHidden()).resolves.toBe(true);
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('raised no console errors or CSP violations', () => {
    const expected = /Failed to load resource: the server responded with a status of (400|422)/;
    expect(h.problems.filter((p) => !expected.test(p))).toEqual([]);
  });
});
