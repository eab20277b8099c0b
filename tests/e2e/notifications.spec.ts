/**
 * Notification rows and preferences in Chromium, in both languages, on one fresh installed
 * server (SQLite): three members like the admin's topic; the header badge counts one row, which
 * says "… and 2 others liked your topic" and expands to the three likes; on the notification
 * settings page the admin turns likes off on the site and picks a daily digest (both kept after a
 * reload; the moderators' notices cannot be turned off); a fourth like then reaches nobody. axe
 * on both pages; no console errors.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { adminToken, apiPost, signUpMember } from '../support/e2e-members';
import { startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, openHydrated, setLocaleCookie, watchErrors } from '../support/page';

let server: E2eServer;
let token: string;

const WORDS = {
  'en-US': { row: /and 2 others liked your topic/, expand: 'Show all 3', likesWeb: 'Likes and favorites: On the site', systemWeb: 'From the moderators: On the site', saved: 'Edit successful', daily: 'Daily' },
  'zh-CN': { row: /和另外 2 人赞了你的话题/, expand: '查看全部 3 条', likesWeb: '点赞和收藏：站内', systemWeb: '来自管理员：站内', saved: '编辑成功', daily: '每天' },
} as const;

test.beforeAll(async ({ playwright }) => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Notifications', modules: { tweet: true, topic: true, article: true } } });
  const request = await playwright.request.newContext();
  token = await adminToken(request, server);
  await request.dispose();
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

/** The header badge's number ('' when there is none). */
function badge(page: Page) {
  return page.getByTestId('message-notice').locator('span[aria-hidden="true"]');
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  const words = WORDS[locale];

  test(`[${locale}] likes gather in one row with a badge of one; likes turned off on the site reach nobody; a daily digest`, async ({ page, context }) => {
    test.slow();
    const errors = watchErrors(page);
    const request = page.request;
    // Each language starts from the defaults with nothing unread.
    await apiPost(request, server, '/api/user/notification_prefs', token, { kinds: { like: { web: true } }, digest: 7 });
    await apiPost(request, server, '/api/user/messages/read_all', token, {});
    const { id: topicId } = await apiPost<{ id: number }>(request, server, '/api/topic/create', token, { type: 0, title: `Songkran plans ${locale}`, content: '<p>Water fights on Silom?</p>' });
    const fans = await Promise.all(['Ploy', 'Niran', 'Mali'].map((name) => signUpMember(request, server, name)));
    for (const fan of fans) await apiPost(request, server, '/api/like/like', fan.token, { entityType: 'topic', entityId: topicId });

    await setLocaleCookie(context, server.url, locale);
    await context.addCookies([{ name: 'sabai_token', value: token, url: server.url }]);
    await openHydrated(page, `${server.url}/`);
    await expect(badge(page)).toHaveText('1');

    await openHydrated(page, `${server.url}/user/messages`);
    // The other language's run left its own (read) row about its own topic.
    const row = page.getByTestId('message').filter({ hasText: words.row }).filter({ hasText: `Songkran plans ${locale}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(fans[2]!.nickname);
    await row.getByRole('button', { name: words.expand }).click();
    await expect(row.getByTestId('message-member')).toHaveCount(3);
    // The page marked the row read once shown: the badge clears.
    await expect(badge(page)).toHaveCount(0);
    await expectAccessible(page, { label: `messages ${locale}` });

    await openHydrated(page, `${server.url}/user/profile/notifications`);
    const likesWeb = page.getByRole('switch', { name: words.likesWeb });
    await expect(likesWeb).toBeChecked();
    await expect(page.getByRole('switch', { name: words.systemWeb })).toBeDisabled();
    await likesWeb.click();
    await expect(page.getByText(words.saved).first()).toBeVisible();
    await page.getByRole('radio', { name: new RegExp(words.daily) }).check();
    await expect(page.getByRole('radio', { name: new RegExp(words.daily) })).toBeChecked();
    await expect.poll(async () => (await (await request.get(`${server.url}/api/user/notification_prefs`, { headers: { 'x-user-token': token } })).json()).data.digest).toBe(1);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.getByRole('switch', { name: words.likesWeb })).not.toBeChecked();
    await expect(page.getByRole('radio', { name: new RegExp(words.daily) })).toBeChecked();
    await expectAccessible(page, { label: `notification settings ${locale}` });

    // Likes are off on the site: a fourth like adds no row and no badge.
    const late = await signUpMember(request, server, 'Late');
    await apiPost(request, server, '/api/like/like', late.token, { entityType: 'topic', entityId: topicId });
    await openHydrated(page, `${server.url}/user/messages`);
    await expect(page.getByTestId('message').filter({ hasText: late.nickname })).toHaveCount(0);
    await expect(badge(page)).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}
