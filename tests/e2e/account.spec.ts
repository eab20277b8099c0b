/**
 * Account journeys (issue 3 item 6) in Chromium against a fresh installed server each:
 * sign-up → sign-out → sign-in back to the page that asked; a wrong password's message; no
 * off-site redirect; the verification link from the `.eml` fallback marks the e-mail verified;
 * username once, password change, forgot and reset; the reply-mail switch; the same pages in
 * Chinese. axe-core runs on every page built here.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { E2E_ADMIN, startServer, type E2eServer } from '../support/e2e-server';
import { linkUrl, waitForEml } from '../support/mail';
import { expectRecordedToast, recordToasts } from '../support/page';

let server: E2eServer;

// Whole journeys on a shared 2-core machine: each step waits on a real server and axe runs often.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async () => {
  server = await startServer({ installed: true });
});

// eslint-disable-next-line no-empty-pattern -- Playwright reads fixtures from a destructuring pattern; none needed here
test.afterEach(async ({}, testInfo) => {
  // The server's log explains a failing page (a 500's stack trace never reaches the browser).
  if (testInfo.status !== testInfo.expectedStatus && server) await testInfo.attach('server output', { body: server.output(), contentType: 'text/plain' });
  await server?.stop();
});

/** Opens a page and waits until React has hydrated it: typing into a form before that is lost. */
async function open(page: Page, url: string) {
  const response = await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  return response;
}

let counter = 0;
function newAccount() {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return { nickname: `Newcomer ${tag}`, email: `newcomer.${tag}@example.com`, password: 'first-pass-1' };
}

type Account = ReturnType<typeof newAccount>;

async function fillSignUp(page: Page, account: Account, rePassword = account.password) {
  await page.getByLabel('Nickname').fill(account.nickname);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(rePassword);
  await page.getByRole('button', { name: 'Sign up' }).click();
}

