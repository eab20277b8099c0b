/**
 * Reports by members in Chromium (issue 28), against one fresh installed server: in en-US a
 * member reports a topic from its action bar (the dialog's reasons, "Other" needs their words),
 * the report reaches the review queue's Reports tab (count, reason, their words, the author), the
 * staff deletes the topic, and the reporter reads the outcome in their messages. In zh-CN a
 * member reports a comment from its actions, the staff dismisses it, and the reporter is told no
 * action was taken. axe-core on the dialog and the tab; no console errors.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { E2E_ADMIN, startServer, type E2eServer } from '../support/e2e-server';
import { apiPost, signUpMember, verifyByMail, type Member } from '../support/e2e-members';
import { attachServerOutputOnFailure, expectRecordedToast, openHydrated, openRecordingToasts, setLocaleCookie, watchErrors, recordToasts } from '../support/page';

let server: E2eServer;
let author: Member;
let reporter: Member;
const ADMIN = { username: E2E_ADMIN.username, password: E2E_ADMIN.password };

test.beforeAll(async ({ browser }) => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Reports' } });
  const context = await browser.newContext();
  const page = await context.newPage();
  author = await signUpMember(page.request, server, 'Writer');
  await verifyByMail(page, server, author);
  reporter = await signUpMember(page.request, server, 'Reporter');
  await context.close();
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

async function signedIn(browser: Browser, locale: 'en-US' | 'zh-CN', account: { username: string; password: string }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await setLocaleCookie(context, server.url, locale);
  const page = await context.newPage();
  const res = await page.request.post(`${server.url}/api/login/signin`, { data: account });
  expect(res.status()).toBe(200);
  return { context, page };
}

test('[en-US] a member reports a topic; it reaches the Reports tab; the staff deletes it; the reporter is told', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const topic = await apiPost<{ id: number }>(request, server, '/api/topic/create', author.token, { title: 'Cheap visa runs, message me', content: '<p>Best agent in town.</p>' });

  const member = await signedIn(browser, 'en-US', { username: reporter.email, password: reporter.password });
  const errors = watchErrors(member.page);
  await openHydrated(member.page, `${server.url}/topic/${topic.id}`);
  await member.page.getByTestId('topic-actions').getByRole('button', { name: 'Report' }).click();
  const dialog = member.page.getByRole('dialog', { name: 'Report this post' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Other').check();
  await dialog.getByTestId('report-submit').click();
  await expect(dialog.getByText('Describe the problem')).toBeVisible();
  await expectAccessible(member.page);
  await dialog.getByLabel('Details').fill('Sells fake visa stamps');
  await recordToasts(member.page);
  await dialog.getByTestId('report-submit').click();
  await expectRecordedToast(member.page, 'Thank you. Your report was sent to the moderators.');
  await expect(dialog).toHaveCount(0);
  expect(errors).toEqual([]);

  const staff = await signedIn(browser, 'en-US', ADMIN);
  const staffErrors = watchErrors(staff.page);
  await openRecordingToasts(staff.page, `${server.url}/admin/review`);
  await staff.page.getByTestId('review-tab-reports').click();
  await expect(staff.page.getByTestId('review-tab-reports')).toHaveAttribute('aria-current', 'page');
  const card = staff.page.locator(`[data-testid="report-case"][data-type="topic"][data-id="${topic.id}"]`);
  await expect(card.getByTestId('report-count')).toHaveText('1 report');
  await expect(card.getByTestId('report-reasons')).toContainText('Other × 1');
  await expect(card.getByTestId('report-text')).toContainText('Sells fake visa stamps');
  await expect(card.getByTestId('report-author')).toHaveText(author.nickname);
  await expect(card.getByRole('link', { name: 'Cheap visa runs, message me' })).toHaveAttribute('href', `/topic/${topic.id}`);
  await expectAccessible(staff.page);
  await card.getByTestId('report-delete').click();
  await staff.page.getByRole('dialog').getByTestId('confirm-ok').click();
  await expectRecordedToast(staff.page, 'Deleted; reports closed: 1');
  await expect(card).toHaveCount(0);
  expect((await request.get(`${server.url}/api/topic/${topic.id}`)).status()).toBe(404);
  expect(staffErrors).toEqual([]);
  await staff.context.close();

  await openHydrated(member.page, `${server.url}/user/messages`);
  await expect(member.page.locator('[data-testid="message"][data-message-type="system"]').first()).toContainText('Your report of “Cheap visa runs, message me” was reviewed: the content was removed');
  await member.context.close();
});

test('[zh-CN] a member reports a comment; the staff dismisses it; the reporter is told no action was taken', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const topic = await apiPost<{ id: number }>(request, server, '/api/topic/create', author.token, { title: '清迈租房', content: '<p>求推荐。</p>' });
  const comment = await apiPost<{ id: number }>(request, server, '/api/comment/create', author.token, { entityType: 'topic', entityId: topic.id, content: '加我微信买签证' });

  const member = await signedIn(browser, 'zh-CN', { username: reporter.email, password: reporter.password });
  const errors = watchErrors(member.page);
  await openHydrated(member.page, `${server.url}/topic/${topic.id}`);
  await member.page.locator(`#comment-${comment.id}`).getByRole('button', { name: '举报' }).click();
  const dialog = member.page.getByRole('dialog', { name: '举报此评论' });
  await dialog.getByLabel('诈骗').check();
  await expectAccessible(member.page);
  await recordToasts(member.page);
  await dialog.getByTestId('report-submit').click();
  await expectRecordedToast(member.page, '谢谢。你的举报已发送给版主。');
  // A second report of the same comment changes nothing and says so.
  await member.page.locator(`#comment-${comment.id}`).getByRole('button', { name: '举报' }).click();
  await member.page.getByRole('dialog').getByTestId('report-submit').click();
  await expectRecordedToast(member.page, '你已经举报过此内容，版主会进行审核。');
  expect(errors).toEqual([]);

  const staff = await signedIn(browser, 'zh-CN', ADMIN);
  await openHydrated(staff.page, `${server.url}/admin/review/reports`);
  await expect(staff.page.getByRole('heading', { level: 1, name: '审核队列' })).toBeVisible();
  const card = staff.page.locator(`[data-testid="report-case"][data-type="comment"][data-id="${comment.id}"]`);
  await expect(card.getByTestId('report-count')).toHaveText('1 条举报');
  await expect(card.getByTestId('report-reasons')).toContainText('诈骗 × 1');
  await expectAccessible(staff.page);
  await card.getByTestId('report-dismiss').click();
  await staff.page.getByRole('dialog').getByTestId('confirm-ok').click();
  await expect(card).toHaveCount(0);
  await expect(staff.page.getByTestId('reports-empty')).toBeVisible();
  await staff.context.close();

  await openHydrated(member.page, `${server.url}/user/messages`);
  await expect(member.page.locator('[data-testid="message"][data-message-type="system"]').first()).toContainText('你对“清迈租房”的举报已处理：未采取措施');
  await member.context.close();
});
