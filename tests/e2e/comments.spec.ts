/**
 * Comment, like, favorite and message journeys (issue 6) in Chromium against one fresh installed
 * server (SQLite): member A posts a topic with hidden content; member B (a second browser
 * context) is refused an empty comment, comments, which unlocks the hidden content, likes the
 * topic; A's header badge changes without a reload (Server-Sent Events); A replies to B with
 * the reply box; A opens the message and lands on the comment; B favorites the topic and finds
 * it in /user/favorites, then removes it. A comment posted while later pages remain unloaded
 * shows at once. axe-core on the topic page with comments, the messages page and the favorites
 * page (light and dark); no console errors.
 */
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, expectRecordedToast, openHydrated, recordToasts, watchErrors } from '../support/page';
import { apiPost as apiPostAs, signUpMember, verifyByMail as verifyMemberByMail, type Member } from '../support/e2e-members';

let server: E2eServer;

test.beforeAll(async () => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Comments' } });
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

const open = (page: Page, path: string) => openHydrated(page, server.url + path);

/**
 * Runs `action` and expects the toast `text`. Success toasts last 800 ms (spec §9), shorter than
 * a poll on a busy machine: the page records every toast it shows from before the action on.
 */
async function expectToast(page: Page, text: string, action: () => Promise<void>) {
  await recordToasts(page);
  await action();
  await expectRecordedToast(page, text);
}

const signUp = (request: APIRequestContext, label: string) => signUpMember(request, server, label);
const verifyByMail = (page: Page, member: Member) => verifyMemberByMail(page, server, member);
/** The unique part of a member's nickname: keeps titles apart across runs. */
const tagOf = (member: Member) => member.nickname.slice(member.nickname.indexOf(' ') + 1);
const apiPost = <T>(request: APIRequestContext, path: string, token: string, data: Record<string, unknown>) => apiPostAs<T>(request, server, path, token, data);

async function newMember(browser: Browser, label: string): Promise<{ context: BrowserContext; page: Page; member: Member; errors: string[] }> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'locale', value: 'en-US', url: server.url }]);
  const page = await context.newPage();
  const errors = watchErrors(page);
  const member = await signUp(page.request, label);
  return { context, page, member, errors };
}

/** The header badge's number ('' when there is none). */
function badge(page: Page) {
  return page.getByTestId('message-notice').locator('span[aria-hidden="true"]');
}

async function writeIn(page: Page, box: string, text: string) {
  const editor = page.getByRole('textbox', { name: box });
  await editor.click();
  await page.keyboard.type(text);
}

