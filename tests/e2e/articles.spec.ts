/**
 * Article journeys (issue 12) in Chromium against one fresh installed server (SQLite) for the
 * file, and a second one with the article module off. A verified member writes an article with a
 * cover cropped in the browser (a real picture through the cropper, keyboard only, then the
 * existing upload), is warned before leaving unsaved changes, and publishes; a visitor finds it
 * on /articles, its tag page and the home side column and reads it (canonical, description,
 * Open Graph with the cover). In Chinese, another member is told to verify their e-mail before
 * writing, then comments, likes and saves the article, which shows in their favorites, in the
 * author's messages and on the author's profile tab. With the module off the create menu has no
 * Article and the pages say 'Article feature is not enabled'. axe-core on every page built
 * here; no console errors (hydration mismatches would show up there).
 */
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from '../support/axe';
import { apiPost as apiPostAs, signUpMember, verifyByMail as verifyMemberByMail, type Member } from '../support/e2e-members';
import { startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, expectRecordedToast, openRecordingToasts, recordToasts, setLocaleCookie, watchErrors } from '../support/page';

let server: E2eServer;

test.beforeAll(async () => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Articles', siteDescription: 'Everyday life in Thailand, shared.' } });
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

const open = (page: Page, path: string) => openRecordingToasts(page, server.url + path);
const signUp = (request: APIRequestContext, label: string) => signUpMember(request, server, label);
/** The unique part of a member's nickname: keeps titles apart across runs. */
const tagOf = (member: Member) => member.nickname.slice(member.nickname.indexOf(' ') + 1);

async function newReader(browser: Browser, locale: 'en-US' | 'zh-CN'): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext();
  await setLocaleCookie(context, server.url, locale);
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

/** A wide landscape photo stand-in: a sky gradient with a sun, larger than the cover. */
function landscapeJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1800" height="1200"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#f97316"/></linearGradient></defs><rect width="1800" height="1200" fill="url(#s)"/><circle cx="1100" cy="700" r="160" fill="#fff7ed"/><path d="M0 900 L500 620 L900 860 L1300 600 L1800 880 L1800 1200 L0 1200Z" fill="#0f172a"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

async function writeContent(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type(text);
}

test('a verified member writes an article with a cropped cover; a visitor finds and reads it', async ({ page, context, browser }) => {
  const errors = watchErrors(page);
  await setLocaleCookie(context, server.url, 'en-US');
  const member = await signUp(page.request, 'Writer');
  await verifyMemberByMail(page, server, member);

  await open(page, '/article/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Write an article' })).toBeVisible();
  await expect(page.getByTestId('verify-email-notice')).toHaveCount(0);
  await expectAccessible(page, { label: 'create article' });

  // Empty submit: the messages next to the fields, before any request.
  await page.getByTestId('submit-article').click();
  await expect(page.getByText('Please enter a title')).toBeVisible();
  await expect(page.getByText('Please enter some content')).toBeVisible();

  // The cover: a real picture through the cropper, driven by the keyboard alone.
  await page.getByTestId('cover-file-input').setInputFiles({ name: 'sunset.jpg', mimeType: 'image/jpeg', buffer: await landscapeJpeg() });
  const cropper = page.getByRole('dialog', { name: 'Crop the cover' });
  await expect(cropper).toBeVisible();
  await expectAccessible(page, { label: 'cover cropper' });
  const area = cropper.getByRole('group', { name: 'Cover crop area' });
  await area.focus();
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(cropper.getByRole('slider', { name: 'Zoom' })).toHaveValue('1.2');
  await cropper.getByRole('button', { name: 'Use as cover' }).click();
  await expect(cropper).toHaveCount(0);
  const preview = page.locator('[data-testid="cover-preview"][data-uploaded]');
  await expect(preview).toHaveAttribute('src', /^\/uploads\/.+\.(webp|jpg)$/);
  const coverUrl = (await preview.getAttribute('src'))!;
  // What was stored is the cropped cover: 1200 × 675 (16:9).
  const stored = await sharp(await (await page.request.get(server.url + coverUrl)).body()).metadata();
  expect([stored.width, stored.height]).toEqual([1200, 675]);

  const title = `Night trains of the south <i>${tagOf(member)}</i>`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Summary (optional)').fill('Bangkok to Surat Thani by sleeper: tickets, berths and the sunrise over the gulf.');
  await writeContent(page, 'Book the lower berth a week ahead. The train leaves Krung Thep Aphiwat at 19:30.');
  const tags = page.getByTestId('tag-input-field');
  await tags.fill('night-train');
  await tags.press('Enter');

  // Leaving with unsaved changes asks first; staying keeps everything.
  await page.getByRole('link', { name: 'Cancel' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(`${server.url}/article/create`);
  await expect(page.getByLabel('Title')).toHaveValue(title);

  await page.getByTestId('submit-article').click();
  await expectRecordedToast(page, 'Submission successful');
  await expect(page).toHaveURL(/\/article\/\d+$/);
  const articleUrl = page.url();
  // The title is text, never markup.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByTestId('article-detail').locator(`img[src="${coverUrl}"]`)).toBeVisible();
  await expect(page.getByTestId('article-content')).toContainText('Book the lower berth');
  await expect(page.getByTestId('reading-time')).toHaveText('1 min read');
  await expect(page.getByRole('link', { name: 'night-train' })).toHaveAttribute('href', /\/articles\/tag\/\d+$/);
  await expect(page.getByTestId('author-card')).toContainText(member.nickname);
  await expect(page.getByTestId('edit-article')).toBeVisible();
  await expect(page.getByTestId('delete-article')).toBeVisible();
  await expectAccessible(page, { label: 'article page (author)' });
  expect(errors).toEqual([]);

  // A visitor: the list, the tag page and the home side column lead to it.
  const visitor = await newReader(browser, 'en-US');
  await open(visitor.page, '/articles');
  const item = visitor.page.getByTestId('article-item').first();
  await expect(item).toContainText(title);
  await expect(item.locator(`img[src="${coverUrl}"]`)).toBeVisible();
  await expect(visitor.page.getByTestId('article-tags').getByRole('link', { name: /night-train/ })).toBeVisible();
  await expect(visitor.page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', `${server.url}/rss/articles.xml`);
  await expectAccessible(visitor.page, { label: 'articles (visitor)' });
  await visitor.page.getByTestId('article-tags').getByRole('link', { name: /night-train/ }).click();
  await expect(visitor.page.getByRole('heading', { level: 1, name: '#night-train' })).toBeVisible();
  await expect(visitor.page.getByTestId('article-item')).toHaveCount(1);
  await open(visitor.page, '/');
  await expect(visitor.page.getByTestId('latest-articles')).toContainText(title);
  await visitor.page.getByTestId('latest-articles').getByRole('link', { name: title }).click();
  await expect(visitor.page).toHaveURL(articleUrl);
  await expect(visitor.page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(visitor.page.getByTestId('edit-article')).toHaveCount(0);
  await expect(visitor.page.getByTestId('comment-signin')).toBeVisible();
  await expectAccessible(visitor.page, { label: 'article page (visitor)' });

  // What search engines and link previews read, as the server renders it.
  await visitor.page.goto(articleUrl);
  await expect(visitor.page.locator('link[rel="canonical"]')).toHaveAttribute('href', articleUrl);
  await expect(visitor.page.locator('meta[name="description"]')).toHaveAttribute('content', /^Bangkok to Surat Thani by sleeper/);
  await expect(visitor.page.locator('meta[property="og:image"]')).toHaveAttribute('content', server.url + coverUrl);
  await expect(visitor.page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);

  const missing = await visitor.page.goto(`${server.url}/articles/tag/987654`);
  expect(missing?.status()).toBe(404);
  expect(visitor.errors).toEqual([]);
  await visitor.context.close();
});

test('in Chinese: a member verifies first, then comments, likes and saves; the author sees it all', async ({ browser }) => {
  const author = await newReader(browser, 'zh-CN');
  const writer = await signUp(author.page.request, 'Author');
  await verifyMemberByMail(author.page, server, writer);
  const title = `清迈周日夜市指南 ${tagOf(writer)}`;
  const article = await apiPostAs<{ id: number; user: { id: number } }>(author.page.request, server, '/api/article/create', writer.token, {
    title,
    content: '<p>从塔佩门出发，沿着 Ratchadamnoen 路一直走。</p>',
    contentType: 'html',
    tags: ['清迈'],
  });

  const reader = await newReader(browser, 'zh-CN');
  const member = await signUp(reader.page.request, 'Reader');
  // Writing needs a verified e-mail: the article wording and the way to verify.
  await open(reader.page, '/article/create');
  await expect(reader.page.getByRole('heading', { level: 1, name: '写文章' })).toBeVisible();
  await expect(reader.page.getByTestId('verify-email-notice')).toContainText('发表文章前，请先设置并验证邮箱');
  await expect(reader.page.getByTestId('verify-email-link')).toHaveAttribute('href', '/user/profile/account');

  // Reading, commenting, liking and saving need no verified e-mail.
  await open(reader.page, `/article/${article.id}`);
  await expect(reader.page.getByRole('heading', { level: 1 })).toHaveText(title);
  await reader.page.getByRole('textbox', { name: '发表评论' }).click();
  await reader.page.keyboard.type('谢谢分享，周日晚上一定去。');
  await recordToasts(reader.page);
  await reader.page.getByTestId('comment-box').getByTestId('comment-submit').click();
  await expectRecordedToast(reader.page, '提交成功');
  await expect(reader.page.getByTestId('comment').filter({ hasText: '周日晚上一定去' })).toContainText(member.nickname);
  await reader.page.getByTestId('like-button').click();
  await expectRecordedToast(reader.page, '点赞成功');
  await expect(reader.page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
  await reader.page.getByTestId('favorite-button').click();
  await expectRecordedToast(reader.page, '收藏成功');
  await expectAccessible(reader.page, { label: 'article page zh-CN (member)' });

  await open(reader.page, '/user/favorites');
  await expect(reader.page.getByTestId('favorite').getByRole('link', { name: title })).toHaveAttribute('href', `/article/${article.id}`);
  await expectAccessible(reader.page, { label: 'favorites with an article' });

  // The author: the comment and the like in their messages, the article on their profile tab.
  await open(author.page, '/user/messages');
  const links = author.page.getByTestId('message-link');
  await expect(links.first()).toHaveAttribute('href', new RegExp(`^/article/${article.id}`));
  await expect(author.page.getByTestId('message').filter({ hasText: '周日晚上一定去' })).toBeVisible();
  await open(author.page, `/user/${article.user.id}`);
  await author.page.getByTestId('profile-tab-articles').click();
  await expect(author.page).toHaveURL(`${server.url}/user/${article.user.id}/articles`);
  await expect(author.page.getByTestId('profile-tab-articles')).toHaveAttribute('aria-current', 'page');
  await expect(author.page.getByTestId('article-item').first()).toContainText(title);
  await expectAccessible(author.page, { label: 'profile articles zh-CN' });
  expect([...author.errors, ...reader.errors]).toEqual([]);
  await Promise.all([author.context.close(), reader.context.close()]);
});

test('with the article module off the create menu has no Article and the pages say so', async ({ browser }) => {
  const closed = await startServer({ installed: true, settings: { modules: { tweet: true, topic: true, article: false } } });
  try {
    const context = await browser.newContext();
    await setLocaleCookie(context, closed.url, 'en-US');
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signUpMember(page.request, closed, 'Closed');

    await openRecordingToasts(page, `${closed.url}/`);
    await expect(page.getByTestId('latest-articles')).toHaveCount(0);
    await page.getByTestId('create-menu').filter({ visible: true }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Tweet', 'Topic']);
    await page.keyboard.press('Escape');

    for (const path of ['/articles', '/article/create', '/article/1', '/articles/tag/1']) {
      const response = await page.goto(closed.url + path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByText('Article feature is not enabled')).toBeVisible();
    }
    await expectAccessible(page, { label: 'article module off' });
    expect(errors).toEqual([]);
    await context.close();
  } finally {
    await closed.stop();
  }
});
