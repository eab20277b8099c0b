/**
 * The shared page cache (server/http/page-cache.ts) in production mode: pages are rendered once
 * and served from the cache for minutes, so every write must drop what it changes at once — on
 * the process that took the write and on another process of the same forum sharing Redis. A
 * signed-in member is served the same cached page, marked for them, and the browser fills in
 * their own parts (header, like flags, hidden content) with one small read (`GET viewer/parts`).
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminToken, apiPost, signUpMember } from '../support/e2e-members';
import { startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, openHydrated, watchErrors } from '../support/page';

const REDIS = { REDIS_URL: 'redis://127.0.0.1:6379' };
let first: E2eServer | undefined;
let second: E2eServer | undefined;

test.beforeAll(async () => {
  first = await startServer({ installed: true, env: REDIS, settings: { siteTitle: 'Sabai Cache' } });
  second = await startServer({ dataDir: first.dataDir, env: REDIS });
});

test.afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

attachServerOutputOnFailure(() => first);

/** An anonymous read of a page: its HTML and whether the shared cache answered it. */
async function read(request: APIRequestContext, server: E2eServer, path: string, headers: Record<string, string> = {}) {
  const res = await request.get(server.url + path, { headers: { accept: 'text/html', 'accept-language': 'en-US', ...headers } });
  expect(res.status()).toBe(200);
  return { html: await res.text(), cache: res.headers()['x-page-cache'] ?? 'none' };
}

test('a page read right after a comment shows it, from the process that took it and from another sharing Redis', async ({ playwright }) => {
  // Writes sign in (and keep a cookie); reads stay anonymous in their own context.
  const writer = await playwright.request.newContext();
  const request = await playwright.request.newContext();
  const a = first!;
  const b = second!;
  const token = await adminToken(writer, a);
  const { id } = await apiPost<{ id: number }>(writer, a, '/api/topic/create', token, { title: 'Songkran in Chiang Mai', content: '<p>Where to stay dry?</p>' });
  const path = `/topic/${id}`;

  // Both processes render the page once and then answer from their cache.
  for (const server of [a, b]) {
    await read(request, server, path);
    expect((await read(request, server, path)).cache).toBe('hit');
  }
  await read(request, a, '/');
  expect((await read(request, a, '/')).cache).toBe('hit');

  const comment = `Nimman has good hostels ${Date.now()}`;
  await apiPost(writer, a, '/api/comment/create', token, { entityType: 'topic', entityId: id, content: comment });
  for (const server of [a, b]) {
    const page = await read(request, server, path);
    expect(page.cache, server.url).toBe('miss');
    expect(page.html, server.url).toContain(comment);
  }
  // The lists show the new comment count and activity: dropped too, on both.
  expect((await read(request, a, '/')).cache).toBe('miss');

  // An edit on the second process reaches the first one's copy.
  await read(request, a, path);
  await apiPost(writer, b, `/api/topic/edit/${id}`, token, { title: 'Songkran in Chiang Mai, 2027', content: '<p>Where to stay dry?</p>' });
  expect((await read(request, a, path)).html).toContain('Songkran in Chiang Mai, 2027');
  await Promise.all([request.dispose(), writer.dispose()]);
});

test('a signed-in member gets the shared page and then their own header and like flag', async ({ browser, playwright }) => {
  const server = first!;
  const writer = await playwright.request.newContext();
  const request = await playwright.request.newContext();
  const member = await signUpMember(writer, server, 'Mali');
  const { token } = member;
  const admin = await adminToken(writer, server);
  const { id } = await apiPost<{ id: number }>(writer, server, '/api/topic/create', admin, { title: 'Best khao soi near the old city', content: '<p>Go early.</p>', hideContent: '<p>The stall by the moat.</p>' });
  const comment = await apiPost<{ id: number }>(writer, server, '/api/comment/create', admin, { entityType: 'topic', entityId: id, content: 'Try the one with the blue sign too.' });
  await apiPost(writer, server, '/api/like/like', token, { entityType: 'topic', entityId: id });
  await apiPost(writer, server, '/api/like/like', token, { entityType: 'comment', entityId: comment.id });
  const path = `/topic/${id}`;
  await read(request, server, path); // an anonymous reader fills the cache

  // The member's HTML comes from the cache, marked for them, without their data in it.
  const shared = await read(request, server, path, { cookie: `sabai_token=${token}` });
  expect(shared.cache).toBe('hit');
  expect(shared.html).toContain('data-viewer="member"');
  expect(shared.html).not.toContain(member.nickname);

  const context = await browser.newContext();
  await context.addCookies([
    { name: 'locale', value: 'en-US', url: server.url },
    { name: 'sabai_token', value: token, url: server.url },
  ]);
  const page = await context.newPage();
  const errors = watchErrors(page);
  const data: string[] = [];
  const parts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('.data')) data.push(r.url());
    if (r.url().includes('/api/viewer/parts')) parts.push(r.url());
  });
  await openHydrated(page, server.url + path);
  await expect(page.getByTestId('user-menu').filter({ visible: true })).toBeVisible();
  await expect(page.getByTestId('sign-in-button')).toHaveCount(0);
  await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('comment-like')).toHaveAttribute('aria-pressed', 'true');
  // The hidden content stays locked for them: they did not comment.
  await expect(page.getByTestId('hidden-content-locked')).toBeVisible();
  // One small read fills in the member's parts (issue 32): no loader runs again, no second view is counted.
  expect(parts, 'one read of the viewer parts').toHaveLength(1);
  expect(Object.fromEntries(new URL(parts[0]!).searchParams)).toMatchObject({ itemType: 'topic', itemId: String(id), comments: String(comment.id), hidden: 'true' });
  expect(data, 'no data request').toEqual([]);

  // Home: the feed is the same for every reader, so the read names no item.
  parts.length = 0;
  await openHydrated(page, server.url + '/');
  await expect(page.getByTestId('user-menu').filter({ visible: true })).toBeVisible();
  expect(parts).toHaveLength(1);
  expect(new URL(parts[0]!).search).toBe('');
  expect(data).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();

  // Its author (an admin) on the same shared page: the hidden content opens, the like they did not give stays off.
  const authorContext = await browser.newContext();
  await authorContext.addCookies([
    { name: 'locale', value: 'en-US', url: server.url },
    { name: 'sabai_token', value: admin, url: server.url },
  ]);
  const authorPage = await authorContext.newPage();
  await openHydrated(authorPage, server.url + path);
  await expect(authorPage.getByTestId('hidden-content')).toContainText('The stall by the moat.');
  await expect(authorPage.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'false');
  await expect(authorPage.getByTestId('comment-like')).toHaveAttribute('aria-pressed', 'false');
  await authorContext.close();
  await Promise.all([request.dispose(), writer.dispose()]);
});
