/**
 * The site's own pages never trip its Content Security Policy (issue 30): zod's capability probe
 * (`new Function('')`, caught by zod but still reported) made the article, profile, fans and
 * membership pages send a `securitypolicyviolation`; the browser's zod now runs jitless
 * (common/zod.ts). `watchErrors` (tests/support/page.ts) fails every journey on a CSP report;
 * here a member and an admin open those pages and the site's other main ones, and one injected
 * script without the nonce shows the watch does catch a report.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { adminToken, apiPost, signUpMember, type Member } from '../support/e2e-members';
import { startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, openHydrated, watchErrors } from '../support/page';
import { EMBED_FRAME_ORIGINS } from '../../common/embeds';

let server: E2eServer;
let admin: string;
let authorId: number;
let topicId: number;
let articleId: number;

test.beforeAll(async ({ playwright }) => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai CSP', modules: { tweet: true, topic: true, article: true } } });
  const request = await playwright.request.newContext();
  admin = await adminToken(request, server);
  topicId = await apiPost<{ id: number }>(request, server, '/api/topic/create', admin, { type: 0, title: 'Where to eat boat noodles', content: '<p>Victory Monument.</p>' }).then((t) => t.id);
  articleId = await apiPost<{ id: number }>(request, server, '/api/article/create', admin, { title: 'A guide to night markets', content: '<p>Bring cash.</p>' }).then((a) => a.id);
  const me = await request.get(`${server.url}/api/user/current`, { headers: { 'x-user-token': admin } });
  authorId = ((await me.json()) as { data: { id: number } }).data.id;
  await request.dispose();
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

async function signInAs(context: BrowserContext, token: string): Promise<void> {
  await context.addCookies([{ name: 'sabai_token', value: token, url: server.url }]);
}

/** Opens each page once hydrated; answers the reports and errors seen, each with the page it came from. */
async function visit(page: Page, paths: readonly string[]): Promise<string[]> {
  const errors = watchErrors(page);
  const seen: string[] = [];
  for (const path of paths) {
    const before = errors.length;
    const response = await openHydrated(page, server.url + path);
    expect(response?.status(), path).toBe(200);
    // A report is an event after the fact: give the page's scripts a moment past hydration.
    await page.waitForLoadState('networkidle');
    seen.push(...errors.slice(before).map((error) => `${path}: ${error}`));
  }
  return seen;
}

test('the article, profile, fans and membership pages, and the other main pages, send no CSP report', async ({ page, context }) => {
  test.slow();
  const member: Member = await signUpMember(page.request, server, 'Reader');
  await signInAs(context, member.token);
  const reports = await visit(page, [
    // The four pages the probe found reporting.
    `/article/${articleId}`,
    `/user/${authorId}`,
    `/user/${authorId}/fans`,
    '/user/profile/member',
    // And around them.
    '/',
    '/topics',
    `/topic/${topicId}`,
    '/articles',
    `/user/${authorId}/followed`,
    '/user/profile',
    '/user/messages',
    '/search?q=noodles',
  ]);
  expect(reports).toEqual([]);
});

test('the back office’s settings and a visitor’s sign-in page send none either', async ({ page, context }) => {
  expect(await visit(page, ['/user/signin', '/about'])).toEqual([]);
  await signInAs(context, admin);
  expect(await visit(page, ['/admin', '/admin/settings'])).toEqual([]);
});

test('frame-src allows exactly the embedded players’ frame origins (ADR 0030), and the rest of the policy is unchanged', async ({ request }) => {
  const policy = (await request.get(`${server.url}/about`)).headers()['content-security-policy'] ?? '';
  const directives = new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
  expect(directives.get('frame-src')).toEqual([...EMBED_FRAME_ORIGINS]);
  expect(directives.get('default-src')).toEqual(["'self'"]);
  expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect([...directives.keys()].sort()).toEqual(
    ['base-uri', 'connect-src', 'default-src', 'font-src', 'form-action', 'frame-ancestors', 'frame-src', 'img-src', 'media-src', 'object-src', 'script-src', 'style-src', 'style-src-attr'].sort(),
  );
});

test('the watch fails a journey on a CSP report: a script without the nonce is refused and reported', async ({ page }) => {
  const errors = watchErrors(page);
  await openHydrated(page, server.url + '/about');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__ran = true';
    document.head.append(script);
  });
  await expect.poll(() => errors.filter((error) => error.includes('CSP violation: script-src-elem'))).toHaveLength(1);
  expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
});
