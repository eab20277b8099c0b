/**
 * Following members in Chromium, in both languages, against one fresh installed server (SQLite):
 * a signed-in member follows a topic's author from the author card, finds themself in the
 * author's followers (with the follower count moved on the profile), reads the author's topic
 * and article in the home "Following" tab, and unfollows from the profile. A visitor's follow
 * click goes to sign-in. An empty Following tab suggests members worth following. axe-core on
 * the followers page and the feed; no console errors.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { adminToken, apiPost, signUpMember, type Member } from '../support/e2e-members';
import { startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, openHydrated, setLocaleCookie, watchErrors } from '../support/page';

let server: E2eServer;
let authorId: number;
let topicId: number;
let articleId: number;

const WORDS = {
  'en-US': { follow: 'Follow', following: 'Following', fansTab: 'Followers', signIn: /Sign in/ },
  'zh-CN': { follow: '关注', following: '已关注', fansTab: '粉丝', signIn: /登录/ },
} as const;

test.beforeAll(async ({ playwright }) => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Follows', modules: { tweet: true, topic: true, article: true } } });
  const request = await playwright.request.newContext();
  const token = await adminToken(request, server);
  await apiPost(request, server, '/api/user/update', token, { nickname: 'Somchai Writes', signature: 'Street food notes from Bangkok.' });
  topicId = await apiPost<{ id: number }>(request, server, '/api/topic/create', token, { type: 0, title: 'Where to eat boat noodles', content: '<p>Victory Monument, of course.</p>' }).then((t) => t.id);
  articleId = await apiPost<{ id: number }>(request, server, '/api/article/create', token, { title: 'A guide to Bangkok night markets', content: '<p>Bring cash.</p>' }).then((a) => a.id);
  const me = await request.get(`${server.url}/api/user/current`, { headers: { 'x-user-token': token } });
  authorId = ((await me.json()) as { data: { id: number } }).data.id;
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

  test(`[${locale}] a member follows a topic's author, sees themself among the followers and the author's posts in Following`, async ({ page, context }) => {
    // Nine page loads, two of them checked with axe: more than the default minute on a busy machine.
    test.slow();
    const errors = watchErrors(page);
    await setLocaleCookie(context, server.url, locale);
    const reader = await signUpMember(page.request, server, 'Reader');
    await signInAs(context, reader);

    // The author card of the topic page: its button asks the reader's state once hydrated.
    await open(page, `/topic/${topicId}`);
    const card = page.getByTestId('author-card');
    const button = card.getByTestId('follow-button');
    await expect(button).toHaveAttribute('data-followed', 'false');
    await expect(button).toContainText(words.follow);
    await button.click();
    await expect(button).toHaveAttribute('data-followed', 'true');
    await expect(button).toContainText(words.following);

    // The author's followers list shows the reader, and the profile's count moved.
    await open(page, `/user/${authorId}/fans`);
    await expect(page.getByTestId(`profile-tab-fans`)).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId(`profile-tab-fans`)).toContainText(words.fansTab);
    const row = page.getByTestId('member-row').filter({ hasText: reader.nickname });
    await expect(row).toHaveCount(1);
    // One's own row has no follow button.
    await expect(row.getByTestId('follow-button')).toHaveCount(0);
    await expect(page.getByTestId('profile-card').getByTestId('follow-button')).toHaveAttribute('data-followed', 'true');
    await expectAccessible(page, { label: `followers ${locale}` });

    // The reader's own following list names the author.
    await open(page, `/user/${(await currentUserId(page, reader))}/followed`);
    await expect(page.getByTestId('member-row').filter({ hasText: 'Somchai Writes' })).toHaveCount(1);

    // Home "Following": the author's topic and article, newest first.
    await open(page, '/?tab=following');
    const feed = page.getByTestId('following-list');
    await expect(feed.getByTestId('article-item')).toHaveAttribute('data-article-id', String(articleId));
    await expect(feed.getByTestId('topic-item')).toHaveAttribute('data-topic-id', String(topicId));
    const order = await feed.locator('[data-testid="article-item"], [data-testid="topic-item"]').evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')));
    expect(order).toEqual(['article-item', 'topic-item']);
    await expectAccessible(page, { label: `following feed ${locale}` });

    // Unfollow from the profile: the count goes back down.
    await open(page, `/user/${authorId}`);
    const fans = page.getByTestId('profile-fans-count');
    const before = Number(await fans.locator('dd').textContent());
    const profileButton = page.getByTestId('profile-card').getByTestId('follow-button');
    await expect(profileButton).toHaveAttribute('data-followed', 'true');
    await profileButton.click();
    await expect(profileButton).toHaveAttribute('data-followed', 'false');
    await expect(fans.locator('dd')).toHaveText(String(before - 1));

    // Following nobody now: the tab suggests members worth following, the author among them.
    // The feed is a lazy part the server renders: its code loads before the page hydrates, so
    // the server's copy is the one hydrated. Were it loaded after, the member's data refreshed
    // after hydration would reach a boundary still waiting for its code, and React would throw
    // the server's copy away and draw it again (the feed seen twice, or blinking). The code is
    // held back 1.5 s to give that race all the time it needs.
    await page.route(/\/assets\/following-feed-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { serverFeed: Element | null }).serverFeed = document.querySelector('[data-testid="following-empty"]');
      });
    });
    await open(page, '/?tab=following');
    await expect(page.getByTestId('following-empty')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(
      await page.evaluate(() => {
        const kept = (window as unknown as { serverFeed: Element | null }).serverFeed;
        return { kept: kept?.isConnected, count: document.querySelectorAll('[data-testid="following-empty"]').length };
      }),
    ).toEqual({ kept: true, count: 1 });
    await page.unrouteAll();
    await expect(page.getByTestId('following-empty').getByTestId('member-row').filter({ hasText: 'Somchai Writes' }).first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test(`[${locale}] a visitor's follow click goes to sign-in`, async ({ page, context }) => {
    await setLocaleCookie(context, server.url, locale);
    await open(page, `/user/${authorId}`);
    await page.getByTestId('profile-card').getByTestId('follow-button').click();
    await expect(page).toHaveURL(/\/user\/signin/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.signIn);
  });
}

async function currentUserId(page: Page, member: Member): Promise<number> {
  const res = await page.request.get(`${server.url}/api/user/current`, { headers: { 'x-user-token': member.token } });
  return ((await res.json()) as { data: { id: number } }).data.id;
}
