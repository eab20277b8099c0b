/**
 * The back office's jobs (issue 26) in Chromium, against a fresh forum whose mail server refuses
 * every recipient (550, a permanent refusal): a newcomer signs up, the verification mail's job
 * fails at once with the server's answer; the admin opens /admin/jobs, sees the failed job with
 * its error and attempts, the mail server is fixed, the admin presses Retry, the job leaves the
 * failed list and the mail arrives; the Done list shows it. The page in Chinese; axe-core on both;
 * a moderator gets the 403 page; no console errors.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { E2E_ADMIN, startServer, type E2eServer } from '../support/e2e-server';
import { signUpMember } from '../support/e2e-members';
import { startSmtpServer, type TestSmtpServer } from '../support/mail';
import { attachServerOutputOnFailure, openHydrated, setLocaleCookie, watchErrors } from '../support/page';

let server: E2eServer;
let smtp: TestSmtpServer;
/** A folder for screenshots of the page at 1280 and 390 px (looked at by hand). */
const SHOTS = process.env.JOBS_SHOTS;

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ installed: true, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Sabai <forum@example.com>' } });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

attachServerOutputOnFailure(() => server);

test('a mail the server refused shows as a failed job; the admin retries it once the server is fixed', async ({ browser }) => {
  smtp.refuseRecipients(true);
  const newcomerContext = await browser.newContext();
  const newcomer = await signUpMember((await newcomerContext.newPage()).request, server, 'Refused');
  await newcomerContext.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchErrors(page);
  expect((await page.request.post(`${server.url}/api/login/signin`, { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } })).status()).toBe(200);

  // The refusal is permanent: the job fails at its first attempt, with the server's words.
  await expect
    .poll(async () => {
      await openHydrated(page, `${server.url}/admin/jobs`);
      return page.getByTestId('jobs-table').locator('tbody tr').count();
    })
    .toBe(1);
  await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Failed/ })).toHaveAttribute('aria-current', 'page');
  const row = page.getByTestId('jobs-table').locator('tbody tr').first();
  await expect(row.getByTestId('job-name')).toContainText('auth.verifyMail');
  await expect(row.getByTestId('job-state')).toHaveText('Failed');
  await expect(row).toContainText('1 of 5');
  await expect(row.getByTestId('job-error')).toContainText('550');
  await expect(page.getByTestId('jobs-counts')).toContainText('1 failed');
  await expectNoSeriousA11yViolations(page, 'the jobs page with a failed job');
  if (SHOTS) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/jobs-failed-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  // The cause fixed: the mail server takes mail again. Retry.
  smtp.refuseRecipients(false);
  const before = smtp.mails.length;
  await row.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText(/^Job #\d+ will run again$/)).toBeVisible();
  const mail = await smtp.waitFor(newcomer.email, { after: before, subject: 'Verify your e-mail', timeoutMs: 15_000 });
  expect(mail.messageId).toMatch(/^<job-\d+\.[0-9a-f]{16}@/);
  await expect
    .poll(async () => {
      await openHydrated(page, `${server.url}/admin/jobs`);
      return page.getByTestId('jobs-table-empty').isVisible();
    })
    .toBe(true);
  await page.getByRole('link', { name: /^Done/ }).click();
  await expect(page).toHaveURL(/\?list=done$/);
  const done = page.getByTestId('jobs-table').locator('tbody tr').filter({ hasText: 'auth.verifyMail' }).first();
  await expect(done.getByTestId('job-state')).toHaveText('Done');
  await expect(done).toContainText('retried 1 time');
  expect(errors).toEqual([]);
  await context.close();
});

test('the jobs page in Chinese; moderators are not let in', async ({ browser }) => {
  const context = await browser.newContext();
  await setLocaleCookie(context, server.url, 'zh-CN');
  const page = await context.newPage();
  expect((await page.request.post(`${server.url}/api/login/signin`, { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } })).status()).toBe(200);
  await openHydrated(page, `${server.url}/admin/jobs?list=done`);
  await expect(page.getByRole('heading', { name: '任务', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /^已完成/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('navigation').getByRole('link', { name: '任务' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the jobs page in Chinese');
  await context.close();

  const moderatorContext = await browser.newContext();
  const moderatorPage = await moderatorContext.newPage();
  const moderator = await signUpMember(moderatorPage.request, server, 'Moderator');
  const admin = await (await moderatorPage.request.post(`${server.url}/api/login/signin`, { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } })).json();
  const users = await (await moderatorPage.request.get(`${server.url}/api/admin/users`, { headers: { 'x-user-token': admin.data.token }, params: { q: moderator.email } })).json();
  const id = users.data.results[0].id as number;
  expect((await moderatorPage.request.post(`${server.url}/api/admin/user/role`, { headers: { 'x-user-token': admin.data.token }, data: { userId: id, role: 'moderator' } })).status()).toBe(200);
  expect((await moderatorPage.request.post(`${server.url}/api/login/signin`, { data: { username: moderator.email, password: moderator.password } })).status()).toBe(200);
  const response = await moderatorPage.goto(`${server.url}/admin/jobs`);
  expect(response?.status()).toBe(403);
  await moderatorContext.close();
});
