// Real-browser harness for the web tests: the real app listening on a free port, Debian's chromium
// driven by playwright-core, and screenshots at desktop and phone width into screenshots/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../helpers/app.js';

export const CHROMIUM = '/usr/bin/chromium';
export const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots');
export const hasChromium = fs.existsSync(CHROMIUM);

export interface Harness {
  t: TestApp;
  base: string;
  browser: Browser;
  /** Console errors and CSP violations seen by any page. */
  problems: string[];
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  // The web suite runs on the real clock: cookies' Max-Age and session expiry are compared by the browser.
  const t = await createTestApp({ startMs: Date.now() });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const problems: string[] = [];
  return {
    t,
    base: address,
    browser,
    problems,
    async newPage() {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true, baseURL: address });
      const page = await context.newPage();
      page.on('console', (m) => {
        if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(`${page.url()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
      return { context, page };
    },
    async close() {
      await browser.close();
      await t.close();
    },
  };
}

/** Full-page screenshots at desktop (1280x800) and phone (390x844) width. */
export async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  const before = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await pagesRedrawn(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await pagesRedrawn(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}-phone.png`), fullPage: true });
  if (before) await page.setViewportSize(before);
}

/** After a resize, the converter's statement pages are drawn again for the new width. */
async function pagesRedrawn(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => {
        const p = document.querySelector<HTMLElement>('#pages[data-ready="true"]');
        return !p || p.offsetParent === null || Math.abs(Number(p.dataset.drawnWidth) - p.clientWidth) <= 16;
      },
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
}

export async function signUp(page: Page, email: string, password = 'correct horse battery'): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/app/convert?welcome=1');
}
