/**
 * The back office's settings in Chromium (issue 17), one fresh installed server: the admin opens
 * the dashboard, renames the site and adds a header link in /admin/settings (en-US), and the home
 * page shows both; then, in zh-CN, switches the article module off and the create menu loses
 * 文章. axe-core on the dashboard and the settings screen; no console errors. On a 390 px phone no
 * back-office page (each settings tab too) scrolls sideways, in light (en-US, with a long site
 * title in the header) and dark (zh-CN).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { E2E_ADMIN, startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, openHydrated, setLocaleCookie, watchErrors, recordToasts, expectRecordedToast } from '../support/page';

let server: E2eServer;

test.beforeAll(async () => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai — everyday life in Thailand and Southeast Asia' } });
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

async function signedInAdmin(browser: Browser, locale: 'en-US' | 'zh-CN'): Promise<Page> {
  const context = await browser.newContext();
  await setLocaleCookie(context, server.url, locale);
  const page = await context.newPage();
  const res = await page.request.post(`${server.url}/api/login/signin`, { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
  expect(res.status()).toBe(200);
  return page;
}

const ADMIN_PAGES = ['/admin', '/admin/review', '/admin/content', '/admin/bans', '/admin/audit', '/admin/nodes', '/admin/tags', '/admin/links', '/admin/notices', '/admin/users', '/admin/words', '/admin/vip', '/admin/jobs'];
const SETTINGS_TABS = ['site', 'navigation', 'modules', 'about', 'scores', 'limits', 'uploads', 'mail'];

/** Every back-office page (and settings tab) fits a 390 px phone: nothing makes the page scroll sideways. */
async function expectNoSidewaysScroll(page: Page, colorScheme: 'light' | 'dark') {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme });
  const overflow = async (label: string) => {
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth, `${label} at 390 px (${colorScheme})`).toBeLessThanOrEqual(innerWidth);
  };
  for (const path of ADMIN_PAGES) {
    await page.goto(server.url + path);
    await overflow(path);
  }
  await openHydrated(page, `${server.url}/admin/settings`);
  for (const tab of SETTINGS_TABS) {
    await page.getByTestId(`settings-tab-${tab}`).click();
    await overflow(`/admin/settings?tab=${tab}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the admin renames the site and adds a header link; the home page shows them (en-US)', async ({ browser }) => {
  const page = await signedInAdmin(browser, 'en-US');
  const errors = watchErrors(page);
  await expectNoSidewaysScroll(page, 'light');
  // The long title is cut with an ellipsis; its full text stays in the tooltip.
  await expect(page.getByTestId('site-logo')).toHaveAttribute('title', 'Sabai — everyday life in Thailand and Southeast Asia');

  await openHydrated(page, `${server.url}/admin`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('count-members')).toContainText('1');
  await expect(page.getByTestId('dashboard-chart')).toBeVisible();
  await expectAccessible(page, { label: 'dashboard' });
  await page.screenshot({ path: '/tmp/wt-forms-shots/dashboard-1280.png', fullPage: true });

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expectAccessible(page, { label: 'settings' });
  await page.screenshot({ path: '/tmp/wt-forms-shots/settings-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/wt-forms-shots/settings-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  // A field error is named before anything is sent.
  await page.getByTestId('setting-siteTitle').fill('');
  await page.getByTestId('settings-save').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a site title of at most 64 characters.' })).toBeVisible();

  await page.getByTestId('setting-siteTitle').fill('Sabai Chiang Mai');
  await page.getByTestId('settings-tab-navigation').click();
  await page.getByTestId('setting-nav-add').click();
  await page.getByTestId('setting-siteNavs.0.title').fill('Visa guide');
  await page.getByTestId('setting-siteNavs.0.url').fill('javascript:alert(1)');
  await page.getByTestId('settings-save').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter an address starting with /, http:// or https://.' })).toBeVisible();
  await page.getByTestId('setting-siteNavs.0.url').fill('/topics');
  await recordToasts(page);
  await page.getByTestId('settings-save').click();
  await expectRecordedToast(page, 'Settings saved.');
  // The header around the back office follows at once.
  await expect(page.getByTestId('site-logo')).toContainText('Sabai Chiang Mai');

  await openHydrated(page, `${server.url}/`);
  await expect(page.getByTestId('site-logo')).toContainText('Sabai Chiang Mai');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Visa guide' }).first()).toHaveAttribute('href', '/topics');
  expect(errors).toEqual([]);
});

test('在中文界面关闭文章模块后，创建菜单不再有文章 (zh-CN)', async ({ browser }) => {
  const page = await signedInAdmin(browser, 'zh-CN');
  const errors = watchErrors(page);
  await expectNoSidewaysScroll(page, 'dark');
  await openHydrated(page, `${server.url}/`);
  await page.getByTestId('create-menu').filter({ visible: true }).click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['动态', '帖子', '文章']);
  await page.keyboard.press('Escape');

  await openHydrated(page, `${server.url}/admin/settings?tab=modules`);
  await expect(page.getByRole('heading', { level: 1, name: '站点设置' })).toBeVisible();
  await page.getByTestId('setting-modules.article').click();
  await recordToasts(page);
  await page.getByTestId('settings-save').click();
  await expectRecordedToast(page, '设置已保存。');
  await expectAccessible(page, { label: 'settings zh-CN' });

  await openHydrated(page, `${server.url}/`);
  await page.getByTestId('create-menu').filter({ visible: true }).click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['动态', '帖子']);
  expect(errors).toEqual([]);
});