async function signUpAndOpenAccount(page: Page, account: Account) {
  await open(page, `${server.url}/user/signup?redirect=${encodeURIComponent('/user/profile/account')}`);
  await fillSignUp(page, account);
  await expect(page).toHaveURL(`${server.url}/user/profile/account`);
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByTestId('user-menu').filter({ visible: true }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.getByTestId('user-menu').filter({ visible: true })).toHaveCount(0);
}

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('sign-up, sign-out and sign-in each come back to the page that asked', async ({ page }) => {
  const account = newAccount();
  await open(page, `${server.url}/user/profile/account`);
  await expect(page).toHaveURL(`${server.url}/user/signin?redirect=%2Fuser%2Fprofile%2Faccount`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sign-in');

  await page.getByRole('link', { name: 'Create one' }).click();
  await expect(page).toHaveURL(`${server.url}/user/signup?redirect=%2Fuser%2Fprofile%2Faccount`);
  // Spec §5 messages, from the shared schema, before any request.
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Please enter nickname')).toBeVisible();
  await expect(page.getByText('Please enter email')).toBeVisible();
  await expect(page.getByText('Please enter password')).toBeVisible();
  await expect(page.getByLabel('Nickname')).toBeFocused();
  await fillSignUp(page, { ...account, password: 'abc' }, 'abc');
  await expect(page.getByText('The password must be at least 6 characters')).toBeVisible();
  await fillSignUp(page, account, 'something-else');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sign-up with errors');
  await fillSignUp(page, account);

  await expect(page).toHaveURL(`${server.url}/user/profile/account`);
  // The header knows the new member at once.
  await expect(page.getByTestId('user-menu').filter({ visible: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
  // Only settings pages that exist get a tab; nothing before the page's <h1> is a heading.
  await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link')).toHaveText(['Profile', 'Account', 'Security', 'Sessions', 'Connected accounts', 'Notifications', 'Blocked members', 'My data']);
  expect(await page.locator('h1, h2, h3, h4, h5, h6').first().evaluate((heading) => heading.tagName)).toBe('H1');
  // Required fields say so to screen readers, not only with the asterisk.
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveAttribute('aria-required', 'true');
  await expectNoSeriousA11yViolations(page, 'account settings');

  await signOut(page);
  await open(page, `${server.url}/user/profile/account`);
  await expect(page).toHaveURL(/\/user\/signin\?redirect=%2Fuser%2Fprofile%2Faccount$/);
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(`${server.url}/user/profile/account`);
  await expect(page.getByTestId('user-menu').filter({ visible: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(account.email);
});

test('a wrong password shows the server message in the form; a redirect off the site is ignored', async ({ page }) => {
  await open(page, `${server.url}/user/signin?redirect=${encodeURIComponent('//evil.example/steal')}`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Please enter username or email')).toBeVisible();
  await expect(page.getByText('Please enter password')).toBeVisible();

  await signIn(page, E2E_ADMIN.username, 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong username, e-mail or password' })).toBeVisible();
  await expect(page).toHaveURL(/\/user\/signin/);
  await expectNoSeriousA11yViolations(page, 'sign-in with a refused password');

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.getByTestId('user-menu').filter({ visible: true })).toBeVisible();
});

test('sign-up mails the verification link; a banner reminds on every page until the link is opened', async ({ page }) => {
  const account = newAccount();
  await signUpAndOpenAccount(page, account);
  await expect(page.getByTestId('email-status')).toHaveText('Not verified');
  // Sent at sign-up: nobody pressed a button.
  const mail = await waitForEml(server.dataDir, account.email);
  const link = linkUrl(mail, '/user/email/verify');
  expect(link, mail.text).not.toBeNull();

  await open(page, `${server.url}/`);
  const banner = page.getByTestId('verify-banner');
  await expect(banner).toContainText(`Please verify your e-mail ${account.email}`);
  await expectNoSeriousA11yViolations(page, 'home with the verification banner');
  await banner.getByRole('button', { name: 'Resend the mail' }).click();
  await expect(banner.getByRole('status')).toHaveText('Sent. Check your inbox (and the spam folder).');
  await waitForEml(server.dataDir, account.email, { after: 1 });

  // The first link still works after a resend.
  await open(page, link!);
  await expect(page.getByText(`Your e-mail ${account.email} has been verified.`)).toBeVisible();
  await expect(page.getByTestId('verify-banner')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'e-mail verified');

  await page.getByRole('link', { name: 'Account settings' }).click();
  await expect(page).toHaveURL(`${server.url}/user/profile/account`);
  await expect(page.getByTestId('email-status')).toHaveText(/Verified/);
  await expect(page.getByRole('button', { name: 'Send verification mail' })).toHaveCount(0);
  await open(page, `${server.url}/topics`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('verify-banner')).toHaveCount(0);

  // A link works once; the page says why it failed.
  await open(page, link!);
  await expect(page.getByRole('alert')).toContainText('E-mail verification failed: ');
  await expectNoSeriousA11yViolations(page, 'e-mail verification failed');
  await open(page, `${server.url}/user/email/verify`);
  await expect(page.getByRole('alert')).toContainText('The verification link is incomplete');
});

test('username once, password change, and a forgotten password reset through the mailed link', async ({ page }) => {
  const account = newAccount();
  await signUpAndOpenAccount(page, account);
  // An 800 ms toast can come and go between two looks of a loaded machine: record them all.
  await recordToasts(page);

  // Username: the schema's rule, then set once and shown instead of the form.
  const usernameField = page.getByRole('textbox', { name: 'Username', exact: true });
  await usernameField.fill('1abcde');
  await page.getByRole('button', { name: 'Set username' }).click();
  await expect(page.getByText('The username must be 5 to 12 letters, digits, _ or -, starting with a letter')).toBeVisible();
  // Thirteen characters stay in the field (nothing cut where the member cannot see it) and the message says why.
  await usernameField.fill('newcomer12345');
  await expect(usernameField).toHaveValue('newcomer12345');
  await page.getByRole('button', { name: 'Set username' }).click();
  await expect(page.getByText('The username can be at most 12 characters')).toBeVisible();
  await usernameField.fill('newcomer1');
  await page.getByRole('button', { name: 'Set username' }).click();
  await expectRecordedToast(page, 'Edit successful');
  await expect(page.getByTestId('username-current')).toHaveText('Your username is newcomer1. It cannot be changed.');
  await expect(page.getByRole('button', { name: 'Set username' })).toHaveCount(0);

  // Change password: the server's message for a wrong current password sits under its field.
  await page.getByLabel('Current password').fill('wrong-pass-1');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('second-pass-2');
  await page.getByLabel('Confirm new password').fill('second-pass-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is wrong')).toBeVisible();
  await page.getByLabel('Current password').fill(account.password);
  await recordToasts(page); // from here: the username's toast is not this one's
  await page.getByRole('button', { name: 'Change password' }).click();
  await expectRecordedToast(page, 'Edit successful');
  await expect(page.getByLabel('Current password')).toHaveValue('');

  await signOut(page);
  await open(page, `${server.url}/user/signin`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(`${server.url}/user/password/forgot`);
  await expectNoSeriousA11yViolations(page, 'forgot password');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(`If an account exists for ${account.email}, we have sent it a mail`)).toBeVisible();

  // The sign-up's verification mail came first.
  const mail = await waitForEml(server.dataDir, account.email, { subject: 'Reset your password' });
  const link = linkUrl(mail, '/user/password/reset');
  expect(link, mail.text).not.toBeNull();
  await open(page, link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('third-pass-3');
  await page.getByLabel('Confirm new password').fill('third-pass-4');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'reset password with errors');
  await page.getByLabel('Confirm new password').fill('third-pass-3');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).last().click();
  await signIn(page, 'newcomer1', 'third-pass-3');
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.getByTestId('user-menu').filter({ visible: true })).toBeVisible();
});

test('notifications: the account page leads to the settings, where a switch saves at once (by keyboard too) and survives reload', async ({ page }) => {
  const account = newAccount();
  await signUpAndOpenAccount(page, account);
  await page.getByTestId('account-notifications-link').click();
  await expect(page).toHaveURL(`${server.url}/user/profile/notifications`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await recordToasts(page);
  const replyMail = () => page.getByRole('switch', { name: 'Replies: E-mail' });
  const stored = async () => (await (await page.request.get(`${server.url}/api/user/notification_prefs`)).json()).data.kinds.reply.email;
  await expect(replyMail()).not.toBeChecked(); // replies by e-mail stay a choice (common/constants.ts)

  await replyMail().click();
  await expectRecordedToast(page, 'Edit successful');
  await expect(replyMail()).toBeChecked();
  await expectNoSeriousA11yViolations(page, 'notification settings, reply mails on');
  await page.reload();
  await expect(replyMail()).toBeChecked();
  expect(await stored()).toBe(true);

  // The keyboard works too: Space turns it off, and that is saved as well.
  await replyMail().focus();
  await page.keyboard.press('Space');
  await expect(replyMail()).not.toBeChecked();
  await expect(replyMail()).toBeFocused();
  await expect.poll(stored).toBe(false);
  await page.reload();
  await expect(replyMail()).not.toBeChecked();
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('sign-in and sign-up speak Chinese, server messages included', async ({ page }) => {
    await open(page, `${server.url}/user/signin`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText('请输入用户名或邮箱')).toBeVisible();
    await page.getByLabel('用户名或邮箱').fill(E2E_ADMIN.username);
    await page.getByRole('textbox', { name: '密码', exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: '用户名、邮箱或密码错误' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'sign-in in Chinese');

    // The link navigates in the browser: until the sign-up page has rendered, the sign-in
    // page (which also has a 密码 field) is still the page, and a fill would land there. A slow
    // answer for the sign-up page's data (as on a loaded machine) keeps that window open.
    await page.route('**/user/signup.data*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.getByRole('link', { name: '立即注册' }).click();
    await expect(page).toHaveURL(/\/user\/signup(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: '注册账号' })).toBeVisible();
    await page.getByRole('textbox', { name: '密码', exact: true }).fill('abc');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await expect(page.getByText('请输入昵称')).toBeVisible();
    await expect(page.getByText('密码至少 6 个字符')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'sign-up in Chinese');
  });

  test('注册后邮件已发出：横幅用中文提醒，重发过多时说明要等多久，打开链接后横幅消失', async ({ page }) => {
    // This journey needs the real rate limits (the shared server runs without them).
    await server.stop();
    server = await startServer({ installed: true, env: { RATE_LIMITS: 'on' } });
    const account = newAccount();
    await open(page, `${server.url}/user/signup`);
    await page.getByLabel('昵称').fill(account.nickname);
    await page.getByLabel('邮箱').fill(account.email);
    await page.getByRole('textbox', { name: '密码', exact: true }).fill(account.password);
    await page.getByLabel('确认密码').fill(account.password);
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/`);

    const mail = await waitForEml(server.dataDir, account.email);
    expect(mail.subject).toContain('验证你在');
    const banner = page.getByTestId('verify-banner');
    await expect(banner).toContainText(`请验证你的邮箱 ${account.email}`);
    // Five resends an hour (the per-IP mail rule); the sixth says how long to wait, in Chinese.
    const resend = banner.getByRole('button', { name: '重新发送' });
    for (let i = 0; i < 5; i++) {
      await resend.click();
      await expect(banner.getByRole('status')).toHaveText('已发送，请查收邮件（也看看垃圾邮件箱）。');
      await expect(resend).toBeEnabled();
    }
    await resend.click();
    await expect(banner.getByRole('status')).toHaveText(/^请求过于频繁，请 \d+ 秒后再试$/);
    await expectNoSeriousA11yViolations(page, 'verification banner in Chinese');

    await open(page, linkUrl(mail, '/user/email/verify')!);
    await expect(page.getByText(`你的邮箱 ${account.email} 已验证`)).toBeVisible();
    await expect(page.getByTestId('verify-banner')).toHaveCount(0);
  });
});
