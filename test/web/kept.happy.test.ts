// A bookkeeper's day in a real browser at 1280 and 390 px: a result corrected and kept, reopened from
// Recent conversions with its corrections, downloaded again and deleted; on a phone "Show row" opens the
// row; a two-currency statement's totals kept apart and its import file split per currency; a mistyped
// address answered with a page.
import fs from 'node:fs';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateStatementPdf } from '../fixtures/pdf/generate.js';
import { generateMultiStatementPdf } from '../fixtures/pdf/multi-statement.js';
import { hasChromium, shoot, signUp, startHarness, type Harness } from './browser.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

async function convert(page: Page, name: string, bytes: Uint8Array) {
  await page.getByLabel('Drop a statement here, or choose a file').setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.from(bytes) });
  await page.getByRole('button', { name: 'Convert', exact: true }).click();
  await page.locator('#result-file', { hasText: name }).waitFor({ timeout: 60_000 });
}

const status = (page: Page) => page.getByTestId('verdict').getAttribute('data-status');
const download = async (page: Page, click: () => Promise<void>) => {
  const [d] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: d.suggestedFilename(), bytes: new Uint8Array(fs.readFileSync(await d.path())) };
};

describe.skipIf(!hasChromium)('kept results and the bookkeeper pages', () => {
  it('keeps a corrected result, reopens it from Recent conversions with its corrections, downloads it again and deletes it', async () => {
    const { context, page } = await h.newPage();
    await signUp(page, 'keeper@example.com');
    const { bytes, truth } = await generateStatementPdf({ layout: 'split', rows: 12, plantBreak: 4 });
    const bad = truth.breakAt!.row;
    // On a phone (converted there, as a phone user does: the page scrolls the result's head into view)
    // the verdict comes first and "Show row" opens that row (its card may be far below).
    await page.setViewportSize({ width: 390, height: 844 });
    await convert(page, 'june.pdf', bytes);
    await expect(page.getByTestId('kept-status').textContent()).resolves.toMatch(/^Kept until \d+ \w+ \d{4}/);
    const verdictTop = (await page.getByTestId('verdict').boundingBox())!.y;
    expect(verdictTop).toBeLessThan(844);
    await page.getByRole('button', { name: `Show row ${bad}` }).click();
    await expect(page.locator('#row-editor-title').textContent()).resolves.toBe(`Correct row ${bad}`);
    await page.screenshot({ path: `${process.cwd()}/screenshots/converter-show-row-phone.png` });
    const outText = await page.locator('#ed-out').inputValue();
    const field = outText ? '#ed-out' : '#ed-in';
    const printed = (outText || (await page.locator('#ed-in').inputValue())).replace(/,/g, '');
    const fixed = ((Math.round(Number(printed) * 100) - 100) / 100).toFixed(2); // test arithmetic on two known decimals
    await page.locator(field).fill(fixed);
    await page.getByRole('button', { name: 'Save row' }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await status(page)).toBe('PASS');
    await expect.poll(() => page.getByTestId('kept-status').textContent()).toMatch(/^Corrections saved with the result/);
    // The page's download says a person corrected it.
    const xlsx = await download(page, () => page.getByRole('button', { name: 'Excel (XLSX)' }).click());
    expect(xlsx.name).toBe('june.xlsx');

    await page.goto('/app/conversions');
    const row = page.locator('tr[data-conversion]').first();
    await expect(row.locator('[data-corrected]').textContent()).resolves.toBe('corrected');
    await expect(row.locator('td[data-label="Kept until"]').textContent()).resolves.toMatch(/\d+ \w+ \d{4}/);
    await expect(row.locator('td[data-label="Bank"]').textContent()).resolves.toBe('Not recognised');
    await shoot(page, 'conversions-kept');

    // Downloaded again from the list, in another format, with the correction.
    await row.locator('select[name="format"]').selectOption('csv');
    const csv = await download(page, () => row.getByRole('button', { name: 'Download' }).click());
    expect(new TextDecoder().decode(csv.bytes)).toContain(fixed);

    await row.getByRole('link', { name: 'Open' }).click();
    await page.locator('#result:not([hidden])').waitFor();
    expect(await status(page)).toBe('PASS');
    await expect(page.locator(`#transactions tbody tr.edited[data-row="${bad}"]`).count()).resolves.toBe(1);
    await expect(page.getByTestId('edits').textContent()).resolves.toContain('1 row edited');
    // The PDF is not kept: choosing it again draws its pages beside the rows.
    await page.locator('#pages-file').setInputFiles({ name: 'june.pdf', mimeType: 'application/pdf', buffer: Buffer.from(bytes) });
    await page.locator('#pages[data-ready="true"]').waitFor({ timeout: 60_000 });
    await shoot(page, 'converter-reopened');

    await page.goto('/app/conversions');
    await page
      .locator('tr[data-conversion]')
      .first()
      .getByRole('button', { name: /Delete the kept result/ })
      .click();
    await expect(page.locator('.alert-ok').textContent()).resolves.toContain('deleted');
    await expect(page.locator('tr[data-conversion]').first().locator('td.card-actions').textContent()).resolves.toContain('Not kept');
    await context.close();
  }, 180_000);

  it('keeps the currencies of a two-currency statement apart and splits its import file per currency', async () => {
    const { context, page } = await h.newPage();
    await signUp(page, 'currencies@example.com');
    const { bytes } = await generateStatementPdf({ layout: 'multi-currency', rows: 12 });
    await convert(page, 'multi.pdf', bytes);
    await expect(page.locator('#totals .currency-totals').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.currency))).resolves.toEqual([
      'GBP',
      'EUR',
    ]);
    await expect(page.getByTestId('currency-note').textContent()).resolves.toContain('one file per currency');
    await page.locator('#pages[data-ready="true"]').waitFor({ timeout: 60_000 });
    await shoot(page, 'converter-currencies');
    const xero = await download(page, () => page.getByRole('button', { name: 'Xero CSV' }).click());
    expect(xero.name).toBe('multi-xero-currencies.zip');
    expect(Object.keys(unzipSync(xero.bytes))).toEqual(['multi-GBP-xero.csv', 'multi-EUR-xero.csv']);

    // A statement converted again: the overlap with the earlier upload is a note, in a bookkeeper's words.
    // An account of its own: the two-currency statement above also names 12345678 in January, which
    // would (rightly) add a second overlap note.
    const part = (from: string, to: string) => ({
      number: '87654321',
      from,
      to,
      opening: 100000,
      fixedRows: [
        { date: '2024-01-20', desc: 'SHELL PETROL', amount: -2550 },
        { date: '2024-01-25', desc: 'COSTA COFFEE', amount: -320 },
      ],
    });
    await convert(page, 'january.pdf', (await generateMultiStatementPdf([part('2024-01-01', '2024-01-31')])).bytes);
    await convert(page, 'mid-january.pdf', (await generateMultiStatementPdf([part('2024-01-16', '2024-02-15')])).bytes);
    const note = page.locator('#notes li[data-code="statement_overlap"]');
    await expect(note.getAttribute('data-severity')).resolves.toBe('note');
    const words = (await note.textContent())!;
    expect(words).toContain('Overlaps an earlier upload');
    expect(words).not.toMatch(/conv_|include=|FITID|\d{4}-\d{2}-\d{2}/);
    await expect(page.locator('#notes-card').evaluate((e) => getComputedStyle(e).borderLeftColor)).resolves.not.toBe('rgb(179, 38, 30)');
    await page.locator('#notes-card').screenshot({ path: `${process.cwd()}/screenshots/converter-notes.png` });

    await page.goto('/app/account');
    await page.getByLabel(/Keep results for/).fill('7');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByLabel(/Keep results for/).inputValue()).resolves.toBe('7');
    await shoot(page, 'account-keep');

    // A mistyped address gets a page, not JSON.
    const res = await page.goto('/app/conversion');
    expect(res!.status()).toBe(404);
    await page.goto('/convertt');
    await expect(page.locator('h1').textContent()).resolves.toBe('Not found');
    await context.close();
  }, 180_000);

  it('raised no console errors or CSP violations', () => {
    const expected = /Failed to load resource: the server responded with a status of 404/;
    expect(h.problems.filter((p) => !expected.test(p))).toEqual([]);
  });
});