test('B comments and likes A’s topic; A’s badge moves without reload, the message lands on the comment; B’s favorite shows in /user/favorites', async ({ browser }) => {
  test.setTimeout(180_000); // a long journey with three browser contexts on a shared machine
  const a = await newMember(browser, 'Alice');
  await verifyByMail(a.page, a.member);
  const title = `Best noodle soup near On Nut ${tagOf(a.member)}`;
  const topic = await apiPost<{ id: number }>(a.page.request, '/api/topic/create', a.member.token, {
    title,
    content: '<p>Looking for boat noodles that are not too sweet.</p>',
    contentType: 'html',
    hideContent: '<p>My own pick: the stall behind the BTS exit 2.</p>',
  });

  // A waits on the topic page: no unread messages yet.
  await open(a.page, `/topic/${topic.id}`);
  await expect(a.page.getByTestId('comments-empty')).toBeVisible();
  await expect(badge(a.page)).toHaveCount(0);

  // An anonymous reader gets a sign-in prompt instead of the box.
  const anonymous = await browser.newContext();
  const anonPage = await anonymous.newPage();
  await anonPage.goto(`${server.url}/topic/${topic.id}`);
  await expect(anonPage.getByTestId('comment-signin')).toContainText('Sign in to join the conversation.');
  await expect(anonPage.getByTestId('comment-box')).toHaveCount(0);
  // The user-center pages need a signed-in reader.
  await anonPage.goto(`${server.url}/user/messages`);
  await expect(anonPage).toHaveURL(`${server.url}/user/signin?redirect=%2Fuser%2Fmessages`);
  await anonPage.goto(`${server.url}/user/favorites`);
  await expect(anonPage).toHaveURL(`${server.url}/user/signin?redirect=%2Fuser%2Ffavorites`);
  await anonymous.close();

  // B: an empty comment is refused before any request, then a real one is posted.
  const b = await newMember(browser, 'Bob');
  await open(b.page, `/topic/${topic.id}`);
  await expect(b.page.getByTestId('hidden-content-locked')).toBeVisible();
  await b.page.getByTestId('comment-box').getByTestId('comment-submit').click();
  await expect(b.page.getByTestId('comment-error')).toHaveText('A comment needs content');
  await writeIn(b.page, 'Write a comment', 'Try Kuay Teow Reua Khun Daeng, soi 77.');
  await expectToast(b.page, 'Submission successful', async () => {
    await b.page.getByTestId('comment-box').getByTestId('comment-submit').click();
  });
  const comment = b.page.getByTestId('comment').filter({ hasText: 'Khun Daeng' });
  await expect(comment).toBeVisible();
  await expect(comment).toContainText(b.member.nickname);
  await expect(comment.locator('time')).toHaveText('just now');
  const commentId = Number(await comment.getAttribute('data-comment-id'));
  expect(commentId).toBeGreaterThan(0);
  // Commenting unlocks the hidden content (the page's loaders ran again).
  await expect(b.page.getByTestId('hidden-content')).toContainText('behind the BTS exit 2');
  await expect(b.page.getByTestId('comment-count')).toContainText('1 comment');

  // A's badge: the comment arrives without a reload.
  await expect(badge(a.page)).toHaveText('1');
  await expect(a.page.getByTestId('message-notice').locator('svg')).toHaveClass(/animate-notice-flash/);

  // B likes the topic: A's badge moves again.
  await expectToast(b.page, 'Like successful', async () => {
    await b.page.getByTestId('like-button').click();
  });
  await expect(badge(a.page)).toHaveText('2');

  // A reloads to see B's comment, likes it and replies with the reply box.
  await a.page.reload();
  await expect(a.page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const onA = a.page.getByTestId('comment').filter({ hasText: 'Khun Daeng' });
  await expectToast(a.page, 'Like successful', async () => {
    await onA.getByTestId('comment-like').click();
  });
  await expect(onA.getByTestId('comment-like')).toHaveAttribute('aria-pressed', 'true');
  await onA.getByTestId('comment-reply').click();
  await writeIn(a.page, `Reply to ${b.member.nickname}`, 'Thanks, going tonight!');
  await expectToast(a.page, 'Submission successful', async () => {
    await a.page.getByTestId('comment-thread').getByTestId('comment-submit').click();
  });
  await expect(a.page.getByTestId('reply').filter({ hasText: 'going tonight' })).toBeVisible();
  await expectAccessible(a.page, { label: 'topic page with comments (author)' });

  // B is told about the reply and the like, live.
  await expect(badge(b.page)).toHaveText('2');

  // A opens the messages from the header and lands on the comment.
  await a.page.getByTestId('message-notice').click();
  await expect(a.page).toHaveURL(`${server.url}/user/messages`);
  await expect(a.page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const messages = a.page.getByTestId('message');
  await expect(messages).toHaveCount(2);
  // Grouped by kind: what people said, then what they did; each group counts its unread.
  await expect(a.page.getByTestId('message-group').getByRole('heading', { level: 2 })).toHaveText(['Comments and replies 1 new', 'Likes and favorites 1 new']);
  const reactions = a.page.getByRole('region', { name: /^Likes and favorites/ });
  await expect(reactions.getByTestId('message')).toContainText(`${b.member.nickname} liked your topic`);
  const commented = messages.filter({ hasText: 'commented on your topic' });
  await expect(commented).toContainText('Kuay Teow Reua Khun Daeng');
  await expect(commented.getByTestId('message-unread')).toHaveCount(1);
  // The page marks the messages it shows read (a POST once the tab is visible): the badge goes
  // away without a reload, while they keep their unread look for this visit.
  await expect(badge(a.page)).toHaveCount(0);
  await expect(commented).toHaveAttribute('data-unread', 'true');
  await expectAccessible(a.page, { label: 'messages' });

  await commented.getByTestId('message-link').click();
  await expect(a.page).toHaveURL(`${server.url}/topic/${topic.id}#comment-${commentId}`);
  const target = a.page.locator(`#comment-${commentId}`);
  await expect(target).toBeInViewport();
  await expect(target).toHaveClass(/ring-2/);

  // B favorites the topic and finds it in /user/favorites.
  await expectToast(b.page, 'Favorite successful', async () => {
    await b.page.getByTestId('favorite-button').click();
  });
  await open(b.page, '/user/favorites');
  await expect(b.page.getByRole('heading', { level: 1, name: 'Favorites' })).toBeVisible();
  await expect(b.page.getByRole('navigation', { name: 'User center' }).getByRole('link')).toHaveText(['Scores', 'Messages', 'Favorites']);
  const favorite = b.page.getByTestId('favorite');
  await expect(favorite).toHaveCount(1);
  await expect(favorite.getByTestId('favorite-link')).toHaveText(title);
  await expect(favorite.getByTestId('favorite-link')).toHaveAttribute('href', `/topic/${topic.id}`);
  await expectAccessible(b.page, { label: 'favorites' });

  // B's messages: the reply quotes B's comment and links to A's reply.
  await open(b.page, '/user/messages');
  const reply = b.page.getByTestId('message').filter({ hasText: 'replied to your comment' });
  await expect(reply).toContainText('Thanks, going tonight!');
  await expect(reply.locator('blockquote')).toContainText('Khun Daeng');
  await expect(reply.getByTestId('message-unread')).toHaveCount(1);
  await expectToast(b.page, 'All messages marked read', async () => {
    await b.page.getByTestId('messages-mark-all-read').click();
  });
  await expect(b.page.getByTestId('message-unread')).toHaveCount(0);
  await expect(b.page.getByTestId('message-group-unread')).toHaveCount(0);
  await expect(b.page.getByTestId('messages-mark-all-read')).toHaveCount(0);
  await b.page.evaluate(() => document.documentElement.classList.add('dark'));
  await expectAccessible(b.page, { label: 'messages (dark)' });
  await b.page.evaluate(() => document.documentElement.classList.remove('dark'));

  // Removing the favorite empties the list.
  await open(b.page, '/user/favorites');
  await expectToast(b.page, 'Removed from favorites', async () => {
    await b.page.getByTestId('favorite-remove').click();
  });
  await expect(b.page.getByTestId('empty-state')).toContainText('No favorites yet');

  expect(a.errors).toEqual([]);
  expect(b.errors).toEqual([]);
  await a.context.close();
  await b.context.close();
});

test('a member deletes their own comment after confirming; more replies load on demand; comment links land on hidden replies and later pages; a new comment shows while pages remain', async ({ browser }) => {
  const a = await newMember(browser, 'Carol');
  await verifyByMail(a.page, a.member);
  const topic = await apiPost<{ id: number }>(a.page.request, '/api/topic/create', a.member.token, { title: `Songkran plans ${tagOf(a.member)}`, content: '<p>Where to go?</p>', contentType: 'html' });
  const first = await apiPost<{ id: number }>(a.page.request, '/api/comment/create', a.member.token, { entityType: 'topic', entityId: topic.id, content: 'Chiang Mai, the moat.', contentType: 'text' });
  const replyIds: number[] = [];
  for (let i = 1; i <= 5; i++) {
    const reply = await apiPost<{ id: number }>(a.page.request, '/api/comment/create', a.member.token, { entityType: 'comment', entityId: first.id, content: `Reply number ${i}`, contentType: 'text' });
    replyIds.push(reply.id);
  }
  await apiPost(a.page.request, '/api/comment/create', a.member.token, { entityType: 'topic', entityId: topic.id, content: 'Silom road is wild.', contentType: 'text' });

  await open(a.page, `/topic/${topic.id}`);
  const thread = a.page.getByTestId('comment-thread').first();
  await expect(thread.getByTestId('reply')).toHaveCount(3);
  await thread.getByTestId('more-replies').click();
  await expect(thread.getByTestId('reply')).toHaveCount(5);
  await expect(thread.getByTestId('more-replies')).toHaveCount(0);

  const silom = a.page.getByTestId('comment').filter({ hasText: 'Silom road' });
  await silom.getByTestId('comment-delete').click();
  await expect(a.page.getByRole('dialog', { name: 'Delete this comment?' })).toBeVisible();
  await expectToast(a.page, 'Comment deleted', async () => {
    await a.page.getByTestId('confirm-ok').click();
  });
  await expect(silom).toHaveCount(0);
  await a.page.reload();
  await expect(a.page.getByTestId('comment').filter({ hasText: 'Silom road' })).toHaveCount(0);
  await expect(a.page.getByTestId('comment-count')).toContainText('6 comments');

  // A link to a reply hidden behind "show more" opens that thread and lands on it.
  await open(a.page, `/topic/${topic.id}#comment-${replyIds[4]}`);
  await expect(a.page.locator(`#comment-${replyIds[4]}`)).toBeInViewport();
  await expect(a.page.locator(`#comment-${replyIds[4]}`)).toHaveClass(/ring-2/);

  // A link to a comment on a later page loads pages until it is there.
  let last = 0;
  for (let i = 1; i <= 21; i++) {
    last = (await apiPost<{ id: number }>(a.page.request, '/api/comment/create', a.member.token, { entityType: 'topic', entityId: topic.id, content: `Filler ${i}`, contentType: 'text' })).id;
  }
  await open(a.page, '/'); // (a goto that only changes the hash would not load the page again)
  await open(a.page, `/topic/${topic.id}#comment-${last}`);
  await expect(a.page.locator(`#comment-${last}`)).toBeInViewport();
  await expect(a.page.locator(`#comment-${last}`)).toHaveClass(/ring-2/);
  await expect(a.page.getByTestId('comments-more')).toHaveCount(0);

  // A comment posted while later pages are not loaded yet shows at once, at the end; the
  // pages loaded afterwards go before it, without a duplicate.
  await open(a.page, '/');
  await open(a.page, `/topic/${topic.id}`);
  await expect(a.page.getByTestId('comments-more')).toBeVisible();
  await writeIn(a.page, 'Write a comment', 'Posted before the last page loaded.');
  await expectToast(a.page, 'Submission successful', async () => {
    await a.page.getByTestId('comment-box').getByTestId('comment-submit').click();
  });
  const posted = a.page.getByTestId('comment').filter({ hasText: 'Posted before the last page loaded.' });
  await expect(posted).toBeInViewport();
  await a.page.getByTestId('comments-more').click();
  await expect(a.page.getByTestId('comments-more')).toHaveCount(0);
  await expect(a.page.getByTestId('comment').filter({ hasText: 'Filler 21' })).toHaveCount(1);
  await expect(posted).toHaveCount(1);
  await expect(a.page.getByTestId('comment-thread').last()).toContainText('Posted before the last page loaded.');
  expect(a.errors).toEqual([]);
  await a.context.close();
});

test('when the event stream keeps failing, the badge falls back to polling msg_recent', async ({ browser }) => {
  const a = await newMember(browser, 'Dana');
  await verifyByMail(a.page, a.member);
  const topic = await apiPost<{ id: number }>(a.page.request, '/api/topic/create', a.member.token, { title: `Ferry times to Koh Tao ${tagOf(a.member)}`, content: '<p>Morning or night boat?</p>', contentType: 'html' });
  let streams = 0;
  let polls = 0;
  await a.page.route('**/api/user/events', async (route) => {
    streams += 1;
    await route.abort('connectionreset');
  });
  a.page.on('request', (request) => {
    if (request.url().endsWith('/api/user/msg_recent')) polls += 1;
  });
  await open(a.page, `/topic/${topic.id}`);
  await expect(badge(a.page)).toHaveCount(0);

  const b = await newMember(browser, 'Eve');
  await apiPost(b.page.request, '/api/comment/create', b.member.token, { entityType: 'topic', entityId: topic.id, content: 'The night boat, sleep on the way.', contentType: 'text' });

  // Three failed connections (the browser retries every few seconds), then msg_recent answers.
  await expect(badge(a.page)).toHaveText('1', { timeout: 30_000 });
  expect(streams).toBeGreaterThanOrEqual(3);
  expect(polls).toBeGreaterThanOrEqual(1);
  // A's own "Connection reset" console lines are the test's doing; nothing else went wrong.
  expect(a.errors.filter((e) => !/api\/user\/events|ERR_CONNECTION_RESET/.test(e))).toEqual([]);
  await a.context.close();
  await b.context.close();
});
