/**
 * Members among themselves (issue 28) in Chromium, in both languages, against one fresh installed
 * server (SQLite): a member blocks a topic's author from the author card, the author's topic and
 * comment collapse ("Hidden: you blocked …", one click shows them), and unblocking from the
 * settings' Blocked members list leaves its empty state; a locked topic shows its notice instead
 * of the comment box; slow mode says its pace; a warned member must acknowledge the warning before
 * using the site. axe-core on each screen; no console errors.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { adminToken, apiPost, signUpMember, type Member } from '../support/e2e-members';
import { startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, openHydrated, setLocaleCookie, watchErrors } from '../support/page';

let server: E2eServer;
let admin: string;
let author: Member;
let topicId: number;
let lockedId: number;
let slowId: number;

const WORDS = {
  'en-US': { block: 'Block', hidden: (name: string) => `Hidden: you blocked ${name}`, show: 'Show', empty: 'You have not blocked anyone', locked: 'This topic is locked: no new comments', slow: 'Slow mode: one comment every 2 minutes', warned: 'A formal warning from the moderators', ack: 'I understand' },
  'zh-CN': { block: '屏蔽', hidden: (name: string) => `已隐藏：你屏蔽了 ${name}`, show: '显示', empty: '你还没有屏蔽任何人', locked: '此话题已锁定：不能再发表评论', slow: '慢速模式：每 2 分钟只能评论一次', warned: '来自管理员的正式警告', ack: '我已了解' },
} as const;

test.beforeAll(async ({ playwright }) => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Safety', modules: { tweet: true, topic: true, article: true } } });
  const request = await playwright.request.newContext();
  admin = await adminToken(request, server);
  author = await signUpMember(request, server, 'Nok');
  const me = await request.get(`${server.url}/api/user/current`, { headers: { 'x-user-token': author.token } });
  const authorId = ((await me.json()) as { data: { id: number } }).data.id;
  await apiPost(request, server, '/api/admin/user/verify_email', admin, { userId: authorId });
  topicId = (await apiPost<{ id: number }>(request, server, '/api/topic/create', author.token, { type: 0, title: 'Condo for rent in Ari', content: '<p>Two bedrooms, near the BTS.</p>' })).id;
  await apiPost(request, server, '/api/comment/create', author.token, { entityType: 'topic', entityId: topicId, content: '<p>Still available, message me.</p>', contentType: 'html' });
  lockedId = (await apiPost<{ id: number }>(request, server, '/api/topic/create', admin, { type: 0, title: 'Visa rules changed', content: '<p>Read the announcement.</p>' })).id;
  await apiPost(request, server, `/api/topic/comment_rules/${lockedId}`, admin, { locked: true, slowModeSeconds: 0 });
  slowId = (await apiPost<{ id: number }>(request, server, '/api/topic/create', admin, { type: 0, title: 'Songkran meetup', content: '<p>Who is coming?</p>' })).id;
  await apiPost(request, server, `/api/topic/comment_rules/${slowId}`, admin, { locked: false, slowModeSeconds: 120 });
  await request.dispose();
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

const open = (page: Page, path: string) => openHydrated(page, server.url + path);

async function signInAs(context: BrowserContext, member: Member) {
  await context.addCookies([{ name: 'sabai_token', value: member.token, url: server.url }]);
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  const words = WORDS[locale];

  test(`[${locale}] a block collapses the author's topic and comment (one click shows them); unblocking from settings empties the list`, async ({ page, context }) => {
    test.slow();
    const errors = watchErrors(page);
    await setLocaleCookie(context, server.url, locale);
    const reader = await signUpMember(page.request, server, 'Reader');
    await signInAs(context, reader);

    await open(page, `/topic/${topicId}`);
    await expect(page.getByTestId('blocked-collapsed')).toHaveCount(0);
    await page.getByTestId('author-card').getByTestId('block-button').click();
    await page.getByTestId('confirm-ok').click();
    // The topic's body and the author's comment collapse, in the reader's own browser only.
    const collapsed = page.getByTestId('blocked-collapsed');
    await expect(collapsed).toHaveCount(2);
    await expect(collapsed.first()).toContainText(words.hidden(author.nickname));
    await expect(page.getByText('Still available, message me.')).toHaveCount(0);
    await expectAccessible(page, { label: `collapsed topic ${locale}` });
    await collapsed.last().getByTestId('blocked-show').click();
    await expect(page.getByText('Still available, message me.')).toBeVisible();
    // The feed collapses the author's topic too.
    await open(page, '/topics');
    await expect(page.getByTestId('blocked-collapsed').filter({ hasText: author.nickname }).first()).toBeVisible();

    // Settings: the blocked member, then Unblock, then the empty state.
    await open(page, '/user/profile/blocks');
    const row = page.getByTestId('blocked-row').filter({ hasText: author.nickname });
    await expect(row).toHaveCount(1);
    await expectAccessible(page, { label: `blocked members ${locale}` });
    await row.getByTestId('unblock-row').click();
    await expect(page.getByTestId('empty-state')).toContainText(words.empty);
    await expectAccessible(page, { label: `blocked members empty ${locale}` });
    await open(page, `/topic/${topicId}`);
    await expect(page.getByTestId('blocked-collapsed')).toHaveCount(0);
    await expect(page.getByTestId('author-card').getByTestId('block-button')).toContainText(words.block);
    expect(errors).toEqual([]);
  });

  test(`[${locale}] a locked topic shows its notice instead of the comment box; slow mode says its pace`, async ({ page, context }) => {
    const errors = watchErrors(page);
    await setLocaleCookie(context, server.url, locale);
    const reader = await signUpMember(page.request, server, 'Locked');
    await signInAs(context, reader);
    await open(page, `/topic/${lockedId}`);
    await expect(page.getByTestId('comments-locked')).toHaveText(words.locked);
    await expect(page.getByTestId('comment-section').getByRole('textbox')).toHaveCount(0);
    await expectAccessible(page, { label: `locked topic ${locale}` });
    await open(page, `/topic/${slowId}`);
    await expect(page.getByTestId('comments-slow-mode')).toHaveText(words.slow);
    expect(errors).toEqual([]);
  });

  test(`[${locale}] a warned member must acknowledge the warning`, async ({ page, context }) => {
    const errors = watchErrors(page);
    await setLocaleCookie(context, server.url, locale);
    const member = await signUpMember(page.request, server, 'Warned');
    const me = await page.request.get(`${server.url}/api/user/current`, { headers: { 'x-user-token': member.token } });
    const memberId = ((await me.json()) as { data: { id: number } }).data.id;
    await apiPost(page.request, server, '/api/admin/user/warn', admin, { userId: memberId, reason: 'Please stop posting the same ad in every node.' });
    await signInAs(context, member);
    await open(page, '/');
    const dialog = page.getByTestId('warning-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toHaveText(words.warned);
    await expect(dialog.getByTestId('warning-reason')).toHaveText('Please stop posting the same ad in every node.');
    await expectAccessible(page, { label: `warning ${locale}` });
    // Escape does not dismiss it: only the acknowledgement does.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: words.ack }).click();
    await expect(dialog).toHaveCount(0);
    await open(page, '/topics');
    await expect(page.getByTestId('warning-dialog')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}
