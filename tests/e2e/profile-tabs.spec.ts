/**
 * A member's profile tabs in Chromium, in both languages, against one fresh installed server
 * (SQLite): the topics tab lists posts alone, the tweets tab the member's tweets, the comments tab
 * their comments under the title of the post each answers (a link to it); a member without
 * comments gets the comments tab's empty state. In English, a reader following the member sees
 * their article marked "Article" in the home Following feed. axe-core on the comments tab, full
 * and empty; no console errors.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { adminToken, apiPost, signUpMember, type Member } from '../support/e2e-members';
import { startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, openHydrated, setLocaleCookie, watchErrors } from '../support/page';

let server: E2eServer;
let authorId: number;
let quietId: number;
let quiet: Member;
let postId: number;
let tweetId: number;
let articleId: number;

const WORDS = {
  'en-US': { tweets: 'Tweets', comments: 'Comments', on: 'On', onArticle: 'On the article', empty: 'No comments yet', article: 'Article' },
  'zh-CN': { tweets: '动态', comments: '评论', on: '评论于', onArticle: '评论文章', empty: '还没有评论', article: '文章' },
} as const;

test.beforeAll(async ({ playwright }) => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Profiles', modules: { tweet: true, topic: true, article: true } } });
  const request = await playwright.request.newContext();
  const token = await adminToken(request, server);
  await apiPost(request, server, '/api/user/update', token, { nickname: 'Malee Travels', signature: 'Slow trains and night markets.' });
  postId = (await apiPost<{ id: number }>(request, server, '/api/topic/create', token, { type: 0, title: 'Night train to Chiang Mai', content: '<p>Book the lower berth.</p>' })).id;
  tweetId = (await apiPost<{ id: number }>(request, server, '/api/topic/create', token, { type: 1, content: 'Mango sticky rice at the station, 40 baht.' })).id;
  articleId = (await apiPost<{ id: number }>(request, server, '/api/article/create', token, { title: 'Ten quiet islands', content: '<p>Koh Kood first.</p>' })).id;
  await apiPost(request, server, '/api/comment/create', token, { entityType: 'topic', entityId: postId, content: 'Update: the dining car is back.' });
  await apiPost(request, server, '/api/comment/create', token, { entityType: 'article', entityId: articleId, content: 'Koh Mak deserves a mention too.' });
  const current = async (memberToken: string) => ((await (await request.get(`${server.url}/api/user/current`, { headers: { 'x-user-token': memberToken } })).json()) as { data: { id: number } }).data.id;
  authorId = await current(token);
  quiet = await signUpMember(request, server, 'Quiet');
  quietId = await current(quiet.token);
  await request.dispose();
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

const open = (page: Page, path: string) => openHydrated(page, server.url + path);

for (const locale of ['en-US', 'zh-CN'] as const) {
  const words = WORDS[locale];

  test(`[${locale}] a member's profile: posts, then the tweets and comments tabs; an empty comments tab`, async ({ page, context }) => {
    test.slow();
    const errors = watchErrors(page);
    await setLocaleCookie(context, server.url, locale);

    // The topics tab lists the post, not the tweet (it has a tab of its own).
    await open(page, `/user/${authorId}`);
    const topics = page.getByTestId('topic-list');
    await expect(topics.locator(`[data-topic-id="${postId}"]`)).toBeVisible();
    await expect(topics.locator(`[data-topic-id="${tweetId}"]`)).toHaveCount(0);
    await expect(page.getByTestId('profile-tab-tweets')).toContainText(`${words.tweets}1`);
    await expect(page.getByTestId('profile-tab-comments')).toContainText(`${words.comments}2`);

    // Tweets: a link with its own address.
    await page.getByTestId('profile-tab-tweets').click();
    await expect(page).toHaveURL(new RegExp(`/user/${authorId}/tweets$`));
    await expect(page.getByTestId('profile-tab-tweets')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('tweet-feed').locator(`[data-topic-id="${tweetId}"]`)).toContainText('Mango sticky rice');

    // Comments: newest first, each under its post's title, linking to the comment there.
    await page.getByTestId('profile-tab-comments').click();
    await expect(page).toHaveURL(new RegExp(`/user/${authorId}/comments$`));
    const comments = page.getByTestId('user-comment');
    await expect(comments).toHaveCount(2);
    await expect(comments.nth(0)).toContainText(words.onArticle);
    await expect(comments.nth(0).getByTestId('user-comment-item')).toHaveText('Ten quiet islands');
    await expect(comments.nth(1)).toContainText(words.on);
    const link = comments.nth(1).getByTestId('user-comment-item');
    await expect(link).toHaveText('Night train to Chiang Mai');
    await expect(link).toHaveAttribute('href', new RegExp(`^/topic/${postId}#comment-\\d+$`));
    await expectAccessible(page, { label: `comments tab ${locale}` });

    // A member without comments: the empty state says so.
    await open(page, `/user/${quietId}/comments`);
    await expect(page.getByTestId('comment-feed')).toContainText(words.empty);
    await expectAccessible(page, { label: `empty comments tab ${locale}` });

    if (locale === 'en-US') {
      // Following the author: the article in the mixed feed says it is one.
      await context.addCookies([{ name: 'sabai_token', value: quiet.token, url: server.url }]);
      await apiPost(page.request, server, '/api/fans/follow', quiet.token, { userId: authorId });
      await open(page, '/?tab=following');
      const feed = page.getByTestId('following-list');
      await expect(feed.locator(`[data-article-id="${articleId}"]`).getByTestId('article-badge')).toHaveText(words.article);
      await expect(feed.getByTestId('topic-item').first()).toBeVisible();
      await expect(feed.getByTestId('article-badge')).toHaveCount(1);
    }
    expect(errors).toEqual([]);
  });
}
