/**
 * Browser-journey helpers shared by the Playwright specs: watching for console errors and CSP
 * reports, opening a page once React has hydrated it, catching short-lived toasts, choosing the
 * language, and attaching the server's log to a failed test.
 */
import type { Locale } from '../../common/constants';
import { mkdirSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page, type Response } from '@playwright/test';
import type { E2eServer } from './e2e-server';

/** What a CSP report looks like in the console: the init script's line, or Chromium's own message. */
const CSP_REPORT = /^CSP violation: |Content Security Policy/;

/**
 * Runs in every document of the page before its scripts: each `securitypolicyviolation` (what
 * the site's CSP reports, even for a refusal the page's script caught, such as a library's
 * `new Function` probe; Chromium writes nothing to the console for those) becomes a console
 * error naming the directive and where.
 */
function reportCspViolations(): void {
  document.addEventListener('securitypolicyviolation', (event) => {
    const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
    console.error(`CSP violation: ${event.effectiveDirective} refused ${event.blockedURI || 'inline code'}${where}`);
  });
}

/** The registration of `reportCspViolations` per page: `openHydrated` waits for it before navigating. */
const cspWatch = new WeakMap<Page, Promise<void>>();

/**
 * Collects console errors and uncaught exceptions (hydration mismatches show up here), and every
 * CSP report of the site's pages (issue 30: the site's own code must never trip its policy). A
 * failed resource load is left out unless `failedLoads` is set: a spec that checks a 404 or a
 * broken image on purpose would see its own request.
 */
export function watchErrors(page: Page, { failedLoads = false }: { failedLoads?: boolean } = {}): string[] {
  const errors: string[] = [];
  if (!cspWatch.has(page)) cspWatch.set(page, page.addInitScript(reportCspViolations).then(() => undefined, () => undefined));
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    // A CSP message counts whatever its level (Chromium logs some as warnings).
    if (message.type() !== 'error' && !CSP_REPORT.test(text)) return;
    if (!failedLoads && /Failed to load resource/.test(text)) return;
    errors.push(`console: ${text}`);
  });
  return errors;
}

/** Opens a page and waits until React has hydrated it (typing into a form before that is lost). */
export async function openHydrated(page: Page, url: string): Promise<Response | null> {
  // A CSP report of this very load must not slip past a watch still being registered.
  await cspWatch.get(page);
  const response = await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  return response;
}

/**
 * Records every toast text shown from now on in this document: success toasts last 800 ms and a
 * navigation may follow at once, so polling the DOM could miss them.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      for (const node of document.querySelectorAll('[data-testid="toast"]')) {
        const text = node.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** Opens a page once hydrated and records its toasts from then on (see recordToasts). */
export async function openRecordingToasts(page: Page, url: string): Promise<Response | null> {
  const response = await openHydrated(page, url);
  await recordToasts(page);
  return response;
}

/** Expects a toast containing `text` among those recorded since `recordToasts`. */
export async function expectRecordedToast(page: Page, text: string): Promise<void> {
  await expect
    .poll(async () => (await page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? [])).some((t) => t.includes(text)))
    .toBe(true);
}

/** Sets the interface language for the site at `url` through its cookie. */
export async function setLocaleCookie(context: BrowserContext, url: string, locale: Locale): Promise<void> {
  await context.addCookies([{ name: 'locale', value: locale, url }]);
}

/**
 * Attaches the server's output to each failed test of the file: a 500's stack trace never
 * reaches the browser. Call at the top level of a spec.
 */
export function attachServerOutputOnFailure(server: () => E2eServer | undefined): void {
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixtures from a destructuring pattern; none needed here
  test.afterEach(async ({}, testInfo) => {
    const running = server();
    if (testInfo.status !== testInfo.expectedStatus && running) await testInfo.attach('server output', { body: running.output(), contentType: 'text/plain' });
  });
}

/**
 * Screenshots for reviewing a layout, taken only when E2E_SHOTS_DIR is set: desktop (1280 px)
 * and phone (390 px) widths, light and dark, full page. The page is left light at 1280 px.
 */
export async function layoutShots(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const dark of [false, true]) {
    await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${dir}/${name}-${width}${dark ? '-dark' : ''}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize({ width: 1280, height: 900 });
}
