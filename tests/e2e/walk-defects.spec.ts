/**
 * The walk's defects (issue 31 item 7), checked in two short journeys against one installed
 * server (SQLite), in Chromium:
 * 1. an admin at 390 px: the article tag page does not scroll sideways and names the tag once;
 *    every back-office screen has its own <title>; the navigation strip shows it scrolls; the
 *    chart's axis labels render at 11 px or more; the audit log's times are one line; in
 *    Chinese the audit log and the dashboard show no raw keys (actions, fields, target kinds) and
 *    the unban row tells the lifted ban's reason as such. A member opening /admin gets the 403
 *    page with the error's title.
 * 2. a banned member: no Create, Start a topic or check-in, the editor replaced by why and until
 *    when (site time zone, GMT+7); search results end with "No more results"; the profile's five
 *    figures leave no empty cell, wide or narrow.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { adminToken, apiPost, signedInPerson } from '../support/e2e-members';
import { startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, setLocaleCookie, watchErrors } from '../support/page';

let server: E2eServer;
let token = '';
let tagPath = '';

test.beforeAll(async ({ request }) => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Walk' } });
  token = await adminToken(request, server);
  await apiPost(request, server, '/api/admin/notice/create', token, { title: 'Walk notice', content: 'Hello', contentType: 'markdown', startTime: 0, endTime: 0 });
  await apiPost(request, server, '/api/topic/create', token, { title: 'Walking the old town', content: '<p>A long walk through the old town.</p>' });
  const { id } = await apiPost<{ id: number }>(request, server, '/api/article/create', token, {
    title: 'A walk article',
    content: '<p>Notes from the walk.</p>',
    tags: ['walkingthroughtheoldtownoftheday'],
  });
  const page = await request.get(`${server.url}/article/${id}`);
  tagPath = /href="(\/articles\/tag\/\d+)"/.exec(await page.text())?.[1] ?? '';
  expect(tagPath).not.toBe('');
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

async function noSideScroll(page: Page): Promise<void> {
  const [scroll, client] = await page.evaluate(() => [document.scrollingElement!.scrollWidth, document.scrollingElement!.clientWidth]);
  expect(scroll, 'horizontal scroll').toBeLessThanOrEqual(client);
}

test('an admin at 390 px: tag page, titles, navigation strip, chart labels, audit log in Chinese', async ({ browser, page, context }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  // A member banned and let off: the unban row is about the lifted ban.
  const member = await signedInPerson(browser, server, 'en-US', 'Walker');
  await apiPost(page.request, server, '/api/admin/user/ban', token, { userId: member.id, days: 7, reason: 'Shouting' });
  await apiPost(page.request, server, '/api/admin/user/unban', token, { userId: member.id });

  await page.setViewportSize({ width: 390, height: 844 });
  await setLocaleCookie(context, server.url, 'en-US');
  await context.addCookies([{ name: 'sabai_token', value: token, url: server.url }]);

  // 1. The tag page wraps and names the tag once.
  await page.goto(server.url + tagPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('#walkingthroughtheoldtownoftheday');
  await expect(page.getByText('Articles tagged #walkingthroughtheoldtownoftheday')).toHaveCount(0);
  await noSideScroll(page);

  // 3. Each back-office screen names itself.
  const titles: string[] = [];
  for (const path of ['/admin', '/admin/review', '/admin/review/reports', '/admin/content', '/admin/users', '/admin/bans', '/admin/audit', '/admin/tags', '/admin/settings', '/admin/vip']) {
    await page.goto(server.url + path);
    titles.push(await page.title());
  }
  expect(titles[0]).toBe('Dashboard · Back office · Walk');
  expect(titles[2]).toBe('Reports · Back office · Walk');
  expect(new Set(titles).size, titles.join(' | ')).toBe(titles.length);

  // 7. The strip shows that it scrolls; the chart's labels are readable; audit times are one line.
  await page.goto(server.url + '/admin');
  await expect(page.getByTestId('section-nav-fade-end')).toBeVisible();
  const smallest = () =>
    page.getByTestId('dashboard-chart').evaluate((svg) => {
      const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
      return Math.min(...[...svg.querySelectorAll('[data-testid="chart-label"]')].map((label) => Number(label.getAttribute('font-size')) * scale));
    });
  await expect.poll(smallest).toBeGreaterThanOrEqual(11);
  await noSideScroll(page);

  await page.goto(server.url + '/admin/audit');
  const time = page.locator('time').first();
  const [height, lineHeight] = await time.evaluate((el) => [el.getBoundingClientRect().height, parseFloat(getComputedStyle(el).lineHeight) || 20]);
  expect(height).toBeLessThan(lineHeight * 1.5);

  // 2. In Chinese: labels, never raw keys; the unban row tells the lifted ban's reason as such.
  await setLocaleCookie(context, server.url, 'zh-CN');
  await page.goto(server.url + '/admin/audit');
  const log = page.locator('main');
  await expect(log).toContainText('添加公告');
  await expect(log).toContainText('被解除禁言的原因: Shouting');
  for (const raw of ['notice.create', 'user.unban', 'user.ban', 'previousUntil', 'previousReason', 'authorId', 'notice #']) await expect(log).not.toContainText(raw);
  expect(await page.locator('select[name="action"] option[value="notice.create"]').count()).toBe(1);
  expect(await page.locator('select[name="action"] option[value="vip.activate"]').count()).toBe(1);
  await page.goto(server.url + '/admin');
  await expect(page.getByTestId('dashboard-recent')).toContainText('添加公告');
  await expect(page.getByTestId('dashboard-recent')).toContainText('公告 #');
  await expect(page.getByTestId('dashboard-recent')).not.toContainText('notice.create');
  await expectAccessible(page, { label: 'dashboard at 390 px' });

  // A member at /admin: the 403 page, titled by its error.
  await member.page.goto(server.url + '/admin');
  await expect(member.page).toHaveTitle('No permission to access · Walk');

  // 6. The Following tab: an article row is laid out as a topic row is; no node chips.
  const me = await page.request.get(`${server.url}/api/user/current`, { headers: { 'x-user-token': token } });
  await apiPost(page.request, server, '/api/fans/follow', member.member.token, { userId: ((await me.json()) as { data: { id: number } }).data.id });
  await member.page.setViewportSize({ width: 1280, height: 900 });
  await member.page.goto(server.url + '/?tab=following');
  const topicRow = member.page.getByTestId('topic-item').first();
  const articleRow = member.page.getByTestId('article-item').first();
  await expect(articleRow).toBeVisible();
  await expect(member.page.getByRole('navigation', { name: 'Nodes' })).toHaveCount(0);
  const shape = (row: typeof topicRow) =>
    row.evaluate((el) => {
      const avatar = el.querySelector('.tp-item-avatar')?.getBoundingClientRect();
      const stats = el.querySelector('.tp-item-foot > :last-child')?.getBoundingClientRect();
      return { avatar: avatar ? Math.round(avatar.width) : 0, left: avatar ? Math.round(avatar.left) : 0, statsRight: stats ? Math.round(stats.right) : 0 };
    });
  expect(await shape(articleRow)).toEqual(await shape(topicRow));
  expect(errors).toEqual([]);
  await member.context.close();
});

test('a banned member is offered nothing they would be refused; search ends; profile figures fill their rows', async ({ browser }) => {
  test.setTimeout(90_000);
  const member = await signedInPerson(browser, server, 'en-US', 'Banned');
  const { page } = member;
  await apiPost(page.request, server, '/api/admin/user/ban', token, { userId: member.id, days: 7, reason: 'Cool down' });

  // 4. No Create, no Start a topic; the editor and the check-in say why and until when.
  await page.goto(server.url + '/');
  await expect(page.getByTestId('ban-notice')).toContainText('GMT+7');
  await expect(page.getByTestId('create-menu')).toHaveCount(0);
  await expect(page.getByTestId('start-topic')).toHaveCount(0);
  await page.goto(server.url + '/topic/create');
  await expect(page.getByTestId('banned-panel')).toContainText('You can’t post while your account is banned.');
  await expect(page.getByTestId('banned-panel')).toContainText('GMT+7');
  await expect(page.locator('main form')).toHaveCount(0);
  await page.goto(server.url + '/user/scores');
  await expect(page.getByTestId('checkin-card').getByTestId('banned-panel')).toBeVisible();
  await expect(page.getByTestId('checkin-button')).toHaveCount(0);

  // 5. Search results end with their own words.
  await page.goto(server.url + '/search?q=walk');
  await expect(page.getByTestId('feed-end')).toHaveText('No more results');

  // 6. The profile's five figures: three over two, rows filled, on a phone and in the wide layout's side column.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(server.url + `/user/${member.id}`);
    const rows = await page.getByTestId('profile-stats').evaluate((list) => {
      const box = list.getBoundingClientRect();
      const cells = [...list.querySelectorAll('[data-stat]')].map((cell) => cell.getBoundingClientRect());
      const byTop = new Map<number, DOMRect[]>();
      for (const cell of cells) byTop.set(Math.round(cell.top), [...(byTop.get(Math.round(cell.top)) ?? []), cell]);
      // Each row's cells reach the list's right edge (within a gap): no empty cell at a row's end.
      return [...byTop.values()].map((row) => ({ count: row.length, gap: box.right - Math.max(...row.map((cell) => cell.right)) }));
    });
    expect(rows.map((row) => row.count), `at ${width} px`).toEqual([3, 2]);
    for (const row of rows) expect(row.gap, `at ${width} px`).toBeLessThan(12);
  }
  await member.context.close();
});
