/**
 * Reporting and blocking from a conversation, and staff reading it through the report (issue 28),
 * in Chromium, in both languages, against one fresh installed server (SQLite). Alice writes to
 * Bob; Bob reports her message from the conversation page (the flag beside it); a moderator opens
 * the Reports tab, reads the conversation from the card (an audited POST: the audit log shows the
 * read), removes the reported message after confirming; Bob's page shows it removed. Then Bob
 * blocks Alice from the conversation's header: his composer gives way to "You blocked Alice",
 * and Alice's composer refuses to send with the translated reason. axe-core on the conversation
 * with its actions, the report dialog, the staff view; no console errors.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { signedInPerson, type Person } from '../support/e2e-members';
import { E2E_ADMIN, startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, openHydrated, setLocaleCookie, watchErrors, recordToasts, expectRecordedToast } from '../support/page';

let server: E2eServer;

const WORDS = {
  'en-US': {
    box: 'Your message',
    report: 'Report this message',
    close: 'Close',
    reportSent: 'Thank you. Your report was sent to the moderators.',
    read: 'Read the conversation',
    audited: 'Your reading is recorded in the audit log.',
    staffTitle: 'Reported conversation',
    removed: 'This message was removed by a moderator.',
    auditRead: 'Read a reported conversation',
    auditRemove: 'Removed a conversation message',
    blockedNotice: (name: string) => `You blocked ${name}: unblock them to write again.`,
    refused: (name: string) => `You cannot message ${name}`,
  },
  'zh-CN': {
    box: '你的私信',
    report: '举报此私信',
    close: '关闭',
    reportSent: '谢谢。你的举报已发送给版主。',
    read: '查看对话',
    audited: '你的查看会记录在审计日志中。',
    staffTitle: '被举报的对话',
    removed: '这条消息已被管理员删除。',
    auditRead: '查看被举报的对话',
    auditRemove: '删除对话消息',
    blockedNotice: (name: string) => `你已屏蔽 ${name}：解除屏蔽后才能继续发消息。`,
    refused: (name: string) => `你不能给 ${name} 发私信`,
  },
} as const;

test.beforeAll(async () => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Safety' } });
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

const person = (browser: Browser, locale: 'en-US' | 'zh-CN', label: string): Promise<Person> => signedInPerson(browser, server, locale, label);

async function moderator(browser: Browser, locale: 'en-US' | 'zh-CN'): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext();
  await setLocaleCookie(context, server.url, locale);
  const page = await context.newPage();
  const errors = watchErrors(page);
  const res = await page.request.post(`${server.url}/api/login/signin`, { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
  expect(res.status()).toBe(200);
  return { context, page, errors };
}

const open = (page: Page, path: string) => openHydrated(page, server.url + path);

async function write(page: Page, box: string, text: string): Promise<void> {
  const editor = page.getByTestId('message-box').getByRole('textbox', { name: box });
  await editor.click();
  await page.keyboard.type(text);
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  const words = WORDS[locale];

  test(`[${locale}] a member reports a message; staff read the conversation (audited) and remove it; a block stops the other's composer`, async ({ browser }) => {
    test.setTimeout(180_000);
    const alice = await person(browser, locale, 'Alice');
    const bob = await person(browser, locale, 'Bob');
    const started = await alice.page.request.post(`${server.url}/api/conversation/start`, {
      headers: { 'x-user-token': alice.member.token },
      data: { userIds: [bob.id], content: 'Send me your passport and 5000 baht for the visa' },
    });
    expect(started.status(), await started.text()).toBe(200);
    const { id: conversationId, message } = ((await started.json()) as { data: { id: number; message: { id: number } } }).data;

    // Bob reports Alice's message from the conversation page: a flag beside her bubble, none beside his own.
    await open(bob.page, `/conversations/${conversationId}`);
    await write(bob.page, words.box, 'Who are you?');
    await bob.page.getByTestId('message-send').click();
    const mine = bob.page.locator('[data-testid="conversation-message"][data-mine="true"]');
    await expect(mine).toHaveCount(1);
    await expect(mine.getByTestId('report-conversation_message')).toHaveCount(0);
    const hers = bob.page.locator(`[data-testid="conversation-message"][data-message-id="${message.id}"]`);
    await expect(bob.page.getByTestId('block-button')).toBeVisible();
    await expectAccessible(bob.page, { label: `conversation with actions ${locale}` });
    await hers.getByRole('button', { name: words.report }).click();
    const dialog = bob.page.getByRole('dialog', { name: words.report });
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('report-reason-scam').check();
    await expectAccessible(bob.page, { label: `report dialog ${locale}` });
    await recordToasts(bob.page);
    await dialog.getByTestId('report-submit').click();
    await expect(dialog).toHaveCount(0);
    await expectRecordedToast(bob.page, words.reportSent);

    // The moderator: the card reads the conversation (a POST, on the record), the reported message marked.
    const staff = await moderator(browser, locale);
    await open(staff.page, '/admin/review/reports');
    const card = staff.page.locator(`[data-testid="report-case"][data-type="conversation_message"][data-id="${message.id}"]`);
    await expect(card).toContainText(words.audited);
    const read = staff.page.waitForResponse((res) => res.url().endsWith(`/api/admin/conversation/${conversationId}/view`) && res.request().method() === 'POST');
    await card.getByRole('button', { name: words.read }).click();
    expect((await read).status()).toBe(200);
    const view = staff.page.getByRole('dialog', { name: words.staffTitle });
    await expect(view.getByTestId('staff-members')).toContainText(alice.member.nickname);
    await expect(view.getByTestId('staff-members')).toContainText(bob.member.nickname);
    const reported = view.locator(`[data-testid="staff-message"][data-message-id="${message.id}"]`);
    await expect(reported).toHaveAttribute('data-reported', 'true');
    await expect(view.getByTestId('staff-message')).toHaveCount(2);
    await expectAccessible(staff.page, { label: `staff view ${locale}` });

    // Remove, after confirming: the view says removed; so does Bob's page after a reload.
    await reported.getByTestId('staff-message-remove').click();
    await staff.page.getByTestId('confirm-ok').click();
    await expect(reported.getByTestId('staff-message-removed')).toBeVisible();
    await expect(reported.getByTestId('staff-message-remove')).toHaveCount(0);
    await view.getByRole('button', { name: words.close }).click();
    await expect(view).toHaveCount(0);

    // The audit log records the read and the removal.
    await open(staff.page, '/admin/audit?targetType=conversation');
    const actions = staff.page.getByTestId('audit-action');
    await expect(actions.filter({ hasText: words.auditRead }).first()).toBeVisible();
    await expect(actions.filter({ hasText: words.auditRemove }).first()).toBeVisible();

    await open(bob.page, `/conversations/${conversationId}`);
    await expect(hers).toContainText(words.removed);
    await expect(hers.getByTestId('report-conversation_message')).toHaveCount(0);

    // Bob blocks Alice from the header: his composer gives way to the notice (with Unblock).
    await bob.page.getByTestId('block-button').click();
    await bob.page.getByRole('dialog').getByTestId('confirm-ok').click();
    const notice = bob.page.getByTestId('conversation-blocked-notice');
    await expect(notice).toContainText(words.blockedNotice(alice.member.nickname));
    await expect(notice.getByTestId('unblock-button')).toBeVisible();
    await expect(bob.page.getByTestId('message-box')).toHaveCount(0);
    await expectAccessible(bob.page, { label: `conversation blocked ${locale}` });

    // Alice's composer refuses to send, with the reason.
    await open(alice.page, `/conversations/${conversationId}`);
    await write(alice.page, words.box, 'Why no answer?');
    const refused = alice.page.waitForResponse((res) => res.url().endsWith(`/api/conversation/${conversationId}/send`));
    await alice.page.getByTestId('message-send').click();
    expect((await refused).status()).toBe(403);
    await expect(alice.page.getByTestId('message-error')).toHaveText(words.refused(bob.member.nickname));
    await expect(alice.page.getByTestId('conversation-message').filter({ hasText: 'Why no answer?' })).toHaveCount(0);

    // Unblocking brings Bob's composer back.
    await notice.getByTestId('unblock-button').click();
    await expect(bob.page.getByTestId('message-box')).toBeVisible();

    for (const p of [alice, bob, staff]) {
      expect(p.errors).toEqual([]);
      await p.context.close();
    }
  });
}
