// The converter's many-file mode in a real browser: a row per file with progress and verdict, any file
// opened for the visual check (a PDF's pages drawn from the user's own file) and corrected, one ZIP of
// everything with those corrections, its entries marked where a statement needs a look.
import fs from 'node:fs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateStatementPdf } from '../fixtures/pdf/generate.js';
import { NO_ROWS_CSV, statementCsv } from '../jobs/helpers.js';
import { hasChromium, shoot, signUp, startHarness, type Harness } from './browser.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  await h.t.ctx.jobs.start({ consume: true });
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasChromium)('converter: many files at once', () => {
  it('uploads five files as one job, shows each verdict, opens and corrects a PDF, downloads all as one ZIP with the correction', async () => {
    const { page } = await h.newPage();
    await signUp(page, 'batch@example.com');
    await h.t.ctx.accounts.setPlan('batch@example.com', 'pro');
    const { bytes: pdf, truth } = await generateStatementPdf({ layout: 'split', rows: 30, plantBreak: 4 });
    await page.goto('/app/convert');
    await page.getByLabel('Drop a statement here, or choose a file').setInputFiles([
      { name: 'jan.csv', mimeType: 'text/csv', buffer: Buffer.from(statementCsv(1)) },
      { name: 'feb.csv', mimeType: 'text/csv', buffer: Buffer.from(statementCsv(2)) },
      { name: 'march.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) },
      { name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from(NO_ROWS_CSV) },
      {
        name: 'nobal.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('Date,Description,Amount\r\n01/03/2024,CARD PAYMENT,-1.00\r\n02/03/2024,REFUND,2.00\r\n'),
      },
    ]);
    await expect(page.locator('#file-name').textContent()).resolves.toBe('Selected: 5 files');
    await page.getByRole('button', { name: 'Convert' }).click();
    await page.locator('#batch[data-state="done"]').waitFor({ timeout: 90_000 });
    const rows = page.locator('#batch-table tbody tr');
    await expect(rows.count()).resolves.toBe(5);
    expect(await rows.nth(0).getAttribute('data-status')).toBe('done');
    expect(await rows.nth(0).locator('[data-cell="verdict"] [data-status]').getAttribute('data-status')).toBe('PASS');
    expect(await rows.nth(3).getAttribute('data-status')).toBe('failed');
    expect(await rows.nth(3).locator('[data-cell="verdict"] [data-code]').getAttribute('data-code')).toBe('no_transactions_found');
    // People read what happened and what to do, never the code.
    const failed = (await rows.nth(3).locator('[data-cell="status"]').textContent())!;
    expect(failed).toMatch(/^Not converted: .*choose its bank in the Bank list/);
    expect(failed).not.toContain('no_transactions_found');
    await expect(page.locator('#batch-status').textContent()).resolves.toBe('5 of 5 files finished (1 failed).');
    await shoot(page, 'converter-batch');
    // Nothing downloaded yet in this browser: the ZIP is offered as Excel first, not JSON.
    await expect(page.locator('#batch-format').inputValue()).resolves.toBe('xlsx');

    await rows.nth(2).getByRole('button', { name: 'Open' }).click();
    await page.locator('#result:not([hidden])').waitFor();
    await page.locator('#pages[data-ready="true"]').waitFor({ timeout: 60_000 });
    expect(await page.locator('#transactions tbody tr').count()).toBe(30);
    // The printed amount was 1.00 too large: corrected here, saved to the file's kept result.
    const bad = truth.breakAt!.row;
    const cell = page.locator(`#transactions tbody tr[data-row="${bad}"] td`);
    const outText = (await cell.nth(3).textContent())!;
    const printed = (outText || (await cell.nth(4).textContent()))!.replace(/,/g, '');
    const fixed = ((Math.round(Number(printed) * 100) - 100) / 100).toFixed(2); // test arithmetic on two known decimals
    await page.getByRole('button', { name: `Correct row ${bad}`, exact: true }).click();
    await page.locator(outText ? '#ed-out' : '#ed-in').fill(fixed);
    await page.getByRole('button', { name: 'Save row' }).click();
    await expect.poll(() => page.getByTestId('kept-status').textContent()).toMatch(/^Corrections saved with the result/);
    await shoot(page, 'converter-batch-open');

    await page.selectOption('#batch-format', 'csv');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download all (ZIP)' }).click()]);
    const entries = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
    // The corrected statement now adds up (no mark); the one without balances says it was not checked.
    expect(Object.keys(entries).sort()).toEqual(['000-jan.csv', '001-feb.csv', '002-march.csv', '004-NOT-CHECKED-nobal.csv', 'manifest.json']);
    expect(new TextDecoder().decode(entries['002-march.csv'])).toContain(fixed);
    const manifest = JSON.parse(new TextDecoder().decode(entries['manifest.json']));
    expect(manifest.files[2]).toMatchObject({ corrected: true, reconcile_status: 'PASS' });
    // Four conversions counted (the failed file was given back).
    await expect(page.locator('[data-quota-used]').textContent()).resolves.toBe('4');
    expect(h.problems).toEqual([]);
  }, 180_000);
});
