/**
 * Search journeys (issue 15) in Chromium against one fresh installed server (SQLite): topics
 * and an article written in English, Chinese and Thai; a reader searches from the header box,
 * sees the hits with the words marked and the keyword kept in the box, switches time ranges,
 * the node filter and the tabs (topics, articles, users), meets the empty state's suggestions,
 * and opens a hit. The same in Chinese. axe-core on the pages built here; no console errors.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { adminToken, apiPost } from '../support/e2e-members';
import { startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, setLocaleCookie, watchErrors } from '../support/page';

let server: E2eServer;
let topicId = 0;
let thaiId = 0;

test.beforeAll(async ({ request }) => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Search' } });
  const token = await adminToken(request, server);
  ({ id: topicId } = await apiPost<{ id: number }>(request, server, '/api/topic/create', token, {
    title: 'Chiang Mai visa guide',
    content: '<p>我在清迈办签证很顺利。Bring two photos & your passport.</p>',
  }));
  ({ id: thaiId } = await apiPost<{ id: number }>(request, server, '/api/topic/create', token, { title: 'เที่ยวเชียงใหม่', content: '<p>ไปเชียงใหม่ สวยมาก</p>' }));
  await apiPost(request, server, '/api/article/create', token, { title: '清迈的咖啡馆', content: '<p>Slow coffee in Chiang Mai, 清迈最好的咖啡。</p>' });
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

async function searchFromHeader(page: Page, label: string, keyword: string) {
  const box = page.getByRole('combobox', { name: label }).first();
  await box.fill(keyword);
  await box.press('Enter');
  // A full navigation to this keyword's page (the previous search's page matches /search too).
  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === keyword);
}

test('a reader searches from the header, filters, switches tabs and opens a hit', async ({ page, context }) => {
  // A long journey (eight page loads) on a machine shared with other runs.
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await setLocaleCookie(context, server.url, 'en-US');
  await page.goto(server.url + '/');
  await searchFromHeader(page, 'Search the forum', 'visa');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “visa”');
  await expect(page.getByRole('combobox', { name: 'Search the forum' }).first()).toHaveValue('visa');
  await expect(page.getByTestId('search-count')).toHaveText('1 result');
  const hit = page.getByTestId('search-hit').first();
  await expect(hit.locator('mark').first()).toHaveText('visa');
  await expectAccessible(page, { label: 'search results' });

  // Time ranges keep the keyword; the post is from today.
  await page.getByTestId('search-range-day').click();
  await expect(page).toHaveURL(/range=day/);
  await expect(page.getByTestId('search-range-day')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('search-hit')).toHaveCount(1);
  await page.getByTestId('search-range-all').click();
  await expect(page).not.toHaveURL(/range=/);

  // The node filter: the default node holds it.
  await page.getByTestId('search-node').selectOption({ index: 1 });
  await expect(page).toHaveURL(/node=\d+/);
  await expect(page.getByTestId('search-hit')).toHaveCount(1);

  // Articles tab: the keyword is searched there too.
  await searchFromHeader(page, 'Search the forum', '清迈');
  await expect(page.getByTestId('search-count')).toHaveText('1 result');
  await page.getByTestId('search-tab-article').click();
  await expect(page).toHaveURL(/type=article/);
  await expect(page.getByTestId('search-hit').first().locator('mark').first()).toHaveText('清迈');

  // Users tab: nobody is called that; the empty state suggests what to try.
  await page.getByTestId('search-tab-user').click();
  await expect(page.getByTestId('empty-state')).toContainText('Nothing found for “清迈”');
  await expect(page.getByTestId('search-suggestions')).toContainText('another tab');

  // Thai, then open the hit.
  await searchFromHeader(page, 'Search the forum', 'เชียงใหม่');
  await expect(page.getByTestId('search-hit')).toHaveCount(1);
  await page.getByTestId('search-hit').first().getByRole('link', { name: /เชียงใหม่/ }).first().click();
  await expect(page).toHaveURL(new RegExp(`/topic/${thaiId}$`));
  expect(errors).toEqual([]);
});

test('words typed before the page is ready are searched: the box keeps them through hydration', async ({ page, context }) => {
  // A phone on a slow network shows the server's page before its script runs. Hold the script
  // until the reader has typed, then let it run: Enter must search for what is in the box.
  const errors = watchErrors(page);
  await setLocaleCookie(context, server.url, 'en-US');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(server.url + '/', { waitUntil: 'domcontentloaded' });
  const box = page.getByRole('combobox', { name: 'Search the forum' }).first();
  await box.fill('visa');
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await box.press('Enter');
  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'visa');
  await expect(page.getByTestId('search-count')).toHaveText('1 result');
  expect(errors).toEqual([]);
});

test('in Chinese: the page speaks Chinese, finds 签证, and refuses an over-long keyword', async ({ page, context }) => {
  const errors = watchErrors(page);
  await setLocaleCookie(context, server.url, 'zh-CN');
  await page.goto(server.url + '/');
  await searchFromHeader(page, '搜索论坛', '签证');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('“签证” 的搜索结果');
  await expect(page.getByTestId('search-tab-topic')).toHaveText('话题');
  await expect(page.getByTestId('search-count')).toHaveText('1 条结果');
  await expect(page.getByTestId('search-hit').first().locator('mark').first()).toHaveText('签证');
  await page.getByTestId('search-range-week').click();
  await expect(page.getByTestId('search-range-week')).toHaveText('一周内');
  await expect(page.getByTestId('search-hit')).toHaveCount(1);
  await expectAccessible(page, { label: 'search results in Chinese' });
  await page.getByTestId('search-hit').first().getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/topic/${topicId}$`));

  const long = await page.goto(`${server.url}/search?q=${'长'.repeat(31)}`);
  expect(long?.status()).toBe(400);
  await expect(page.getByTestId('search-error')).toHaveText('搜索关键词最多 30 个字符');
  expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
});
