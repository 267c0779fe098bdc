// The converter's many-file mode in a real browser: a row per file with progress and verdict, any file
// opened for the visual check (a PDF's pages drawn from the user's own file), one ZIP of everything.
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
  it('uploads four files as one job, shows each verdict, opens a PDF for the visual check, downloads all as one ZIP', async () => {
    const { page } = await h.newPage();
    await signUp(page, 'batch@example.com');
    await h.t.ctx.accounts.setPlan('batch@example.com', 'pro');
    const { bytes: pdf } = await generateStatementPdf({ layout: 'split', rows: 30 });
    await page.goto('/app/convert');
    await page.getByLabel('Drop a statement here, or choose a file').setInputFiles([
      { name: 'jan.csv', mimeType: 'text/csv', buffer: Buffer.from(statementCsv(1)) },
      { name: 'feb.csv', mimeType: 'text/csv', buffer: Buffer.from(statementCsv(2)) },
      { name: 'march.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) },
      { name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from(NO_ROWS_CSV) },
    ]);
    await expect(page.locator('#file-name').textContent()).resolves.toBe('Selected: 4 files');
    await page.getByRole('button', { name: 'Convert' }).click();
    await page.locator('#batch[data-state="done"]').waitFor({ timeout: 90_000 });
    const rows = page.locator('#batch-table tbody tr');
    await expect(rows.count()).resolves.toBe(4);
    expect(await rows.nth(0).getAttribute('data-status')).toBe('done');
    expect(await rows.nth(0).locator('[data-cell="verdict"] [data-status]').getAttribute('data-status')).toBe('PASS');
    expect(await rows.nth(3).getAttribute('data-status')).toBe('failed');
    expect(await rows.nth(3).locator('[data-cell="verdict"] [data-code]').getAttribute('data-code')).toBe('no_transactions_found');
    // People read what happened and what to do, never the code.
    const failed = (await rows.nth(3).locator('[data-cell="status"]').textContent())!;
    expect(failed).toMatch(/^Not converted: .*choose its bank in the Bank list/);
    expect(failed).not.toContain('no_transactions_found');
    await expect(page.locator('#batch-status').textContent()).resolves.toBe('4 of 4 files finished (1 failed).');
    await shoot(page, 'converter-batch');

    await rows.nth(2).getByRole('button', { name: 'Open' }).click();
    await page.locator('#result:not([hidden])').waitFor();
    await page.locator('#pages[data-ready="true"]').waitFor({ timeout: 60_000 });
    expect(await page.locator('#transactions tbody tr').count()).toBe(30);
    await shoot(page, 'converter-batch-open');

    await page.selectOption('#batch-format', 'csv');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download all (ZIP)' }).click()]);
    const entries = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
    expect(Object.keys(entries).sort()).toEqual(['000-jan.csv', '001-feb.csv', '002-march.csv', 'manifest.json']);
    // Three conversions counted (the failed file was given back).
    await expect(page.locator('[data-quota-used]').textContent()).resolves.toBe('3');
    expect(h.problems).toEqual([]);
  }, 180_000);
});
