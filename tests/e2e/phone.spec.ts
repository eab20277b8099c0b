/**
 * Phone sign-in and sessions (issue 29) in Chromium, on a phone-sized screen, against a fresh
 * installed server without an SMS provider: the code is read from DATA_DIR/sms/ as a person would
 * read their SMS. The agreement must be ticked; a new number gets an account; the sessions page
 * marks this device and ends another session. In English and in Chinese; axe on every screen.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { ROOT, startServer, type E2eServer } from '../support/e2e-server';

let server: E2eServer;

test.describe.configure({ timeout: 180_000 });

test.beforeEach(async () => {
  server = await startServer({ installed: true });
});

// eslint-disable-next-line no-empty-pattern -- Playwright reads fixtures from a destructuring pattern; none needed here
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && server) await testInfo.attach('server output', { body: server.output(), contentType: 'text/plain' });
  await server?.stop();
});

/** A message of a locale file, as the page shows it. */
function text(locale: string, section: string, key: string): string {
  let node: unknown = JSON.parse(readFileSync(path.join(ROOT, 'common/locales', locale, `${section}.json`), 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return String(node);
}

/** The code of the `nth` SMS to `phone` in DATA_DIR/sms/, once it is there. */
async function smsCode(phone: string, nth = 1): Promise<string> {
  const dir = path.join(server.dataDir, 'sms');
  let code = '';
  await expect
    .poll(() => {
      const files = existsSync(dir) ? readdirSync(dir).sort() : [];
      const sms = files.map((name) => readFileSync(path.join(dir, name), 'utf8')).filter((body) => body.startsWith(`To: ${phone}\n`))[nth - 1];
      code = sms ? (/\b(\d{6})\b/.exec(sms.split('\n\n')[1] ?? '')?.[1] ?? '') : '';
      return code;
    }, { timeout: 20_000 })
    .toMatch(/^\d{6}$/);
  return code;
}

async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

async function phoneJourney(browser: Browser, locale: 'en-US' | 'zh-CN', national: string) {
  const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await open(page, `${server.url}/user/signin`);
  await page.getByTestId('signin-method-phone').click();
  await expect(page.getByTestId('phone-signin-form')).toBeVisible();
  await expect(page.getByTestId('phone-country')).toHaveValue('TH');
  await expectNoSeriousA11yViolations(page, `phone sign-in ${locale}`);

  await page.getByTestId('phone-number').fill(national);
  await page.getByTestId('phone-send-code').click();
  await expect(page.getByTestId('phone-send-code')).toBeDisabled();
  const phone = `+66${national.replace(/^0/, '')}`;
  const code = await smsCode(phone);
  await page.getByTestId('phone-code').fill(code);
  await page.getByTestId('phone-signin-submit').click();
  await expect(page.getByText(text(locale, 'phoneSignIn', 'validation.agree'))).toBeVisible();
  await expectNoSeriousA11yViolations(page, `phone sign-in agreement refused ${locale}`);

  await page.getByTestId('phone-agree').check();
  await page.getByTestId('phone-signin-submit').click();
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.getByTestId('user-menu').filter({ visible: true })).toHaveCount(1);

  // The agreement page the checkbox links to.
  await open(page, `${server.url}/agreement`);
  await expect(page.getByRole('heading', { level: 1, name: text(locale, 'phoneSignIn', 'agreement.title') })).toBeVisible();
  await expectNoSeriousA11yViolations(page, `agreement ${locale}`);
  return { context, page, phone };
}

test('signs in with a phone code read from DATA_DIR/sms/, then ends another session (en-US)', async ({ browser }) => {
  const { context, page, phone } = await phoneJourney(browser, 'en-US', '0812345678');
  // A second device signs in with the same number.
  const other = await browser.newContext({ locale: 'en-US' });
  const otherPage = await other.newPage();
  await open(otherPage, `${server.url}/user/signin`);
  await otherPage.getByTestId('signin-method-phone').click();
  await otherPage.getByTestId('phone-number').fill('0812345678');
  // (The browser suite runs with the rate limits off, so the number's one-a-minute cool-down does not hold this second device back.)
  await otherPage.getByTestId('phone-send-code').click();
  const code = await smsCode(phone, 2);
  await otherPage.getByTestId('phone-code').fill(code);
  await otherPage.getByTestId('phone-agree').check();
  await otherPage.getByTestId('phone-signin-submit').click();
  await expect(otherPage).toHaveURL(`${server.url}/`);

  await open(page, `${server.url}/user/profile/sessions`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible();
  await expect(page.getByTestId('session-row')).toHaveCount(2);
  await expect(page.locator('[data-testid="session-row"][data-current="true"]')).toContainText('This device');
  await expectNoSeriousA11yViolations(page, 'sessions');
  await page.getByTestId('session-sign-out').click();
  await expect(page.getByTestId('session-row')).toHaveCount(1);
  await expect(page.getByText('No other sessions.')).toBeVisible();
  // The other device is signed out.
  await open(otherPage, `${server.url}/user/profile/account`);
  await expect(otherPage).toHaveURL(/\/user\/signin/);
  await other.close();
  await context.close();
});

test('signs in with a phone code in Chinese, and sees the phone in the account settings', async ({ browser }) => {
  const { context, page } = await phoneJourney(browser, 'zh-CN', '0898765432');
  await open(page, `${server.url}/user/profile/account`);
  await expect(page.getByTestId('phone-section')).toContainText('+66 89 876 5432');
  await expect(page.getByTestId('phone-section')).toContainText(text('zh-CN', 'phoneSignIn', 'account.lastWayIn'));
  await expectNoSeriousA11yViolations(page, 'account with phone zh-CN');
  await context.close();
});
