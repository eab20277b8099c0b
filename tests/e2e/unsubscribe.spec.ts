/**
 * One-click unsubscribe from a notification mail (issue 27), in Chromium against a real server,
 * in both languages: a member who takes comment mails gets one (the job runs in the server), opens
 * its unsubscribe link, reads what will be turned off, confirms, and sees it done with a link to
 * the notification settings; opening the link alone changed nothing. A changed token gets a clear
 * error. axe-core runs on every state of the page.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { startServer, type E2eServer } from '../support/e2e-server';
import { apiPost, signUpMember, verifyByMail, type Member } from '../support/e2e-members';
import { linkUrl, waitForEml } from '../support/mail';
import { openHydrated, setLocaleCookie } from '../support/page';

let server: E2eServer;

test.describe.configure({ timeout: 180_000 });

test.beforeEach(async () => {
  server = await startServer({ installed: true });
});

// eslint-disable-next-line no-empty-pattern -- Playwright reads fixtures from a destructuring pattern; none needed here
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && server) await testInfo.attach('server output', { body: server.output(), contentType: 'text/plain' });
  await server?.stop();
});

const WORDS = {
  'en-US': { title: 'Unsubscribe', confirm: 'This turns off e-mails about comments on your posts for', button: 'Turn off', done: 'Done: e-mails about comments on your posts are turned off.', settings: 'Notification settings', invalid: 'This unsubscribe link is not valid' },
  'zh-CN': { title: '退订邮件', confirm: '关闭帖子收到评论的邮件', button: '关闭', done: '已关闭帖子收到评论的邮件。', settings: '通知设置', invalid: '此退订链接无效' },
} as const;

/** The comment-mail switch of a member, as their settings answer it. */
async function commentMails(page: Page, member: Member): Promise<boolean> {
  const res = await page.request.get(`${server.url}/api/user/settings`, { headers: { 'x-user-token': member.token } });
  return ((await res.json()) as { data: { replyMail: boolean } }).data.replyMail;
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`a comment mail's unsubscribe link asks, then turns comment mails off [${locale}]`, async ({ page, context }) => {
    const words = WORDS[locale];
    await setLocaleCookie(context, server.url, locale);
    const author = await signUpMember(page.request, server, 'Author');
    const reader = await signUpMember(page.request, server, 'Reader');
    await verifyByMail(page, server, author);
    await verifyByMail(page, server, reader);
    // The author takes mails about comments on their topics; the reader comments.
    await apiPost(page.request, server, '/api/user/settings', author.token, { replyMail: true });
    const topic = await apiPost<{ id: number }>(page.request, server, '/api/topic/create', author.token, { title: 'Songkran water fights', content: '<p>Who is in?</p>', contentType: 'html' });
    await apiPost(page.request, server, '/api/comment/create', reader.token, { entityType: 'topic', entityId: topic.id, content: 'Count me in' });
    const mail = await waitForEml(server.dataDir, author.email, { subject: reader.nickname, timeoutMs: 20_000 });
    expect(mail.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const link = linkUrl(mail, '/unsubscribe');
    expect(link).toBeTruthy();
    const { pathname, search } = new URL(link!);

    await openHydrated(page, server.url + pathname + search);
    await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
    await expect(page.getByText(words.confirm)).toBeVisible();
    await expect(page.getByText(author.nickname)).toBeVisible();
    await expectNoSeriousA11yViolations(page, `unsubscribe asks [${locale}]`);
    // Opening the link changed nothing.
    expect(await commentMails(page, author)).toBe(true);

    await page.getByRole('button', { name: words.button, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: words.done })).toBeVisible();
    await expect(page.getByRole('link', { name: words.settings })).toHaveAttribute('href', '/user/profile/notifications');
    await expectNoSeriousA11yViolations(page, `unsubscribe done [${locale}]`);
    expect(await commentMails(page, author)).toBe(false);

    // A changed token: a clear error, no button.
    const params = new URLSearchParams(search);
    const token = params.get('token')!;
    const tampered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    await openHydrated(page, `${server.url}/unsubscribe?token=${tampered}`);
    await expect(page.getByRole('alert').filter({ hasText: words.invalid })).toBeVisible();
    await expect(page.getByRole('button', { name: words.button, exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, `unsubscribe invalid [${locale}]`);
  });
}
