/** The outbound-link interstitial `/redirect` (spec §2): a link to continue, or an error. */
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { startServer, type E2eServer } from '../support/e2e-server';

let server: E2eServer;
test.beforeAll(async () => {
  server = await startServer({ installed: true });
});
test.afterAll(async () => {
  await server?.stop();
});

test('shows the target and a link to continue, without navigating by itself', async ({ page }) => {
  const target = 'https://example.com/thai-visa?x=1';
  await page.goto(`${server.url}/redirect?url=${encodeURIComponent(target)}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('You are leaving');
  await expect(page.getByTestId('redirect-target')).toHaveText(target);
  const link = page.getByRole('link', { name: /Continue to the site/ });
  await expect(link).toHaveAttribute('href', target);
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await page.waitForTimeout(300);
  expect(new URL(page.url()).pathname).toBe('/redirect');
  await expectAccessible(page);
});

test('refuses a javascript: target with an error and no link, in Chinese too', async ({ page, context }) => {
  const response = await page.goto(`${server.url}/redirect?url=${encodeURIComponent('javascript:alert(1)')}`);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText('cannot be opened');
  await expect(page.locator('a[href^="javascript"]')).toHaveCount(0);
  await expectAccessible(page);

  await context.addCookies([{ name: 'locale', value: 'zh-CN', url: server.url }]);
  await page.goto(`${server.url}/redirect?url=${encodeURIComponent('vbscript:msgbox(1)')}`);
  await expect(page.getByRole('alert')).toContainText('无法打开此链接');
});

test('offers every scheme spec §5 allows for links (ftp, mailto, tel…), in both languages', async ({ page, context }) => {
  for (const target of ['ftp://files.example.com/pub/map.pdf', 'mailto:somchai@example.com', 'tel:+66-2-123-4567']) {
    const response = await page.goto(`${server.url}/redirect?url=${encodeURIComponent(target)}`);
    expect(response?.status(), target).toBe(200);
    await expect(page.getByTestId('redirect-target')).toHaveText(target);
    await expect(page.getByRole('link', { name: /Continue to the site/ })).toHaveAttribute('href', target);
  }
  await expectAccessible(page);
  await context.addCookies([{ name: 'locale', value: 'zh-CN', url: server.url }]);
  await page.goto(`${server.url}/redirect?url=${encodeURIComponent('ftp://files.example.com/')}`);
  await expect(page.getByTestId('redirect-target')).toHaveText('ftp://files.example.com/');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('shows the invalid message, not an error page, for targets the URL parser refuses', async ({ page }) => {
  for (const query of ['url=http://ev%20il.com', 'url=ht%20tp://evil.com', 'url=http://evil.com%C2%A0x']) {
    const response = await page.goto(`${server.url}/redirect?${query}`);
    expect(response?.status(), query).toBe(400);
    await expect(page.getByRole('alert'), query).toContainText('The address is malformed or uses a protocol that is not allowed.');
    await expect(page.getByRole('link', { name: /Continue to the site/ })).toHaveCount(0);
  }
});
