/**
 * The shared page cache (server/http/page-cache.ts) in production mode: pages are rendered once
 * and served from the cache for minutes, so every write must drop what it changes at once — on
 * the process that took the write and on another process of the same forum sharing Redis. A
 * signed-in member is served the same cached page, marked for them, and the browser fills in
 * their own parts (header, like flag) with one data request.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN, startServer, type E2eServer } from '../support/e2e-server';
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

async function api<T>(request: APIRequestContext, server: E2eServer, path: string, data: Record<string, unknown>, token?: string): Promise<T> {
  const res = await request.post(server.url + path, { headers: token ? { 'x-user-token': token } : {}, data });
  const body = (await res.json()) as { success: boolean; data: T; message?: string };
  expect(body.success, `${path}: ${body.message}`).toBe(true);
  return body.data;
}

/** An anonymous read of a page: its HTML and whether the shared cache answered it. */
async function read(request: APIRequestContext, server: E2eServer, path: string, headers: Record<string, string> = {}) {
  const res = await request.get(server.url + path, { headers: { accept: 'text/html', 'accept-language': 'en-US', ...headers } });
  expect(res.status()).toBe(200);
  return { html: await res.text(), cache: res.headers()['x-page-cache'] ?? 'none' };
}

test('a page read right after a comment shows it, from the process that took it and from another sharing Redis', async ({ playwright }) => {
  const request = await playwright.request.newContext({ storageState: { cookies: [], origins: [] } });
  const a = first!;
  const b = second!;
  const { token } = await api<{ token: string }>(request, a, '/api/login/signin', { username: E2E_ADMIN.username, password: E2E_ADMIN.password });
  const { id } = await api<{ id: number }>(request, a, '/api/topic/create', { title: 'Songkran in Chiang Mai', content: '<p>Where to stay dry?</p>' }, token);
  const path = `/topic/${id}`;

  // Both processes render the page once and then answer from their cache.
  for (const server of [a, b]) {
    await read(request, server, path);
    expect((await read(request, server, path)).cache).toBe('hit');
  }
  await read(request, a, '/');
  expect((await read(request, a, '/')).cache).toBe('hit');

  const comment = `Nimman has good hostels ${Date.now()}`;
  await api(request, a, '/api/comment/create', { entityType: 'topic', entityId: id, content: comment }, token);
  for (const server of [a, b]) {
    const page = await read(request, server, path);
    expect(page.cache, server.url).toBe('miss');
    expect(page.html, server.url).toContain(comment);
  }
  // The lists show the new comment count and activity: dropped too, on both.
  expect((await read(request, a, '/')).cache).toBe('miss');

  // An edit on the second process reaches the first one's copy.
  await read(request, a, path);
  await api(request, b, `/api/topic/edit/${id}`, { title: 'Songkran in Chiang Mai, 2027', content: '<p>Where to stay dry?</p>' }, token);
  expect((await read(request, a, path)).html).toContain('Songkran in Chiang Mai, 2027');
  await request.dispose();
});

test('a signed-in member gets the shared page and then their own header and like flag', async ({ browser, playwright }) => {
  const server = first!;
  const request = await playwright.request.newContext({ storageState: { cookies: [], origins: [] } });
  const member = { nickname: `Mali ${Date.now().toString(36)}`, email: `mali.${Date.now().toString(36)}@example.com`, password: 'member-pass-1' };
  const { token } = await api<{ token: string }>(request, server, '/api/login/signup', { ...member, rePassword: member.password });
  const admin = await api<{ token: string }>(request, server, '/api/login/signin', { username: E2E_ADMIN.username, password: E2E_ADMIN.password });
  const { id } = await api<{ id: number }>(request, server, '/api/topic/create', { title: 'Best khao soi near the old city', content: '<p>Go early.</p>' }, admin.token);
  await api(request, server, '/api/like/like', { entityType: 'topic', entityId: id }, token);
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
  page.on('request', (r) => {
    if (r.url().includes('.data')) data.push(r.url());
  });
  await openHydrated(page, server.url + path);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByTestId('sign-in-button')).toHaveCount(0);
  await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
  expect(data, 'one data request fills in the member’s parts').toHaveLength(1);
  expect(errors).toEqual([]);
  await context.close();
  await request.dispose();
});
