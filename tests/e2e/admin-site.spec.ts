/**
 * The back office's site content in Chromium against one fresh installed server (issue 17), in
 * both languages: the admin adds a friend link with a logo and finds it on /links (the footer's
 * link); publishes a site notice and a visitor sees it on the home page, dismisses it (it stays
 * dismissed after a reload, even before hydration) and brings it back. axe-core on the
 * nodes, tags, links and notices screens, /links and the home page with its notice.
 */
import sharp from 'sharp';
import { expect, test, type Browser } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { E2E_ADMIN, startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, openHydrated, setLocaleCookie, watchErrors } from '../support/page';

let server: E2eServer;

test.beforeAll(async () => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Site' } });
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

async function signedInAdmin(browser: Browser, locale: 'en-US' | 'zh-CN') {
  const context = await browser.newContext();
  await setLocaleCookie(context, server.url, locale);
  const page = await context.newPage();
  const res = await page.request.post(`${server.url}/api/login/signin`, { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
  expect(res.status()).toBe(200);
  return { context, page };
}

test('[en-US] the admin adds a friend link with a logo and finds it on /links; the site screens pass axe', async ({ browser }) => {
  const { context, page } = await signedInAdmin(browser, 'en-US');
  const errors = watchErrors(page);
  // The other new screens, each once, for axe.
  for (const [path, heading] of [
    ['/admin/nodes', 'Nodes'],
    ['/admin/tags', 'Tags'],
  ] as const) {
    await openHydrated(page, server.url + path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page, { label: path });
  }

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Friend links' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Friend links' })).toBeVisible();
  await page.getByTestId('link-new').click();
  const dialog = page.getByRole('dialog');
  // Validation names the field before anything is sent.
  await page.getByTestId('link-title').fill('Isaan Kitchen');
  await page.getByTestId('link-url').fill('javascript:alert(1)');
  await dialog.getByTestId('form-submit').click();
  await expect(dialog.getByText('The address must start with http:// or https://')).toBeVisible();
  await page.getByTestId('link-url').fill('https://isaan-kitchen.example/');
  await page.getByTestId('link-summary').fill('Som tam, larb and sticky rice, cooked at home.');
  const logo = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 240, g: 140, b: 30 } } }).png().toBuffer();
  await dialog.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(dialog.getByRole('button', { name: 'Change logo', exact: true })).toBeVisible();
  await expectAccessible(page, { label: 'link dialog' });
  await dialog.getByTestId('form-submit').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('admin-links').locator('tbody tr')).toContainText(['Isaan Kitchen']);
  await expectAccessible(page, { label: '/admin/links' });

  // The footer's Links leads to the page, which shows it (a visitor's view: the shared render).
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await setLocaleCookie(visitor, server.url, 'en-US');
  await openHydrated(visitorPage, `${server.url}/`);
  await visitorPage.getByRole('contentinfo').getByRole('link', { name: 'Links' }).click();
  await expect(visitorPage).toHaveURL(`${server.url}/links`);
  const card = visitorPage.getByTestId('friend-links').locator('li').filter({ hasText: 'Isaan Kitchen' });
  await expect(card).toContainText('isaan-kitchen.example');
  await expect(card).toContainText('Som tam, larb and sticky rice');
  await expect(card.locator('img')).toHaveAttribute('src', /^\/uploads\//);
  await expect(card.getByRole('link', { name: 'Visit Isaan Kitchen' })).toHaveAttribute('href', 'https://isaan-kitchen.example/');
  await expectAccessible(visitorPage, { label: '/links' });
  expect(errors).toEqual([]);
  await visitor.close();
  await context.close();
});

test('[zh-CN] the admin publishes a notice; a visitor sees it on home, dismisses it (it stays dismissed) and brings it back', async ({ browser }) => {
  const { context, page } = await signedInAdmin(browser, 'zh-CN');
  const errors = watchErrors(page);
  await openHydrated(page, `${server.url}/admin/notices`);
  await expect(page.getByRole('heading', { level: 1, name: '站点公告' })).toBeVisible();
  await page.getByTestId('notice-new').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('form-submit').click();
  await expect(dialog.getByText('请输入标题')).toBeVisible();
  await page.getByTestId('notice-title').fill('泼水节安排');
  await page.getByTestId('notice-content').fill('四月 13–15 日 **暂停** 线下活动。');
  await dialog.getByTestId('form-submit').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const row = page.getByTestId('admin-notices').locator('tbody tr').filter({ hasText: '泼水节安排' });
  await expect(row).toContainText('展示中');
  await expectAccessible(page, { label: '/admin/notices' });

  const visitor = await browser.newContext();
  await setLocaleCookie(visitor, server.url, 'zh-CN');
  const home = await visitor.newPage();
  const visitorErrors = watchErrors(home);
  await openHydrated(home, `${server.url}/`);
  const notice = home.getByTestId('site-notice').filter({ hasText: '泼水节安排' });
  await expect(notice).toBeVisible();
  await expect(notice.locator('strong')).toHaveText('暂停');
  await expectAccessible(home, { label: 'home with a notice' });
  await notice.getByRole('button', { name: '关闭公告“泼水节安排”' }).click();
  await expect(notice).toHaveCount(0);

  // Without the app's scripts (never hydrated) the shared render still hides it: the inline script.
  const bare = await visitor.newPage();
  await bare.route('**/assets/**/*.js', (route) => route.abort());
  await bare.goto(`${server.url}/`);
  await expect(bare.getByTestId('site-notices')).toBeAttached();
  await expect(bare.getByTestId('site-notice').filter({ hasText: '泼水节安排' })).toBeHidden();
  await expect(bare.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  await bare.close();
  // Reloaded and hydrated: React leaves it out, and offers it back.
  await openHydrated(home, `${server.url}/`);
  await expect(home.getByTestId('site-notice')).toHaveCount(0);
  await home.getByTestId('notices-restore').click();
  await expect(home.getByTestId('site-notice').filter({ hasText: '泼水节安排' })).toBeVisible();
  expect(errors).toEqual([]);
  expect(visitorErrors).toEqual([]);
  await visitor.close();
  await context.close();
});
