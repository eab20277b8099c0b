/**
 * The site shell (issue 3): home frame and security headers, language switch, colour mode
 * without a flash and across tabs, mobile burger menu, search-history keyboard rules, 404 page and bots,
 * sign-in-required redirect, the signed-in header with logout confirmation. axe-core on every
 * page state. One fresh installed server (SQLite) with two nav links for the whole file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { expectAccessible } from '../support/axe';
import { E2E_ADMIN, startServer, type E2eServer } from '../support/e2e-server';
import { openHydrated, watchErrors } from '../support/page';

let server: E2eServer;

test.beforeAll(async () => {
  server = await startServer({
    installed: true,
    settings: {
      siteTitle: 'Sabai Test',
      siteDescription: 'Everyday life in Thailand, shared.',
      siteNavs: [
        { title: 'Topics', url: '/topics' },
        { title: 'Guide', url: 'https://example.com/guide' },
      ],
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

const open = (page: Page, path: string) => openHydrated(page, server.url + path);

const HISTORY_KEY = 'sabai-search-history';

/** The body background and the two theme tokens, each as the browser computes it (Tailwind 4: oklch). */
async function backgrounds(page: Page): Promise<{ body: string; dark: string; light: string }> {
  return page.evaluate(() => {
    const probe = (value: string) => {
      const element = document.createElement('div');
      element.style.backgroundColor = value;
      document.body.append(element);
      const computed = getComputedStyle(element).backgroundColor;
      element.remove();
      return computed;
    };
    return { body: getComputedStyle(document.body).backgroundColor, dark: probe('var(--color-zinc-950)'), light: probe('var(--color-zinc-50)') };
  });
}

test('home renders the site frame, with the security headers and nonce-only scripts', async ({ page }) => {
  const errors = watchErrors(page, { failedLoads: true });
  const response = await open(page, '/');
  expect(response?.status()).toBe(200);

  const headers = response!.headers();
  const csp = headers['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  // <style> elements need this response's nonce too; style attributes stay allowed.
  expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
  expect(csp).toContain("style-src-attr 'unsafe-inline'");
  expect(headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  // Every inline script carries this response's nonce (the colour-mode bootstrap included).
  const inlineNonces = await page.evaluate(() => [...document.querySelectorAll('script:not([src])')].map((s) => (s as HTMLScriptElement).nonce));
  expect(inlineNonces.length).toBeGreaterThan(1);
  for (const value of inlineNonces) expect(value).toBe(nonce);

  await expect(page.getByTestId('site-logo')).toContainText('Sabai Test');
  await expect(page).toHaveTitle('Sabai Test');
  const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();
  await expect(nav.getByRole('link', { name: 'Topics' })).toHaveAttribute('href', '/topics');
  await expect(nav.getByRole('link', { name: 'Guide' })).toHaveAttribute('rel', 'noopener noreferrer');
  // (The feed itself belongs to the topics feature and is tested there.)
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByTestId('sign-in-button')).toBeVisible();
  await expect(page.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
  await expect(page.getByRole('link', { name: 'Links' })).toHaveAttribute('href', '/links');
  await expectAccessible(page, { label: 'home' });

  await page.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(`${server.url}/about`);
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  await expect(page.locator('main')).toContainText('mainly Thailand');
  await expect(page.getByRole('heading', { name: 'Contact' })).toBeVisible();
  await expectAccessible(page, { label: 'about' });
  expect(errors).toEqual([]);
});

test('switching to Chinese renders Chinese, sets the cookie for 365 days and survives reload', async ({ page, context }) => {
  const errors = watchErrors(page, { failedLoads: true });
  await open(page, '/');
  await page.getByTestId('language-switch').selectOption('zh-CN');
  await expect(page.getByTestId('sign-in-button')).toHaveText('登录');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('combobox', { name: '搜索论坛' }).first()).toHaveAttribute('placeholder', '搜索');
  await expect(page.getByRole('link', { name: '关于' })).toBeVisible();

  const cookie = (await context.cookies()).find((c) => c.name === 'locale');
  expect(cookie?.value).toBe('zh-CN');
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByTestId('sign-in-button')).toHaveText('登录');
  await expect(page.getByRole('link', { name: '友情链接' })).toBeVisible();
  await expectAccessible(page, { label: 'home zh-CN' });

  await page.getByTestId('language-switch').selectOption('en-US');
  await expect(page.getByTestId('sign-in-button')).toHaveText('Sign in');
  expect(errors).toEqual([]);
});

