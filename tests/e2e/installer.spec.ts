/**
 * The first-run installer (issue 3 item 5) on a fresh, uninstalled server: every page redirects
 * to /install; the steps validate with the spec §5 messages; SQLite is the default and its
 * connection test succeeds; the language step switches the installer to Chinese; installing
 * ends on 'Installation complete!' with links to the back office and the home page; afterwards
 * /install redirects home. axe-core runs on every step.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { startServer, type E2eServer } from '../support/e2e-server';

let server: E2eServer;

// Whole journeys on a shared 2-core machine: each step waits on a real server and axe runs often.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async () => {
  server = await startServer({ installed: false });
});

// eslint-disable-next-line no-empty-pattern -- Playwright reads fixtures from a destructuring pattern; none needed here
test.afterEach(async ({}, testInfo) => {
  // The server's log explains a failing page (a 500's stack trace never reaches the browser).
  if (testInfo.status !== testInfo.expectedStatus && server) await testInfo.attach('server output', { body: server.output(), contentType: 'text/plain' });
  await server?.stop();
});

const next = (page: Page) => page.getByRole('button', { name: /^(Next|下一步)$/ }).click();
const stepHeading = (page: Page, name: string | RegExp) => expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

test('a fresh server is installed with SQLite through every step, in the language chosen on the way', async ({ page }) => {
  await page.goto(`${server.url}/`);
  await expect(page).toHaveURL(/\/install$/);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('heading', { level: 1, name: 'Install Sabai' })).toBeVisible();
  await stepHeading(page, 'Welcome to Sabai');
  await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'installer welcome');
  await next(page);

  // Database: SQLite is preselected; a server engine asks for host, port, name and username.
  await stepHeading(page, 'Database');
  await expect(page.getByRole('radio', { name: /SQLite/ })).toBeChecked();
  await page.getByRole('radio', { name: /PostgreSQL/ }).check();
  await expect(page.getByLabel('Port')).toHaveValue('5432');
  await page.getByLabel('Host').fill('');
  await next(page);
  await expect(page.getByText('Please fill in the complete database information').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'installer database with errors');
  await page.getByRole('radio', { name: /SQLite/ }).check();
  await expect(page.getByText('Please fill in the complete database information')).toHaveCount(0);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Database connection successful' })).toBeVisible();
  await next(page);

  // Site: the name is required.
  await stepHeading(page, 'Site');
  await next(page);
  await expect(page.getByText('Please fill in the site name')).toBeVisible();
  await expect(page.getByLabel('Site name')).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'installer site with errors');
  await page.getByLabel('Site name').fill('Sabai Journeys');
  await page.getByLabel('Site description').fill('Everyday life in Thailand');
  // Previous keeps what was typed.
  await page.getByRole('button', { name: 'Previous' }).click();
  await stepHeading(page, 'Database');
  await next(page);
  await expect(page.getByLabel('Site name')).toHaveValue('Sabai Journeys');
  await next(page);

  // Admin: each field required, passwords must match.
  await stepHeading(page, 'Administrator');
  await next(page);
  await expect(page.getByText('Please fill in the admin username')).toBeVisible();
  await expect(page.getByText('Please fill in the admin password')).toBeVisible();
  await expect(page.getByText('Please confirm the admin password')).toBeVisible();
  await page.getByLabel('Admin username').fill('founder');
  await page.getByRole('textbox', { name: 'Admin password', exact: true }).fill('founder-pass-1');
  await page.getByLabel('Confirm the admin password').fill('founder-pass-2');
  await next(page);
  await expect(page.getByText('The two passwords entered do not match')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'installer admin with errors');
  await page.getByLabel('Confirm the admin password').fill('founder-pass-1');
  await next(page);

  // Language: choosing Chinese switches the installer itself.
  await stepHeading(page, 'Language');
  await expect(page.getByRole('radio', { name: /English/ })).toBeChecked();
  await expectNoSeriousA11yViolations(page, 'installer language');
  await page.getByRole('radio', { name: /简体中文/ }).check();
  await expect(page.getByRole('heading', { level: 1, name: '安装 Sabai' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await next(page);

  // Install: a review, then progress, then completion.
  await stepHeading(page, '准备安装');
  await expect(page.getByText('Sabai Journeys')).toBeVisible();
  await expect(page.getByText('founder')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'installer review');
  // Every state the progress list goes through, recorded in the page (the first lasts 400 ms).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { installMarks: string[] }).installMarks = seen;
    const record = () => {
      const marks = [...document.querySelectorAll('[data-testid="install-progress"] li')].map((li) => li.getAttribute('data-mark')).join(',');
      if (marks && seen.at(-1) !== marks) seen.push(marks);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-mark'] });
  });
  // The install request waits until released: "connecting" must be the current step meanwhile.
  let releaseInstall!: () => void;
  const installHeld = new Promise<void>((resolve) => (releaseInstall = resolve));
  await page.route('**/api/install/install', async (route) => {
    await installHeld;
    await route.continue();
  });
  await page.getByRole('button', { name: '立即安装' }).click();
  const progress = page.getByTestId('install-progress');
  await expect(progress.locator('..')).toHaveAttribute('aria-live', 'polite');
  await expect(progress.locator('[aria-current="step"]')).toHaveText(/^正在连接数据库…/);
  await expect(progress.locator('li[data-mark="done"]')).toHaveText([/^正在准备安装…/]);
  releaseInstall();
  const completeHeading = page.getByRole('heading', { name: '安装成功！' });
  await expect(completeHeading).toBeVisible({ timeout: 30_000 });
  await expect(completeHeading).toBeFocused(); // screen readers hear the outcome
  expect(await page.evaluate(() => (window as unknown as { installMarks: string[] }).installMarks)).toEqual([
    'current,todo,todo', // preparing
    'done,current,todo', // connecting to the database
    'done,done,done', // completed
  ]);
  await page.unroute('**/api/install/install');
  await expect(page.getByRole('link', { name: '进入管理后台' })).toHaveAttribute('href', '/admin');
  await expectNoSeriousA11yViolations(page, 'installer complete');

  await page.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.getByRole('banner')).toContainText('Sabai Journeys');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  // Installed: the installer is gone, and the admin it created can sign in.
  await page.goto(`${server.url}/install`);
  await expect(page).toHaveURL(`${server.url}/`);
  const signIn = await page.request.post(`${server.url}/api/login/signin`, { data: { username: 'founder', password: 'founder-pass-1' } });
  expect((await signIn.json()).success).toBe(true);
});

