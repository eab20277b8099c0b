/**
 * Edit profile `/user/profile` in Chromium against one fresh installed server (SQLite): a
 * visitor is sent to sign-in and back; a member fixes an invalid home page, saves nickname,
 * signature and home page, finds them after a reload and on the public profile; changes the
 * avatar (the page and the header show the new picture); an oversize picture is refused in the
 * browser with the spec's message; the page in Chinese. axe-core; no console errors.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from '../support/axe';
import { startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, expectRecordedToast, openRecordingToasts, setLocaleCookie, watchErrors } from '../support/page';

let server: E2eServer;

test.beforeAll(async () => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Profiles' } });
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

const setLocale = (context: BrowserContext, locale: 'en-US' | 'zh-CN') => setLocaleCookie(context, server.url, locale);

const open = (page: Page, path: string) => openRecordingToasts(page, server.url + path);

let counter = 0;
/** Signs a member up through the browser context's request (which then holds the session cookie). */
async function signUp(page: Page, nickname: string): Promise<{ id: number }> {
  counter += 1;
  const email = `profile.${Date.now().toString(36)}${counter}@example.com`;
  const res = await page.request.post(`${server.url}/api/login/signup`, { data: { nickname, email, password: 'member-pass-1', rePassword: 'member-pass-1' } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { user: { id: number } } }).data.user;
}

test('a visitor is sent to sign-in first', async ({ page, context }) => {
  await setLocale(context, 'en-US');
  await page.goto(`${server.url}/user/profile`);
  await expect(page).toHaveURL(`${server.url}/user/signin?redirect=%2Fuser%2Fprofile`);
});

test('a member edits nickname, signature and home page, and changes the avatar', async ({ page, context }) => {
  const errors = watchErrors(page);
  await setLocale(context, 'en-US');
  const member = await signUp(page, 'Ploy');
  await open(page, '/user/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeVisible();
  await expect(page).toHaveTitle('Edit profile · Sabai Profiles');
  await expect(page.getByRole('link', { name: 'Profile', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page, { label: 'edit profile' });

  const form = page.getByTestId('profile-form');
  await form.getByLabel('Nickname').fill('Ploy Bangkok');
  await form.getByLabel('Signature').fill('Street food every evening in Bang Rak.');
  await expect(form.getByText('38 / 200 characters')).toBeVisible();
  // An address without http(s) is refused under its field, and nothing is saved.
  await form.getByLabel('Home page').fill('ftp://files.example.org');
  await page.getByTestId('profile-save').click();
  await expect(form.getByText('The home page must be a web address starting with http:// or https://')).toBeVisible();
  await expect(form.getByLabel('Home page')).toHaveAttribute('aria-invalid', 'true');
  const unchanged = (await (await page.request.get(`${server.url}/api/user/${member.id}`)).json()) as { data: { nickname: string } };
  expect(unchanged.data.nickname).toBe('Ploy');

  await form.getByLabel('Home page').fill('https://ploy.example.org');
  await page.getByTestId('profile-save').click();
  await expectRecordedToast(page, 'Edit successful');
  // The header follows at once (its menu is named after the member).
  await expect(page.getByRole('button', { name: /Ploy Bangkok/ })).toBeVisible();

  await open(page, '/user/profile');
  await expect(form.getByLabel('Nickname')).toHaveValue('Ploy Bangkok');
  await expect(form.getByLabel('Signature')).toHaveValue('Street food every evening in Bang Rak.');
  await expect(form.getByLabel('Home page')).toHaveValue('https://ploy.example.org');

  // A picture over 5 MB is refused before any upload.
  let uploads = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/user/update_avatar')) uploads += 1;
  });
  await page.getByTestId('avatar-file').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 10, 1) });
  await expectRecordedToast(page, 'Image too large: max 5 MB supported');
  expect(uploads).toBe(0);

  const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer();
  await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
  await expectRecordedToast(page, 'Avatar updated');
  expect(uploads).toBe(1);
  await expect(page.locator('main img[src$=".webp"]').first()).toBeVisible();
  await expect(page.getByTestId('user-menu').filter({ visible: true }).locator('img')).toHaveAttribute('src', /^\/uploads\/.+\.webp$/);

  // The public profile shows what was saved.
  await page.getByTestId('profile-view-public').click();
  await expect(page).toHaveURL(`${server.url}/user/${member.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ploy Bangkok' })).toBeVisible();
  await expect(page.getByTestId('profile-signature')).toHaveText('Street food every evening in Bang Rak.');
  expect(errors).toEqual([]);
});

test('the page in Chinese, with its validation messages', async ({ page, context }) => {
  const errors = watchErrors(page);
  await setLocale(context, 'zh-CN');
  await signUp(page, 'Lek');
  await open(page, '/user/profile');
  await expect(page.getByRole('heading', { level: 1, name: '编辑资料' })).toBeVisible();
  await expect(page.getByRole('link', { name: '个人资料', exact: true })).toHaveAttribute('aria-current', 'page');
  const form = page.getByTestId('profile-form');
  await form.getByLabel('昵称').fill('');
  await page.getByTestId('profile-save').click();
  await expect(form.getByText('请输入昵称')).toBeVisible();
  await form.getByLabel('昵称').fill('小乐');
  await page.getByTestId('profile-save').click();
  await expectRecordedToast(page, '修改成功');
  await expectAccessible(page, { label: 'edit profile zh-CN' });
  expect(errors).toEqual([]);
});
