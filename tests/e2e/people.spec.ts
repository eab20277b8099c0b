/**
 * Public profiles `/user/{id}` in Chromium against one fresh installed server (SQLite): a
 * visitor follows an author link from home to the author's profile (name, signature, website
 * through the outbound-link interstitial, counts) and pages their topics with "Load more"; the
 * owner alone gets the edit-profile link; unknown and malformed ids are 404; the page in
 * Chinese. axe-core on the page; no console errors (hydration mismatches would show there).
 */
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { E2E_ADMIN, startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, openHydrated, setLocaleCookie, watchErrors } from '../support/page';

let server: E2eServer;
let adminId: number;
let adminToken: string;

test.beforeAll(async ({ playwright }) => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai People' } });
  const request = await playwright.request.newContext();
  const signIn = await request.post(`${server.url}/api/login/signin`, { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
  const body = (await signIn.json()) as { data: { token: string; user: { id: number } } };
  adminToken = body.data.token;
  adminId = body.data.user.id;
  await apiPost(request, '/api/user/update', { nickname: 'Nok Chiang Mai', signature: 'Cooking khao soi on weekends.', homePage: 'https://example.org/nok' });
  for (let i = 1; i <= 22; i++) {
    await apiPost(request, '/api/topic/create', { title: `Market day ${String(i).padStart(2, '0')}`, content: `<p>Stall ${i}</p>` });
  }
  await request.dispose();
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

const setLocale = (context: BrowserContext, locale: 'en-US' | 'zh-CN') => setLocaleCookie(context, server.url, locale);

async function apiPost(request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const res = await request.post(server.url + path, { headers: { 'x-user-token': adminToken }, data });
  const body = (await res.json()) as { success: boolean; message?: string };
  expect(body.success, `${path}: ${body.message}`).toBe(true);
}

const open = (page: Page, path: string) => openHydrated(page, server.url + path);

test('a visitor follows an author link to the profile and pages the topics; only the owner may edit', async ({ page, context }) => {
  const errors = watchErrors(page);
  await setLocale(context, 'en-US');
  await open(page, '/');
  await page.getByTestId('topic-item').first().getByRole('link', { name: 'Nok Chiang Mai' }).click();
  await expect(page).toHaveURL(`${server.url}/user/${adminId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nok Chiang Mai' })).toBeVisible();
  await expect(page).toHaveTitle('Nok Chiang Mai · Sabai People');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${server.url}/user/${adminId}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Cooking khao soi on weekends.');
  await expect(page.getByTestId('profile-signature')).toHaveText('Cooking khao soi on weekends.');
  // The website goes through the interstitial, like every outbound link.
  await expect(page.getByTestId('profile-homepage')).toHaveAttribute('href', `/redirect?url=${encodeURIComponent('https://example.org/nok')}`);
  await expect(page.getByTestId('profile-card').getByText('Topics', { exact: true })).toBeVisible();
  await expect(page.getByTestId('profile-card').locator('dd').first()).toHaveText('22');
  // A visitor gets no edit link.
  await expect(page.getByTestId('profile-edit')).toHaveCount(0);

  // Newest first, 20 a page, then the rest by cursor without repeats.
  await expect(page.getByTestId('topic-item')).toHaveCount(20);
  await expect(page.getByTestId('topic-item').first().locator('h2')).toHaveText('Market day 22');
  await page.getByTestId('load-more').click();
  await expect(page.getByTestId('topic-item')).toHaveCount(22);
  await expect(page.getByTestId('feed-end')).toBeVisible();
  const titles = await page.getByTestId('topic-item').locator('h2').allTextContents();
  expect(new Set(titles).size).toBe(22);
  expect(titles.at(-1)).toBe('Market day 01');
  await expectAccessible(page, { label: 'public profile' });

  // The owner sees the way to edit the profile.
  await context.addCookies([{ name: 'sabai_token', value: adminToken, url: server.url }]);
  await open(page, `/user/${adminId}`);
  await expect(page.getByTestId('profile-edit')).toHaveAttribute('href', '/user/profile');
  expect(errors).toEqual([]);
});

test('a member without topics has an empty list; unknown and malformed ids are 404', async ({ page, context }) => {
  const errors = watchErrors(page);
  await setLocale(context, 'en-US');
  const signUp = await page.request.post(`${server.url}/api/login/signup`, {
    data: { nickname: 'Quiet Reader', email: `quiet.${Date.now()}@example.com`, password: 'member-pass-1', rePassword: 'member-pass-1' },
  });
  const member = ((await signUp.json()) as { data: { user: { id: number } } }).data.user;
  // Signing up through page.request signed this browser in: the member sees their own page.
  await open(page, `/user/${member.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Quiet Reader' })).toBeVisible();
  await expect(page.getByTestId('empty-state')).toContainText('Topics and tweets you post will be listed here.');
  await expect(page.getByTestId('profile-edit')).toBeVisible();
  await expect(page.getByTestId('profile-homepage')).toHaveCount(0);
  await context.clearCookies();
  await setLocale(context, 'en-US');
  await open(page, `/user/${member.id}`);
  await expect(page.getByTestId('empty-state')).toContainText('Quiet Reader has not posted a topic yet.');

  for (const path of ['/user/987654', '/user/abc', '/user/0']) {
    const response = await page.goto(server.url + path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  }
  await expect(page.getByText('User not found')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the profile in Chinese', async ({ page, context }) => {
  const errors = watchErrors(page);
  await setLocale(context, 'zh-CN');
  await open(page, `/user/${adminId}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 2, name: '话题' })).toBeVisible();
  await expect(page.getByTestId('profile-card')).toContainText('第 1 号会员');
  await expect(page.getByTestId('profile-card')).toContainText('加入于');
  await expect(page.getByTestId('profile-card').getByText('粉丝')).toBeVisible();
  await expectAccessible(page, { label: 'public profile zh-CN' });
  expect(errors).toEqual([]);
});