test('dark mode survives reload and is applied before any script of the app runs', async ({ page }) => {
  const errors = watchErrors(page, { failedLoads: true });
  await open(page, '/');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.getByTestId('color-mode-toggle').click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('sabai-color-mode'))).toBe('dark');
  await expect(page.getByTestId('color-mode-toggle')).toHaveAttribute('aria-label', 'Switch to light mode');
  await expectAccessible(page, { label: 'home dark' });

  // Hold every app script back: whatever paints now comes from the HTML and the inline script.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(server.url + '/', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  const { body, dark, light } = await backgrounds(page);
  expect(body).toBe(dark);
  expect(dark).not.toBe(light);
  expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();
  release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.unroute('**/assets/*.js');

  await page.getByTestId('color-mode-toggle').click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('sabai-color-mode'))).toBe('light');
  expect(errors).toEqual([]);
});

test('colour mode: another tab follows a change; the footer offers system, light and dark', async ({ page, context }) => {
  const errors = watchErrors(page, { failedLoads: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await open(page, '/');
  const other = await context.newPage();
  await other.emulateMedia({ colorScheme: 'dark' });
  await open(other, '/about');
  const switchOf = (p: Page) => p.getByTestId('color-mode-switch');
  // No preference yet: each tab follows its (emulated) OS.
  await expect(switchOf(page)).toHaveValue('system');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await expect(other.locator('html')).toHaveClass(/dark/);

  // The header button flips this tab to dark; the other tab re-applies it from the storage event.
  await page.getByTestId('color-mode-toggle').click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await other.emulateMedia({ colorScheme: 'light' });
  await expect(other.locator('html')).toHaveClass(/dark/);
  await expect(switchOf(other)).toHaveValue('dark');
  await page.getByTestId('color-mode-toggle').click();
  await expect(other.locator('html')).not.toHaveClass(/dark/);
  await expect(switchOf(other)).toHaveValue('light');
  await expectAccessible(page, { label: 'home with the colour-mode switch' });

  // Back to "system": the stored preference goes, and each tab follows its OS again.
  await other.emulateMedia({ colorScheme: 'dark' });
  await switchOf(page).selectOption('system');
  expect(await page.evaluate(() => localStorage.getItem('sabai-color-mode'))).toBeNull();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await expect(other.locator('html')).toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);

  await switchOf(other).selectOption('light');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('sabai-color-mode'))).toBe('light');
  await other.close();
  expect(errors).toEqual([]);
});

test('the burger menu opens and closes the navigation at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/');
  const burger = page.getByTestId('burger');
  const menu = page.getByTestId('mobile-menu');
  await expect(burger).toBeVisible();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();

  await burger.click();
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Topics' })).toBeVisible();
  await expect(menu.getByRole('combobox', { name: 'Search the forum' })).toBeVisible();
  await expectAccessible(page, { label: 'mobile menu open' });

  await burger.click();
  await expect(menu).toBeHidden();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');

  // Escape closes it; so does navigating.
  await burger.click();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await burger.click();
  await menu.getByRole('link', { name: 'Topics' }).click();
  await expect(page).toHaveURL(`${server.url}/topics`);
  await expect(menu).toBeHidden();
});

