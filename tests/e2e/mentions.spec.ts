/**
 * @-mentions and quote-and-reply (issue 27) in Chromium, in both languages, against one fresh
 * installed server (SQLite): member A types `@` and the start of B's username in the comment
 * editor, picks B from the list with the keyboard (arrows, Enter) and posts; B signs in, sees the
 * header badge and the mention on /user/messages; B selects a sentence of A's comment, presses
 * "Quote", posts the reply with the quote, and A is told. The Markdown editor offers the same
 * list. axe-core on the open list, the messages page and the quoted reply; no console errors.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { adminToken, apiPost, signUpMember, verifyByMail, type Member } from '../support/e2e-members';
import { startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, openHydrated, setLocaleCookie, watchErrors } from '../support/page';

let server: E2eServer;
let topicId: number;
const TOPIC_TITLE = 'Where is the best mango sticky rice';

const WORDS = {
  'en-US': { box: 'Write a comment', submit: 'Comment', mentioned: 'mentioned you in', quoted: 'quoted you in', quote: 'Quote' },
  'zh-CN': { box: '发表评论', submit: '发表评论', mentioned: '中提到了你', quoted: '中引用了你的内容', quote: '引用' },
} as const;

test.beforeAll(async ({ playwright }) => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Mentions' } });
  const request = await playwright.request.newContext();
  const token = await adminToken(request, server);
  topicId = await apiPost<{ id: number }>(request, server, '/api/topic/create', token, { type: 0, title: TOPIC_TITLE, content: '<p>Tell me your favourite stall.</p>' }).then((t) => t.id);
  await request.dispose();
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

const open = (page: Page, path: string) => openHydrated(page, server.url + path);

/** A verified member with a username (the part of it typed after `@` finds them alone). */
async function member(page: Page, label: string): Promise<Member & { username: string }> {
  const signed = await signUpMember(page.request, server, label);
  const username = `${label.slice(0, 1).toLowerCase()}${signed.nickname.slice(signed.nickname.indexOf(' ') + 1)}`.replace(/[^A-Za-z0-9]/g, '').slice(0, 12);
  await apiPost(page.request, server, '/api/user/set_username', signed.token, { username });
  await page.context().addCookies([{ name: 'sabai_token', value: signed.token, url: server.url }]);
  await verifyByMail(page, server, signed);
  return { ...signed, username };
}

async function signInAs(context: BrowserContext, who: Member) {
  await context.clearCookies({ name: 'sabai_token' });
  await context.addCookies([{ name: 'sabai_token', value: who.token, url: server.url }]);
}

/** The header badge's number. */
const badge = (page: Page) => page.getByTestId('message-notice').locator('span[aria-hidden="true"]');

