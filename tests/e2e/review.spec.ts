/**
 * The review queue in Chromium against one fresh installed server that reviews every new topic
 * and article (issue 16): the staff (the installer's admin) approves one held topic and rejects
 * another with a reason in en-US; the author finds both decisions in their messages, the reason
 * with the rejection. In zh-CN: the queue's article tab with why it was held, and a rejected
 * topic restored from the content table, and a comment held by a forbidden word approved from the
 * queue's Comments tab. axe-core on the screens; no console errors.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { E2E_ADMIN, startServer, type E2eServer } from '../support/e2e-server';
import { adminToken, apiPost, signUpMember, verifyByMail, type Member } from '../support/e2e-members';
import { attachServerOutputOnFailure, openHydrated, setLocaleCookie, watchErrors, recordToasts, expectRecordedToast } from '../support/page';

let server: E2eServer;
let author: Member;
const ADMIN = { username: E2E_ADMIN.username, password: E2E_ADMIN.password };

test.beforeAll(async ({ browser }) => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Review', topicReview: true, articleReview: true } });
  const context = await browser.newContext();
  const page = await context.newPage();
  author = await signUpMember(page.request, server, 'Writer');
  await verifyByMail(page, server, author);
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

test('[en-US] a moderator approves one held topic and rejects another with a reason; the author is told', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const keep = await apiPost<{ id: number; status: number }>(request, server, '/api/topic/create', author.token, { title: 'Night market guide', content: '<p>Where to eat <strong>tonight</strong>.</p>' });
  const drop = await apiPost<{ id: number; status: number }>(request, server, '/api/topic/create', author.token, { title: 'Buy followers cheap', content: '<p>Click here.</p>' });
  expect([keep.status, drop.status]).toEqual([2, 2]);

  const staff = await signedIn(browser, 'en-US', ADMIN);
  const errors = watchErrors(staff.page);
  await openHydrated(staff.page, `${server.url}/admin`);
  await staff.page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Review queue' }).click();
  await expect(staff.page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  const item = (id: number) => staff.page.locator(`[data-testid="review-item"][data-id="${id}"]`);
  await expect(item(keep.id).getByTestId('review-reason')).toContainText('New posts of this kind are reviewed');
  await expect(item(keep.id).getByTestId('review-content').locator('strong')).toHaveText('tonight');
  await expectAccessible(staff.page);

  await item(keep.id).getByTestId('review-approve').click();
  await staff.page.getByRole('dialog').getByTestId('confirm-ok').click();
  await expect(item(keep.id)).toHaveCount(0);

  await item(drop.id).getByTestId('review-reject').click();
  const dialog = staff.page.getByRole('dialog');
  await dialog.getByTestId('reject-submit').click();
  await expect(dialog.getByText('Give the reason the author will read')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Advertising is not allowed here');
  await dialog.getByTestId('reject-submit').click();
  await expect(item(drop.id)).toHaveCount(0);
  await expect(staff.page.getByTestId('review-tab-topic')).toContainText('0');
  expect((await request.get(`${server.url}/api/topic/${keep.id}`)).status()).toBe(200);
  expect((await request.get(`${server.url}/api/topic/${drop.id}`)).status()).toBe(404);
  expect(errors).toEqual([]);
  await staff.context.close();

  const reader = await signedIn(browser, 'en-US', { username: author.email, password: author.password });
  await openHydrated(reader.page, `${server.url}/user/messages`);
  const approved = reader.page.locator('[data-testid="message"][data-message-type="approved"]');
  await expect(approved).toContainText('Your topic “Night market guide” was approved and is now published');
  const rejected = reader.page.locator('[data-testid="message"][data-message-type="rejected"]');
  await expect(rejected).toContainText('Your topic “Buy followers cheap” was not approved');
  await expect(rejected).toContainText('Advertising is not allowed here');
  await reader.context.close();
});

test('[zh-CN] the queue says why an article waits; a rejected topic is restored from the content table', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const article = await apiPost<{ id: number }>(request, server, '/api/article/create', author.token, { title: '清迈周末游', content: '<p>古城和夜市。</p>' });
  const topic = await apiPost<{ id: number }>(request, server, '/api/topic/create', author.token, { title: '误拒的话题', content: '<p>内容</p>' });
  const staff = await signedIn(browser, 'zh-CN', ADMIN);
  const errors = watchErrors(staff.page);
  await apiPost(request, server, '/api/admin/review/reject', await adminToken(request, server), { kind: 'topic', ids: [topic.id], reason: '重复' });

  await openHydrated(staff.page, `${server.url}/admin/review?kind=article`);
  await expect(staff.page.getByRole('heading', { level: 1, name: '审核队列' })).toBeVisible();
  await expect(staff.page.getByTestId('review-tab-article')).toHaveAttribute('aria-current', 'page');
  const item = staff.page.locator(`[data-testid="review-item"][data-id="${article.id}"]`);
  await expect(item.getByTestId('review-reason')).toContainText('此类新内容需要审核');
  await expect(item.getByRole('button', { name: '通过' })).toBeVisible();
  await expectAccessible(staff.page);

  await staff.page.getByRole('navigation', { name: '管理后台' }).getByRole('link', { name: '内容管理' }).click();
  await staff.page.getByLabel('状态').selectOption('deleted');
  await staff.page.getByRole('button', { name: '筛选' }).click();
  const row = staff.page.getByTestId('content-table').locator('tbody tr').filter({ hasText: '误拒的话题' });
  await row.getByTestId('content-actions').click();
  await staff.page.getByRole('menuitem', { name: '恢复' }).click();
  await recordToasts(staff.page);
  await staff.page.getByRole('dialog').getByTestId('confirm-ok').click();
  await expectRecordedToast(staff.page, '已恢复');
  await expect(row).toHaveCount(0);
  await expectAccessible(staff.page);
  expect((await request.get(`${server.url}/api/topic/${topic.id}`)).status()).toBe(200);

  // A comment held by a forbidden word waits in the Comments tab, named by its topic; approved, it is listed.
  const admin = await adminToken(request, server);
  await apiPost(request, server, '/api/admin/words/create', admin, { pattern: 'casino', kind: 'word', action: 'review' });
  const host = await apiPost<{ id: number }>(request, server, '/api/topic/create', admin, { title: '夜市美食', content: '<p>推荐</p>' });
  // The author writes it on the page: told it waits for review, and it is not shown as posted.
  const writer = await signedIn(browser, 'zh-CN', { username: author.email, password: author.password });
  await openHydrated(writer.page, `${server.url}/topic/${host.id}`);
  const box = writer.page.getByTestId('comment-box');
  await box.getByRole('textbox').click();
  await writer.page.keyboard.type('去 casino 吗');
  const created = writer.page.waitForResponse((res) => res.url().endsWith('/api/comment/create'));
  await recordToasts(writer.page);
  await box.getByTestId('comment-submit').click();
  const held = ((await (await created).json()) as { data: { id: number } }).data;
  await expectRecordedToast(writer.page, '你的评论需要管理员审核，通过后其他人才能看到');
  await expect(writer.page.getByTestId('comment').filter({ hasText: 'casino' })).toHaveCount(0);
  await writer.context.close();
  await openHydrated(staff.page, `${server.url}/admin/review?kind=comment`);
  const comment = staff.page.locator(`[data-testid="review-item"][data-id="${held.id}"]`);
  await expect(comment.getByRole('heading', { name: '话题「夜市美食」下的评论' })).toBeVisible();
  await expect(comment.getByTestId('review-reason')).toContainText('包含违禁词：casino');
  await expectAccessible(staff.page);
  await comment.getByTestId('review-approve').click();
  await staff.page.getByRole('dialog').getByTestId('confirm-ok').click();
  await expect(comment).toHaveCount(0);
  await expect(staff.page.getByTestId('review-tab-comment')).toContainText('0');
  const listed = await (await request.get(`${server.url}/api/comment/comments?entityType=topic&entityId=${host.id}`)).json();
  expect(listed.data.results.map((c: { id: number }) => c.id)).toContain(held.id);
  expect(errors).toEqual([]);
  await staff.context.close();
});