test('search history follows the keyboard rules', async ({ page }) => {
  await open(page, '/');
  await page.evaluate((key) => localStorage.setItem(key, JSON.stringify(['bangkok rent', 'visa run', 'bangkok food'])), HISTORY_KEY);
  const input = page.getByRole('combobox', { name: 'Search the forum' }).first();
  const list = page.getByTestId('search-history');
  const options = list.getByRole('option');
  const selected = list.locator('[aria-selected="true"]');

  await input.focus();
  await expect(options).toHaveText(['bangkok rent', 'visa run', 'bangkok food']);
  await expect(selected).toHaveCount(0);

  await input.press('ArrowDown');
  await expect(selected).toHaveText('bangkok rent');
  await input.press('ArrowDown');
  await input.press('ArrowDown');
  await expect(selected).toHaveText('bangkok food');
  await input.press('ArrowDown'); // past the end: wraps to the first
  await expect(selected).toHaveText('bangkok rent');
  await input.press('ArrowUp'); // before the first: clears the selection
  await expect(selected).toHaveCount(0);
  await expect(input).not.toHaveAttribute('aria-activedescendant');

  await options.nth(1).hover(); // hover selects
  await expect(selected).toHaveText('visa run');
  await page.mouse.move(0, 0); // (a pointer left over the list would keep selecting by hover)
  await input.pressSequentially('bang'); // typing clears the selection and filters by substring
  await expect(selected).toHaveCount(0);
  await expect(options).toHaveText(['bangkok rent', 'bangkok food']);

  await input.press('Escape');
  await expect(list).toBeHidden();
  await input.press('ArrowDown'); // reopens with the first entry selected
  await expect(selected).toHaveText('bangkok rent');
  await page.mouse.click(5, 500); // outside click closes
  await expect(list).toBeHidden();

  await input.fill('');
  await input.press('Enter'); // an empty keyword is not submitted
  await expect(page).toHaveURL(`${server.url}/`);

  await input.fill('x'.repeat(40));
  await expect(input).toHaveValue('x'.repeat(30));

  await input.fill('food');
  await input.press('ArrowDown');
  await expect(selected).toHaveText('bangkok food');
  await input.press('Enter'); // Enter uses the selection: a full navigation to /search?q=
  await page.waitForURL(`${server.url}/search?q=bangkok%20food`);
  expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), HISTORY_KEY)).toEqual(['bangkok food', 'bangkok rent', 'visa run']);
  // The box starts from ?q= on the next page.
  await expect(page.getByRole('combobox', { name: 'Search the forum' }).first()).toHaveValue('bangkok food');

  // A corrupt stored history resets to empty.
  await page.evaluate((key) => localStorage.setItem(key, '{not json'), HISTORY_KEY);
  await open(page, '/');
  await page.getByRole('combobox', { name: 'Search the forum' }).first().focus();
  await expect(list).toBeHidden();
  expect(await page.evaluate((key) => localStorage.getItem(key), HISTORY_KEY)).toBeNull();
});