for (const locale of ['en-US', 'zh-CN'] as const) {
  const words = WORDS[locale];

  test(`[${locale}] A mentions B from the list by keyboard; B is told; B quotes A's words and A is told`, async ({ browser }) => {
    test.slow();
    const contextA = await browser.newContext();
    const contextB = await browser.newContext();
    await setLocaleCookie(contextA, server.url, locale);
    await setLocaleCookie(contextB, server.url, locale);
    const pageA = await contextA.newPage();
    const pageB = await contextB.newPage();
    const errorsA = watchErrors(pageA);
    const errorsB = watchErrors(pageB);
    const b = await member(pageB, 'Bea');
    const a = await member(pageA, 'Ari');

    // A writes a comment and mentions B: `@` and the start of B's username open the list.
    await open(pageA, `/topic/${topicId}`);
    const editor = pageA.getByRole('textbox', { name: words.box });
    await editor.click();
    await pageA.keyboard.type(`Ask @${b.username.slice(0, 7)}`);
    const list = pageA.getByRole('listbox');
    await expect(list.getByRole('option')).toHaveCount(1);
    await expect(list.getByRole('option').first()).toContainText(b.nickname);
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await expect(editor).toHaveAttribute('aria-activedescendant', /member/);
    await expectAccessible(pageA, { label: `mention list ${locale}` });
    await pageA.keyboard.press('ArrowDown');
    await pageA.keyboard.press('Enter');
    await expect(list).toHaveCount(0);
    await pageA.keyboard.type(`about the stall near Thonglor ${a.username}. Mangoes are best in April.`);
    await pageA.getByTestId('comment-submit').click();
    const posted = pageA.getByTestId('comment-content').filter({ hasText: a.username });
    await expect(posted.locator('a[href="/user/' + (await userIdOf(pageA, b)) + '"]')).toContainText(`@${b.nickname}`);

    // B: the badge counts the mention; the messages page shows it.
    await open(pageB, '/');
    await expect(badge(pageB)).toHaveText('1');
    await open(pageB, '/user/messages');
    const row = pageB.getByTestId('message').filter({ hasText: words.mentioned });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(a.nickname);
    await expect(row).toContainText(TOPIC_TITLE);
    await expectAccessible(pageB, { label: `messages with a mention ${locale}` });

    // B selects a sentence of A's comment and quotes it into the reply box.
    await open(pageB, `/topic/${topicId}`);
    const aWords = pageB.getByTestId('comment-content').filter({ hasText: a.username });
    await aWords.evaluate((element) => {
      const paragraph = element.querySelector('p') ?? element;
      const text = [...paragraph.childNodes].reverse().find((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').includes('Mangoes'))!;
      const start = text.textContent!.indexOf('Mangoes');
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, start + 'Mangoes are best in April'.length);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
    });
    const quoteButton = pageB.getByTestId('quote-button');
    await expect(quoteButton).toContainText(words.quote);
    // The keyboard reaches it too: focus, then Enter.
    await quoteButton.focus();
    await pageB.keyboard.press('Enter');
    const box = pageB.getByRole('textbox', { name: words.box });
    await expect(box.locator('blockquote')).toContainText('Mangoes are best in April');
    await expect(box.locator('blockquote a')).toContainText(a.nickname);
    // The caret is handed to the box, after the quote.
    await expect(box).toBeFocused();
    await pageB.keyboard.type(`Agreed, April it is, ${b.username}.`);
    await pageB.getByTestId('comment-submit').click();
    const reply = pageB.getByTestId('comment-content').filter({ hasText: `Agreed, April it is, ${b.username}` });
    await expect(reply.locator('blockquote')).toContainText('Mangoes are best in April');
    await expectAccessible(pageB, { label: `quoted reply ${locale}` });

    // A is told of the quote.
    await open(pageA, '/user/messages');
    const quoted = pageA.getByTestId('message').filter({ hasText: words.quoted });
    await expect(quoted).toHaveCount(1);
    await expect(quoted).toContainText(b.nickname);

    expect(errorsA).toEqual([]);
    expect(errorsB).toEqual([]);
    await contextA.close();
    await contextB.close();
  });
}

test('[en-US] the Markdown editor offers the same list and writes @username', async ({ page, context }) => {
  test.slow();
  await setLocaleCookie(context, server.url, 'en-US');
  const errors = watchErrors(page);
  const named = await member(page, 'Mai');
  const writer = await member(page, 'Wan');
  await signInAs(context, writer);
  await open(page, `/topic/${topicId}`);
  await page.getByTestId('comment-box').getByRole('radio', { name: 'Markdown' }).click();
  const area = page.getByTestId('comment-box').locator('textarea');
  await area.click();
  await page.keyboard.type(`Thanks @${named.username.slice(0, 7)}`);
  const list = page.getByRole('listbox');
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(area).toHaveAttribute('aria-controls', /.+/);
  await page.keyboard.press('Tab');
  await expect(area).toHaveValue(`Thanks @${named.username} `);
  // Escape closes the list and leaves what was typed.
  await page.keyboard.type('and @zzzzzz');
  const nobody = page.getByTestId('mention-list');
  await expect(nobody.getByRole('status').first()).toHaveText('No member by that name');
  await page.keyboard.press('Escape');
  await expect(nobody).toHaveCount(0);
  await expect(area).toHaveValue(`Thanks @${named.username} and @zzzzzz`);
  expect(errors).toEqual([]);
});

test('[en-US] with a reply box open, the quote goes into the reply being written', async ({ page, context }) => {
  test.slow();
  await setLocaleCookie(context, server.url, 'en-US');
  const errors = watchErrors(page);
  const quoted = await member(page, 'Noi');
  const replier = await member(page, 'Pim');
  await apiPost(page.request, server, '/api/comment/create', quoted.token, { entityType: 'topic', entityId: topicId, content: `Durian from Chanthaburi ${quoted.username}, the sweetest` });
  await signInAs(context, replier);
  await open(page, `/topic/${topicId}`);
  const thread = page.getByTestId('comment').filter({ hasText: quoted.username });
  await thread.getByTestId('comment-reply').first().click();
  const replyBox = page.getByRole('textbox', { name: `Reply to ${quoted.nickname}` });
  await expect(replyBox).toBeVisible();
  await thread.getByTestId('comment-content').first().evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element.querySelector('p') ?? element);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
  });
  await page.getByTestId('quote-button').click();
  await expect(replyBox.locator('blockquote')).toContainText('Durian from Chanthaburi');
  await expect(page.getByRole('textbox', { name: 'Write a comment' }).locator('blockquote')).toHaveCount(0);
  expect(errors).toEqual([]);
});

async function userIdOf(page: Page, who: Member): Promise<number> {
  const res = await page.request.get(`${server.url}/api/user/current`, { headers: { 'x-user-token': who.token } });
  return ((await res.json()) as { data: { id: number } }).data.id;
}
