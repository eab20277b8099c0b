/**
 * Topic journeys (issue 4) in Chromium against one fresh installed server (SQLite) for the file:
 * a verified member posts a topic (rich text, tags with autocomplete) and a tweet with a picture
 * and a tag, finds both on home and edits the topic; with tweets switched off their mode is neither offered
 * nor reachable (a second server); an unverified member is told to verify and follows the link; the
 * installer's admin (a moderator) pins and recommends a topic, which then leads the home feed
 * and the recommended tab, and deletes one after confirming; feeds page with "Load more" and
 * announce their RSS feeds; topic pages as the server renders them (canonical and description,
 * hidden content locked for others, the pending-review notice for the author); the same posting
 * journey in Chinese with a like. Members are created through the API and verified
 * through the real e-mail link (the `.eml` the server writes without SMTP). axe-core on every
 * page built here; no console errors (hydration mismatches would show up there).
 */
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from '../support/axe';
import { E2E_ADMIN, startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, expectRecordedToast, openHydrated, openRecordingToasts, setLocaleCookie, watchErrors } from '../support/page';
import { adminToken as signInAdmin, apiPost as apiPostAs, signUpMember, verifyByMail as verifyMemberByMail, type Member } from '../support/e2e-members';

let server: E2eServer;

test.beforeAll(async () => {
  // startServer records the address it listens on as the site address (canonical links and
  // feed addresses are built from it).
  server = await startServer({
    installed: true,
    settings: { siteTitle: 'Sabai Topics', siteDescription: 'Everyday life in Thailand, shared.' },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

const setLocale = (context: BrowserContext, locale: 'en-US' | 'zh-CN') => setLocaleCookie(context, server.url, locale);

const open = (page: Page, path: string) => openRecordingToasts(page, server.url + path);

const signUp = (request: APIRequestContext, label: string) => signUpMember(request, server, label);
const verifyByMail = (page: Page, member: Member) => verifyMemberByMail(page, server, member);
const adminToken = (request: APIRequestContext) => signInAdmin(request, server);
const apiPost = <T>(request: APIRequestContext, path: string, token: string, data: Record<string, unknown>) => apiPostAs<T>(request, server, path, token, data);

async function tinyPng(): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 20, g: 150, b: 140 } } })
    .png()
    .toBuffer();
}

