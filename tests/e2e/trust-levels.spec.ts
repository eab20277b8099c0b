/**
 * Trust levels in Chromium (issue 28, ADR 0027), against one server whose members start at level 0
 * (the thresholds a site has by default; the challenge off, it is defences.spec.ts's):
 *   - a new member sees the quiet "New member" notice with the site's numbers (2 posts reviewed,
 *     3 links or pictures) on the new topic page, on their settings page and above the comment box
 *     of a cached topic page (their own data, brought by their revalidation, never the shared
 *     render: a visitor's copy of the page has none);
 *   - a moderator opens "Set trust level" on the member's row of /admin/users, sets level 1 by
 *     hand; the row shows it, set by hand;
 *   - after a reload the member's notice is gone everywhere.
 * Both languages, axe on every screen (the notice and the dialog in light and dark), no console
 * errors.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { startServer, type E2eServer } from '../support/e2e-server';
import { adminToken, apiPost, signUpMember, type Member } from '../support/e2e-members';
import { attachServerOutputOnFailure, layoutShots, openHydrated, setLocaleCookie, watchErrors } from '../support/page';

let server: E2eServer;
let admin = '';
let topicId = 0;
test.beforeAll(async ({ request }) => {
  server = await startServer({
    installed: true,
    settings: {
      siteTitle: 'Sabai Trust',
      challenge: { enabled: false },
      // Level 1 needs a day and two posts: a member who signs up now is at level 0.
      trust: { level1: { days: 1, posts: 2, likes: 0, score: 0 }, level2: { days: 14, posts: 20, likes: 10, score: 50 }, reviewFirstPosts: 2, maxLinks: 3 },
    },
  });
  admin = await adminToken(request, server);
  topicId = (await apiPost<{ id: number }>(request, server, '/api/topic/create', admin, { title: 'Moving to Chiang Mai in March', content: '<p>Which area is quiet but close to the old town?</p>', contentType: 'html' })).id;
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

/** axe in light and in dark mode. */
async function accessibleBothModes(page: Page, label: string): Promise<void> {
  await expectAccessible(page, { label });
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expectAccessible(page, { label: `${label}, dark` });
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

const TEXT = {
  'en-US': {
    label: 'New member',
    review: 'Your next 2 posts are checked by a moderator before they appear.',
    links: 'A post may carry at most 3 links or pictures.',
    setFor: (nickname: string) => `Set the trust level of ${nickname}`,
    save: 'Save',
    level1: 'Level 1',
    locked: 'set by hand',
    dialog: (nickname: string) => `Trust level of ${nickname}`,
  },
  'zh-CN': {
    label: '新成员',
    review: '你接下来的 2 篇内容需经版主审核后才会显示。',
    links: '每篇内容最多可包含 3 个链接或图片。',
    setFor: (nickname: string) => `设置 ${nickname} 的信任等级`,
    save: '保存',
    level1: '1 级',
    locked: '手动设置',
    dialog: (nickname: string) => `${nickname} 的信任等级`,
  },
} as const;

type Locale = keyof typeof TEXT;

/** A new browser context in `locale`, with a member signed up in it (its cookie is the session). */
async function memberPage(browser: Browser, locale: Locale, label: string): Promise<{ page: Page; member: Member }> {
  const context = await browser.newContext();
  await setLocaleCookie(context, server.url, locale);
  const member = await signUpMember(context.request, server, label);
  return { page: await context.newPage(), member };
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`[${locale}] a new member is told their limits where they write; a moderator sets level 1 and the notice goes`, async ({ browser }) => {
    test.setTimeout(240_000);
    const text = TEXT[locale];
    const { page, member } = await memberPage(browser, locale, 'Newcomer');
    const errors = watchErrors(page);

    // Above the new topic form, with the site's numbers.
    await openHydrated(page, `${server.url}/topic/create`);
    const notice = page.getByTestId('new-member-notice');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(text.label);
    await expect(notice).toContainText(text.review);
    await expect(notice).toContainText(text.links);
    await accessibleBothModes(page, `new topic (${locale})`);
    await layoutShots(page, `trust-notice-topic-${locale}`);

    // On their settings page.
    await openHydrated(page, `${server.url}/user/profile`);
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(text.review);
    await expectAccessible(page, { label: `settings (${locale})` });
    await layoutShots(page, `trust-notice-profile-${locale}`);

    // Above the comment box of a topic page: the shared render has no notice (a visitor's copy),
    // the member's revalidation brings it.
    const visitor = await browser.newContext();
    await setLocaleCookie(visitor, server.url, locale);
    const anonymous = await (await visitor.request.get(`${server.url}/topic/${topicId}`)).text();
    expect(anonymous).toContain('comment-section');
    expect(anonymous).not.toContain('data-testid="new-member-notice"');
    await visitor.close();
    await openHydrated(page, `${server.url}/topic/${topicId}`);
    await expect(page.getByTestId('comment-section').getByTestId('new-member-notice')).toBeVisible();
    await expect(page.getByTestId('comment-section').getByTestId('new-member-notice')).toContainText(text.links);
    await expectAccessible(page, { label: `topic page (${locale})` });
    await layoutShots(page, `trust-notice-comments-${locale}`);

    // A moderator sets the member's level by hand from the member list.
    const { page: modPage } = await memberPage(browser, locale, 'Moderator');
    const modErrors = watchErrors(modPage);
    const modId = (await (await modPage.request.get(`${server.url}/api/user/current`)).json()) as { data: { id: number } };
    await apiPost(modPage.request, server, '/api/admin/user/role', admin, { userId: modId.data.id, role: 'moderator' });
    await openHydrated(modPage, `${server.url}/admin/users`);
    await modPage.getByTestId('member-search').fill(member.email);
    await modPage.getByTestId('member-search-submit').click();
    await expect(modPage.getByTestId('member-row')).toHaveCount(1);
    await modPage.getByRole('button', { name: text.setFor(member.nickname) }).click();
    const dialog = modPage.getByRole('dialog', { name: text.dialog(member.nickname) });
    await expect(dialog).toBeVisible();
    // A computed level: the dialog starts on "automatic".
    await expect(dialog.getByTestId('trust-choice-auto')).toBeChecked();
    await dialog.getByTestId('trust-choice-1').check();
    await accessibleBothModes(modPage, `trust dialog (${locale})`);
    await layoutShots(modPage, `trust-dialog-${locale}`);
    const saved = modPage.waitForResponse((response) => response.url().endsWith('/api/admin/trust/set'));
    await dialog.getByRole('button', { name: text.save, exact: true }).click();
    expect((await saved).status()).toBe(200);
    await expect(dialog).toHaveCount(0);
    const cell = modPage.getByTestId(/^member-trust-\d+$/);
    await expect(cell).toContainText(text.level1);
    await expect(cell.getByTestId('member-trust-locked')).toHaveText(text.locked);
    await expectAccessible(modPage, { label: `member list after (${locale})` });
    await layoutShots(modPage, `trust-row-${locale}`);

    // The member reloads: no notice anywhere.
    await openHydrated(page, `${server.url}/topic/create`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('new-member-notice')).toHaveCount(0);
    await openHydrated(page, `${server.url}/user/profile`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('new-member-notice')).toHaveCount(0);
    // (Hydrated: on a cached page, only once the member's revalidation has answered.)
    await openHydrated(page, `${server.url}/topic/${topicId}`);
    await expect(page.getByRole('textbox', { name: locale === 'en-US' ? 'Write a comment' : '发表评论' })).toBeVisible();
    await expect(page.getByTestId('new-member-notice')).toHaveCount(0);

    expect(errors).toEqual([]);
    expect(modErrors).toEqual([]);
    await page.context().close();
    await modPage.context().close();
  });
}
