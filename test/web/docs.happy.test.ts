// /docs in a real browser at 1280 and 390 px: the product's look, every format offered for `format`,
// nothing sideways on a phone, and no console errors or CSP violations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNames } from '../../src/formats/index.js';
import { hasChromium, shoot, startHarness, type Harness } from './browser.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasChromium)('the API documentation page', () => {
  it('offers every format, reads on a phone, and breaks no content security rule', async () => {
    const { context, page } = await h.newPage();
    await page.goto('/docs');
    await page.locator('#operations-convert-post_api_v1_convert').click();
    const format = page.locator('#operations-convert-post_api_v1_convert tr[data-param-name="format"] select');
    await expect(format.locator('option').allTextContents()).resolves.toEqual(expect.arrayContaining(formatNames()));
    await expect(page.locator('.topbar a.ll-docs-back').getAttribute('href')).resolves.toBe('/app/account');
    await shoot(page, 'docs');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await context.close();
    expect(h.problems).toEqual([]);
  });
});