test('a verified member posts a topic with tags and a tweet with a picture, and finds both on home', async ({ page, context }) => {
  const errors = watchErrors(page);
  await setLocale(context, 'en-US');
  const member = await signUp(page.request, 'Poster');
  await verifyByMail(page, member);

  // A first topic creates the tag the second one will find by autocomplete.
  await open(page, '/topic/create');
  await expect(page.getByRole('heading', { level: 1, name: 'New topic' })).toBeVisible();
  await expect(page.getByTestId('verify-email-notice')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Content' })).toBeVisible();
  await expectAccessible(page, { label: 'create topic' });

  // Empty submit: the spec's messages under the fields, before any request.
  await page.getByTestId('submit-topic').click();
  await expect(page.getByText('Please enter a title')).toBeVisible();
  await expect(page.getByText('Please enter some content')).toBeVisible();

  const title = `Extending a tourist visa in Bangkok <b>${member.nickname.slice(member.nickname.indexOf(' ') + 1)}</b>`;
  await page.getByLabel('Title').fill(title);
  await page.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('Bring your passport, one photo and 1,900 baht. Arrive before eight.');
  const tags = page.getByTestId('tag-input-field');
  await tags.fill('visa-run');
  await tags.press('Enter');
  await tags.fill('bangkok');
  await tags.press(',');
  await expect(page.getByTestId('tag-input').getByRole('listitem')).toHaveText(['visa-run', 'bangkok']);
  await page.getByTestId('submit-topic').click();

  await expectRecordedToast(page, 'Submission successful');
  await expect(page).toHaveURL(/\/topic\/\d+$/);
  // The title is text, never markup.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByTestId('topic-content')).toContainText('Bring your passport');
  await expect(page.getByRole('link', { name: 'visa-run' })).toHaveAttribute('href', /\/topics\/tag\/\d+$/);
  await expect(page.getByTestId('author-card')).toContainText(member.nickname);
  await expect(page.getByTestId('edit-topic')).toBeVisible();
  // Search-engine meta: the canonical address and the opening words as the description.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', page.url());
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Bring your passport, one photo and 1,900 baht. Arrive before eight.');
  await expectAccessible(page, { label: 'topic page (author)' });
  const topicUrl = page.url();

  // Tags autocomplete from the existing ones.
  await open(page, '/topic/create');
  await page.getByTestId('tag-input-field').fill('visa');
  const option = page.getByRole('option', { name: /visa-run/ });
  await expect(option).toBeVisible();
  await expectAccessible(page, { label: 'tag suggestions open' });
  await page.getByTestId('tag-input-field').press('ArrowDown');
  await page.getByTestId('tag-input-field').press('Enter');
  await expect(page.getByTestId('tag-input').getByRole('listitem')).toHaveText(['visa-run']);

  // Tweet mode: no title, text and a picture.
  await page.getByTestId('mode-tweet').click();
  await expect(page).toHaveURL(`${server.url}/topic/create?type=1`);
  await expect(page.getByRole('heading', { level: 1, name: 'New tweet' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveCount(0);
  await page.getByLabel("What's happening?").fill('Sunrise from the night train to Surat Thani.');
  // Tweets carry tags too.
  await page.getByTestId('tag-input-field').fill('night-train');
  await page.getByTestId('tag-input-field').press('Enter');
  await expect(page.getByTestId('tag-input').getByRole('listitem')).toHaveText(['night-train']);
  await page.getByTestId('image-file-input').setInputFiles({ name: 'sunrise.png', mimeType: 'image/png', buffer: await tinyPng() });
  await expect(page.getByTestId('image-picker').getByRole('img')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Remove picture 1' })).toBeVisible();
  await expectAccessible(page, { label: 'create tweet' });
  await page.getByTestId('submit-topic').click();
  await expectRecordedToast(page, 'Submission successful');
  await expect(page).toHaveURL(/\/topic\/\d+$/);
  await expect(page.getByTestId('topic-content')).toContainText('Sunrise from the night train');
  await expect(page.getByRole('link', { name: 'night-train' })).toHaveAttribute('href', /\/topics\/tag\/\d+$/);
  await expect(page.getByTestId('image-grid').or(page.locator('[data-testid="topic-detail"] img[src^="/uploads/"]')).first()).toBeVisible();

  // Home: both, newest activity first, with their authors and nodes.
  await open(page, '/');
  const items = page.getByTestId('topic-item');
  await expect(items.first()).toContainText('Sunrise from the night train');
  await expect(items.nth(1)).toContainText(title);
  await expect(items.first()).toContainText(member.nickname);
  await expect(items.first().getByRole('link', { name: 'General' })).toHaveAttribute('href', /\/topics\/node\/\d+$/);
  await expect(items.first().locator('time')).toHaveAttribute('datetime', /\d{4}-\d\d-\d\dT/);
  await expect(items.first().locator('time')).toHaveText('just now');
  await expectAccessible(page, { label: 'home with topics' });

  // From the feed to the topic, then the author edits it.
  await items.nth(1).getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(topicUrl);
  await page.getByTestId('edit-topic').click();
  await expect(page).toHaveURL(topicUrl.replace('/topic/', '/topic/edit/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit topic' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByTestId('tag-input').getByRole('listitem')).toHaveText(['visa-run', 'bangkok']);
  await expectAccessible(page, { label: 'edit topic' });
  await page.getByLabel('Title').fill('Extending a tourist visa in Bangkok (updated)');
  await page.getByTestId('submit-topic').click();
  await expectRecordedToast(page, 'Edit successful');
  await expect(page).toHaveURL(topicUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Extending a tourist visa in Bangkok (updated)');

  await open(page, '/topics');
  await expect(page.getByRole('heading', { level: 1, name: 'All topics' })).toBeVisible();
  await expect(page.getByTestId('topic-list')).toContainText('Extending a tourist visa in Bangkok (updated)');
  await expectAccessible(page, { label: 'all topics' });
  expect(errors).toEqual([]);
});

/**
 * A forum of its own with tweets and articles switched off, its admin signed in on `page` (English),
 * for `journey`; the page is left before the server stops (a fetch cut off by stopping it, such as
 * an open menu's route manifests, would be logged as a console error).
 */
async function onTweetsOffForum(page: Page, context: BrowserContext, journey: (url: string) => Promise<void>): Promise<void> {
  const errors = watchErrors(page);
  const closed = await startServer({ installed: true, settings: { modules: { tweet: false, topic: true, article: false } } });
  try {
    await context.addCookies([{ name: 'locale', value: 'en-US', url: closed.url }]);
    const signin = await page.request.post(`${closed.url}/api/login/signin`, { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
    expect(signin.status()).toBe(200);
    await journey(closed.url);
  } finally {
    await page.goto('about:blank');
    await closed.stop();
  }
  expect(errors).toEqual([]);
}

test('with tweets switched off, the tweet mode is neither offered nor reachable', async ({ page, context }) => {
  await onTweetsOffForum(page, context, async (url) => {
    await openHydrated(page, `${url}/topic/create?type=1`);
    await expect(page).toHaveURL(`${url}/topic/create`);
    await expect(page.getByRole('heading', { level: 1, name: 'New topic' })).toBeVisible();
    await expect(page.getByTestId('mode-tweet')).toHaveCount(0);
  });
});

// Quarantined through issues 33 and 32: under load the click landed on the server's copy of the
// menu's trigger, dead until its chunk came, and the menu stayed shut (3 of 8 with two workers).
// The header now mounts its menus after hydration, behind stand-ins that take an early click;
// `[aria-expanded]` is the real trigger, which only the browser draws.
test('with tweets switched off, the create menu offers topics only', async ({ page, context }) => {
  await onTweetsOffForum(page, context, async (url) => {
    await openHydrated(page, `${url}/topic/create`);
    const menuButton = page.locator('[data-testid="create-menu"][aria-expanded]');
    await expect(menuButton).toBeVisible();
    await menuButton.click();
    await expect(page.getByRole('menuitem')).toHaveText(['Topic']);
  });
});

test('an unverified member is told to verify the e-mail and follows the link to the account page', async ({ page, context }) => {
  const errors = watchErrors(page);
  await setLocale(context, 'en-US');
  await signUp(page.request, 'Unverified');

  await open(page, '/topic/create');
  const notice = page.getByTestId('verify-email-notice');
  await expect(notice).toContainText('Before posting a topic, please set and verify your e-mail');
  await expectAccessible(page, { label: 'create topic, unverified' });

  // Trying anyway: the server answers errorCode 4 and the notice stays, nothing is posted.
  await page.getByLabel('Title').fill('Hello everyone');
  await page.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('My first post.');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/topic/create'));
  await page.getByTestId('submit-topic').click();
  const response = await answer;
  expect(response.status()).toBe(403);
  expect(((await response.json()) as { errorCode: number }).errorCode).toBe(4);
  await expect(page).toHaveURL(`${server.url}/topic/create`);
  await expect(notice).toBeVisible();

  await notice.getByRole('link', { name: 'Go to verify' }).click();
  await expect(page).toHaveURL(`${server.url}/user/profile/account`);
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a moderator pins and recommends a topic: it leads home and the recommended tab; deleting asks first', async ({ page, context }) => {
  const errors = watchErrors(page);
  await setLocale(context, 'en-US');
  const token = await adminToken(page.request);
  const older = await apiPost<{ id: number }>(page.request, '/api/topic/create', token, { title: 'Night markets worth the trip', content: '<p>Rot Fai, Jodd Fairs and the rest.</p>' });
  await apiPost(page.request, '/api/topic/create', token, { title: 'Where to renew a driving licence', content: '<p>Any office without a queue?</p>' });
  const doomed = await apiPost<{ id: number }>(page.request, '/api/topic/create', token, { title: 'Spam to be removed', content: '<p>Cheap watches.</p>' });

  await open(page, '/');
  await expect(page.getByTestId('topic-item').first()).toContainText('Spam to be removed');
  await expect(page.getByTestId('feed-tab-recommended')).toBeVisible();

  await open(page, `/topic/${older.id}`);
  await expect(page.getByTestId('badge-sticky')).toHaveCount(0);
  const menu = page.getByTestId('moderate-menu');
  await menu.click();
  await expectAccessible(page, { label: 'moderation menu open' });
  await page.getByRole('menuitem', { name: 'Pin to top' }).click();
  await expectRecordedToast(page, 'Pinned to top');
  await expect(page.getByTestId('topic-detail').getByTestId('badge-sticky')).toBeVisible();
  await menu.click();
  await page.getByRole('menuitem', { name: 'Recommend' }).click();
  await expect(page.getByTestId('topic-detail').getByTestId('badge-recommend')).toBeVisible();
  await menu.click();
  await expect(page.getByRole('menuitem', { name: 'Unpin' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Remove recommendation' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectAccessible(page, { label: 'topic page (moderator)' });

  // Home: the pinned topic first although two are newer.
  await open(page, '/');
  const first = page.getByTestId('topic-item').first();
  await expect(first).toContainText('Night markets worth the trip');
  await expect(first.getByTestId('badge-sticky')).toBeVisible();
  await expect(first.getByTestId('badge-recommend')).toBeVisible();
  await page.getByTestId('feed-tab-recommended').click();
  await expect(page).toHaveURL(`${server.url}/?tab=recommended`);
  await expect(page.getByTestId('feed-tab-recommended')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('topic-item')).toHaveCount(1);
  await expect(page.getByTestId('topic-item')).toContainText('Night markets worth the trip');
  await expectAccessible(page, { label: 'recommended tab' });

  // Delete: a confirmation first; then gone for everyone but moderators.
  await open(page, `/topic/${doomed.id}`);
  await page.getByTestId('moderate-menu').click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this topic?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, { label: 'delete confirmation' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('moderate-menu').click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete this topic?' }).getByRole('button', { name: 'Delete' }).click();
  await expectRecordedToast(page, 'Topic deleted');
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.getByTestId('topic-list')).not.toContainText('Spam to be removed');

  const anonymous = await fetch(`${server.url}/topic/${doomed.id}`);
  expect(anonymous.status).toBe(404);
  await open(page, `/topic/${doomed.id}`);
  await expect(page.getByTestId('deleted-notice')).toBeVisible();
  expect(errors).toEqual([]);
});

test('feeds page with "Load more" by cursor, node and tag pages list their topics, a missing topic is 404', async ({ page, context }) => {
  const errors = watchErrors(page);
  await setLocale(context, 'en-US');
  const token = await adminToken(page.request);
  const nodes = (await (await page.request.get(`${server.url}/api/topic/nodes`)).json()) as { data: Array<{ id: number; name: string }> };
  const node = nodes.data[0]!;
  for (let i = 1; i <= 22; i++) {
    await apiPost(page.request, '/api/topic/create', token, { title: `Paging topic ${String(i).padStart(2, '0')}`, content: `<p>Body ${i}</p>`, tags: ['paging'] });
  }
  await context.clearCookies();
  await setLocale(context, 'en-US');

  await open(page, '/topics/tag/' + (await tagId(page.request, 'paging')));
  await expect(page.getByRole('heading', { level: 1, name: '#paging' })).toBeVisible();
  await expect(page.getByTestId('topic-item')).toHaveCount(20);
  await page.getByTestId('load-more').click();
  await expect(page.getByTestId('topic-item')).toHaveCount(22);
  await expect(page.getByTestId('feed-end')).toBeVisible();
  const titles = await page.getByTestId('topic-item').locator('h2').allTextContents();
  expect(new Set(titles).size).toBe(22);
  expect(titles[0]).toBe('Paging topic 22');
  expect(titles[21]).toBe('Paging topic 01');
  await expectAccessible(page, { label: 'tag page after load more' });

  await open(page, `/topics/node/${node.id}`);
  await expect(page.getByRole('heading', { level: 1, name: node.name })).toBeVisible();
  // Feed readers find the node's own RSS feed.
  const nodeFeed = page.locator('link[rel="alternate"][type="application/rss+xml"]');
  await expect(nodeFeed).toHaveAttribute('href', `${server.url}/rss/node/${node.id}.xml`);
  await expect(nodeFeed).toHaveAttribute('title', `Sabai Topics: ${node.name}`);
  await expect(page.getByRole('navigation', { name: 'Nodes' }).getByRole('link', { name: node.name })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('load-more')).toBeVisible();
  await expectAccessible(page, { label: 'node page' });

  await open(page, '/');
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', `${server.url}/rss.xml`);
  expect((await fetch(`${server.url}/rss.xml`)).headers.get('content-type')).toContain('application/rss+xml');

  await open(page, '/topics');
  await expect(page.getByRole('heading', { level: 1, name: 'All topics' })).toBeVisible();
  await expect(page).toHaveTitle('All topics · Sabai Topics');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${server.url}/topics`);

  const missing = await page.goto(`${server.url}/topic/987654`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('Topic not found')).toBeVisible();
  expect(errors).toEqual([]);
});

test('topic pages as the server renders them: meta for crawlers, hidden content locked for others, a pending notice and a deleted notice for the author', async ({ page, context, request }) => {
  const errors = watchErrors(page);
  await setLocale(context, 'en-US');
  const member = await signUp(page.request, 'Songkran');
  await verifyByMail(page, member);
  const open_ = await apiPost<{ id: number; status: number }>(page.request, '/api/topic/create', member.token, {
    title: 'Songkran in Chiang Mai',
    content: '<p>Water fights on every corner of the old city moat.</p>',
    hideContent: '<p>Meet at Tha Phae Gate at nine.</p>',
  });
  // A forbidden word (held for review) sends the second one to the pending state.
  await apiPost(request, '/api/admin/words/create', await adminToken(request), { pattern: 'casino-bonus', kind: 'word', action: 'review' });
  const held = await apiPost<{ id: number; status: number }>(page.request, '/api/topic/create', member.token, { title: 'Cheap casino-bonus here', content: '<p>Click.</p>' });
  expect([open_.status, held.status]).toEqual([0, 2]);

  // What a crawler (anonymous, no JavaScript) receives.
  const anonymous = await fetch(`${server.url}/topic/${open_.id}`, { headers: { 'accept-language': 'en-US' } });
  expect(anonymous.status).toBe(200);
  const html = await anonymous.text();
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="${server.url}/topic/${open_.id}"/?>`));
  expect(html).toMatch(/<meta name="description" content="Water fights on every corner of the old city moat."\/?>/);
  expect(html).toContain('data-testid="hidden-content-locked"');
  expect(html).toContain('Sign in and reply to this topic to see what the author kept for people who join the conversation.');
  expect(html).not.toContain('Tha Phae Gate');
  expect(html).not.toContain('name="robots"');
  expect((await fetch(`${server.url}/topic/${held.id}`)).status).toBe(404);

  // The author: the hidden part in the page, and the review notice on the held topic.
  const own = await page.request.get(`${server.url}/topic/${held.id}`);
  expect(own.status()).toBe(200);
  const ownHtml = await own.text();
  expect(ownHtml).toContain('data-testid="pending-notice"');
  expect(ownHtml).toContain('Only you and the moderators can see this topic until a moderator approves it.');
  expect(ownHtml).toMatch(/<meta name="robots" content="noindex"\/?>/);
  await open(page, `/topic/${held.id}`);
  await expect(page.getByTestId('pending-notice')).toContainText('Waiting for review.');
  await expectAccessible(page, { label: 'pending topic (author)' });
  await open(page, `/topic/${open_.id}`);
  await expect(page.getByTestId('hidden-content')).toContainText('Meet at Tha Phae Gate at nine.');
  await expect(page.getByTestId('hidden-content-locked')).toHaveCount(0);

  // The author's own deleted topic: still theirs to read, with its comments, under a notice
  // (in either language); no comment box, no reactions. Everyone else: 404.
  const gone = await apiPost<{ id: number }>(page.request, '/api/topic/create', member.token, { title: 'Rained out', content: '<p>Postponed.</p>' });
  await apiPost(page.request, '/api/comment/create', member.token, { entityType: 'topic', entityId: gone.id, content: 'See you next year.', contentType: 'text' });
  await apiPost(page.request, `/api/topic/delete/${gone.id}`, member.token, {});
  expect((await fetch(`${server.url}/topic/${gone.id}`)).status).toBe(404);
  await open(page, `/topic/${gone.id}`);
  await expect(page.getByTestId('deleted-notice')).toHaveText('This topic has been deleted. Only its author and the moderators can still see it; it takes no new comments or reactions.');
  await expect(page.getByTestId('comment').filter({ hasText: 'See you next year.' })).toBeVisible();
  await expect(page.getByTestId('comments-closed')).toBeVisible();
  await expect(page.getByTestId('comment-box')).toHaveCount(0);
  await expect(page.getByTestId('like-button')).toHaveCount(0);
  await expect(page.getByTestId('edit-topic')).toHaveCount(0);
  await expectAccessible(page, { label: 'deleted topic (author)' });
  await setLocale(context, 'zh-CN');
  await open(page, `/topic/${gone.id}`);
  await expect(page.getByTestId('deleted-notice')).toHaveText('该话题已被删除，仅作者和版主仍可查看，且不再接受新的评论和互动。');
  await setLocale(context, 'en-US');

  // Another member sees the locked block, asking for a reply.
  await context.clearCookies();
  await setLocale(context, 'en-US');
  await signUp(page.request, 'Reader');
  await open(page, `/topic/${open_.id}`);
  const locked = page.getByTestId('hidden-content-locked');
  await expect(locked).toContainText('Reply to this topic to see what the author kept');
  await expect(page.getByTestId('hidden-content')).toHaveCount(0);
  await expectAccessible(page, { label: 'locked hidden content' });
  expect(errors).toEqual([]);
});

async function tagId(request: APIRequestContext, name: string): Promise<number> {
  const res = await request.post(`${server.url}/api/tag/autocomplete`, { data: { input: name } });
  const tags = ((await res.json()) as { data: Array<{ id: number; name: string }> }).data;
  const tag = tags.find((t) => t.name === name);
  expect(tag).toBeTruthy();
  return tag!.id;
}

test('in Chinese: a member posts a topic, sees it in Chinese and likes it', async ({ page, context }) => {
  const errors = watchErrors(page);
  await setLocale(context, 'zh-CN');
  const member = await signUp(page.request, 'Chinese');
  await verifyByMail(page, member);

  await open(page, '/topic/create');
  await expect(page.getByRole('heading', { level: 1, name: '发表话题' })).toBeVisible();
  await page.getByRole('textbox', { name: '标题', exact: true }).fill('清迈哪里的咖喱面最好吃？');
  await page.getByRole('textbox', { name: '内容' }).click();
  await page.keyboard.type('下个月去清迈，想找当地人常去的店。');
  await page.getByTestId('tag-input-field').fill('美食');
  await page.getByTestId('tag-input-field').press('Enter');
  await expectAccessible(page, { label: 'create topic zh-CN' });
  await page.getByTestId('submit-topic').click();
  await expectRecordedToast(page, '提交成功');
  await expect(page).toHaveURL(/\/topic\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('清迈哪里的咖喱面最好吃？');
  await expect(page.getByTestId('view-count')).toContainText('次浏览');
  await expect(page.getByRole('link', { name: '美食' })).toBeVisible();

  await page.getByTestId('like-button').click();
  await expectRecordedToast(page, '点赞成功');
  await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('like-button')).toContainText('已赞');
  await expectAccessible(page, { label: 'topic page zh-CN' });

  await open(page, '/');
  await expect(page.getByRole('heading', { level: 1, name: '最新帖子' })).toBeVisible();
  const item = page.getByTestId('topic-item').filter({ hasText: '清迈哪里的咖喱面最好吃？' });
  await expect(item).toContainText(member.nickname);
  await expect(item.getByRole('link', { name: '美食' })).toBeVisible();
  await expect(page.getByTestId('feed-tab-latest')).toHaveText('最新');
  await expectAccessible(page, { label: 'home zh-CN' });

  // An anonymous reader who tries to like is asked to sign in and sent there afterwards.
  const topicPath = new URL((await item.getByRole('link', { name: '清迈哪里的咖喱面最好吃？' }).getAttribute('href'))!, server.url).pathname;
  await context.clearCookies();
  await setLocale(context, 'zh-CN');
  await open(page, topicPath);
  await page.getByTestId('like-button').click();
  await expect(page).toHaveURL(`${server.url}/user/signin?redirect=${encodeURIComponent(topicPath)}`, { timeout: 10_000 });
  expect(errors).toEqual([]);
});