test('unknown paths answer 404 with the error page; bots get a plain status', async ({ page, request }) => {
  const response = await page.goto(server.url + '/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  // The tab names the error too, and the page says what to do next.
  await expect(page).toHaveTitle('Page not found · Sabai Test');
  await expect(page.getByTestId('error-help')).toContainText('moved or deleted');
  await expect(page.getByTestId('site-logo')).toBeVisible(); // inside the site frame
  await expectAccessible(page, { label: '404' });
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(`${server.url}/`);

  const bot = await request.get(server.url + '/no/such/page', {
    headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
  });
  expect(bot.status()).toBe(404);
  expect(bot.headers()['content-type']).toContain('text/plain');
  expect(await bot.text()).toBe('404 Not Found\n');

  // In Chinese: the title and the help follow the language; a missing topic is a 404 page too.
  await page.context().addCookies([{ name: 'locale', value: 'zh-CN', url: server.url }]);
  const topic = await page.goto(server.url + '/topic/999999999');
  expect(topic?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible();
  await expect(page).toHaveTitle('页面不存在 · Sabai Test');
});

test('a sign-in-required page sends visitors to sign-in with the encoded way back', async ({ page, request }) => {
  const raw = await request.get(server.url + '/user/profile/account?tab=email', { maxRedirects: 0 });
  expect(raw.status()).toBe(302);
  expect(raw.headers()['location']).toBe('/user/signin?redirect=%2Fuser%2Fprofile%2Faccount%3Ftab%3Demail');

  await page.goto(server.url + '/user/profile/account?tab=email');
  await expect(page).toHaveURL(`${server.url}/user/signin?redirect=%2Fuser%2Fprofile%2Faccount%3Ftab%3Demail`);
});

/** Sets a user's avatar straight in the server's SQLite file (no avatar API yet). */
function setAvatar(username: string, avatar: string): void {
  const config = JSON.parse(readFileSync(path.join(server.dataDir, 'config.json'), 'utf8')) as { database: { file: string } };
  const db = new Database(config.database.file);
  try {
    db.prepare('UPDATE users SET avatar = ? WHERE username = ?').run(avatar, username);
  } finally {
    db.close();
  }
}

test('an avatar that fails to load falls back to the initial on the user colour', async ({ page }) => {
  setAvatar(E2E_ADMIN.username, '/uploads/missing-avatar.png');
  try {
    const signin = await page.request.post(server.url + '/api/login/signin', { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
    expect(signin.status()).toBe(200);
    await open(page, '/');
    const menu = page.getByTestId('user-menu').filter({ visible: true });
    await expect(menu.getByTestId('avatar-fallback')).toHaveText('A');
    await expect(menu.locator('img')).toHaveCount(0);
    const background = await menu.getByTestId('avatar-fallback').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
  } finally {
    setAvatar(E2E_ADMIN.username, '');
  }
});

test('signed in: create menu, message notice, account menu and logout with confirmation', async ({ page }) => {
  const errors = watchErrors(page, { failedLoads: true });
  const signin = await page.request.post(server.url + '/api/login/signin', { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
  expect(signin.status()).toBe(200);
  await open(page, '/');

  await expect(page.getByTestId('message-notice')).toHaveAttribute('href', '/user/messages');
  // The notice navigates inside the app (same document), then comes back.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByTestId('message-notice').click();
  await expect(page).toHaveURL(`${server.url}/user/messages`);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await page.goBack();
  await expect(page).toHaveURL(`${server.url}/`);

  await page.getByTestId('create-menu').filter({ visible: true }).click();
  const createItems = page.getByRole('menuitem');
  await expect(createItems).toHaveText(['Tweet', 'Topic', 'Article']);
  await expect(createItems.first()).toHaveAttribute('href', '/topic/create?type=1');
  await expectAccessible(page, { label: 'create menu open' });
  await page.keyboard.press('Escape');

  await page.getByTestId('user-menu').filter({ visible: true }).click();
  // No "Membership" while VIP is off (the default; tests/e2e/vip.spec.ts sees it with VIP on).
  await expect(page.getByRole('menuitem')).toHaveText(['My profile', 'Scores', 'Favorites', 'Edit profile', 'Back office', 'Sign out']);
  await expect(page.getByRole('menuitem', { name: 'Scores' })).toHaveAttribute('href', '/user/scores');
  // The admin alone (and moderators) get the back office.
  await expect(page.getByRole('menuitem', { name: 'Back office' })).toHaveAttribute('href', '/admin');
  await expect(page.getByRole('menuitem', { name: 'Edit profile' })).toHaveAttribute('href', '/user/profile');
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, { label: 'logout confirmation' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('user-menu').filter({ visible: true })).toBeVisible();

  await page.getByTestId('user-menu').filter({ visible: true }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('sign-in-button')).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/`);
  const current = await page.request.get(server.url + '/api/user/current');
  expect((await current.json()).data).toBeNull();
  expect(errors).toEqual([]);
});

test('a header menu clicked while its code still loads opens once the code arrives', async ({ page }) => {
  const errors = watchErrors(page, { failedLoads: true });
  const signin = await page.request.post(server.url + '/api/login/signin', { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
  expect(signin.status()).toBe(200);
  // Hold the menus' chunk back, as a slow connection would, until the button was clicked.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/header-menus-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await open(page, '/');
  await page.getByTestId('create-menu').filter({ visible: true }).click();
  await expect(page.getByRole('menuitem')).toHaveCount(0);
  release();
  await expect(page.getByRole('menuitem')).toHaveText(['Tweet', 'Topic', 'Article']);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem')).toHaveCount(0);
  await page.getByTestId('user-menu').filter({ visible: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  expect(errors).toEqual([]);
});