test('a failed install shows the reason and lets the visitor go back and retry', async ({ page }) => {
  await page.goto(`${server.url}/install`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await next(page);
  // A failed connection test says so, with the driver's reason (nothing listens on port 1).
  await page.getByRole('radio', { name: /MySQL/ }).check();
  await page.getByLabel('Host').fill('127.0.0.1');
  await page.getByLabel('Port').fill('1');
  await page.getByLabel('Database name').fill('sabai');
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill('sabai');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Database connection failed: .+/ })).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousA11yViolations(page, 'installer connection test failed');
  // Next stays on the step while its own check fails, and says why.
  await next(page);
  await stepHeading(page, 'Database');
  await expect(page.getByTestId('connection-blocks-next')).toHaveText('Fix the settings above until the connection test passes, then go on.');
  await expect(page.getByRole('button', { name: 'Test connection' })).toBeFocused();
  await page.getByRole('radio', { name: /SQLite/ }).check();
  await expect(page.getByText('Database connection failed')).toHaveCount(0);
  // The name typed for MySQL is no SQLite file: the file field starts empty (the default file).
  await expect(page.getByLabel('Database file')).toHaveValue('');

  // A SQLite file outside the data directory is refused by the server, not by the form.
  await page.getByLabel('Database file').fill('../outside.db');
  await next(page);
  await page.getByLabel('Site name').fill('Retry forum');
  await next(page);
  await page.getByLabel('Admin username').fill('founder');
  await page.getByRole('textbox', { name: 'Admin password', exact: true }).fill('founder-pass-1');
  await page.getByLabel('Confirm the admin password').fill('founder-pass-1');
  await next(page);
  await next(page);
  await page.getByRole('button', { name: 'Install now' }).click();
  await expect(page.getByText('Installation failed', { exact: true })).toBeVisible();
  await expect(page.getByTestId('install-progress').locator('li[data-mark="failed"]')).toHaveText(/^Connecting to the database…/);
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'installer failure');

  // Previous goes straight to the step holding the field the server refused.
  await page.getByRole('button', { name: 'Previous' }).click();
  await stepHeading(page, 'Database');
  await expect(page.getByLabel('Database file')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Database file').fill('');
  for (let i = 0; i < 4; i++) await next(page);

  // A request that never reaches the server is told apart from a refusal.
  await page.route('**/api/install/install', (route) => route.abort());
  await page.getByRole('button', { name: 'Install now' }).click();
  await expect(page.getByText('The installation request failed', { exact: true })).toBeVisible();
  await page.unroute('**/api/install/install');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Installation complete!' })).toBeVisible({ timeout: 30_000 });
});

test('in Chinese too, Next stays on the database step while its connection test fails', async ({ page, context }) => {
  await context.addCookies([{ name: 'locale', value: 'zh-CN', url: server.url }]);
  await page.goto(`${server.url}/install`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await next(page);
  await page.getByRole('radio', { name: /MySQL/ }).check();
  await page.getByLabel('主机').fill('127.0.0.1');
  await page.getByLabel('端口').fill('1');
  await page.getByLabel('数据库名').fill('sabai');
  await page.getByRole('textbox', { name: '用户名', exact: true }).fill('sabai');
  await page.getByTestId('test-connection').click();
  await expect(page.getByRole('status').filter({ hasText: /^数据库连接失败/ })).toBeVisible({ timeout: 20_000 });
  await next(page);
  await expect(page.getByTestId('connection-blocks-next')).toHaveText('请先修正上面的设置，直到连接测试通过，再继续。');
  await page.getByRole('radio', { name: /SQLite/ }).check();
  await expect(page.getByTestId('connection-blocks-next')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /数据库文件/ })).toHaveValue('');
});

test('the installer works at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}/install`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByText('Step 1 of 7')).toBeVisible();
  await next(page);
  await expect(page.getByText('Step 2 of 7')).toBeVisible();
  // Nothing overflows the viewport sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, 'installer database at 390 px');
});
