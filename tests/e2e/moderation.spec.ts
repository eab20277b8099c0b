/**
 * Moderation journeys in Chromium against one fresh installed server (issue 16), in both
 * languages: a moderator (the installer's admin) opens a member's profile, bans them with a
 * reason from the moderator menu; the member then sees the ban on every page (until when and
 * why) and is refused a comment with the same words; the back office lists the ban and its
 * audit entry; the ban is lifted from the banned members' table. Members get 403 at /admin,
 * visitors the sign-in page. axe-core on the back office; no console errors.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { E2E_ADMIN, startServer, type E2eServer } from '../support/e2e-server';
import { signUpMember, type Member } from '../support/e2e-members';
import { attachServerOutputOnFailure, openHydrated, setLocaleCookie, watchErrors, recordToasts, expectRecordedToast } from '../support/page';

let server: E2eServer;

test.beforeAll(async () => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Moderation' } });
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

type Locale = 'en-US' | 'zh-CN';

const WORDS = {
  'en-US': {
    moderate: 'Moderate member',
    ban: 'Ban member',
    submit: 'Ban',
    forever: 'Forever',
    notice: 'Your account is banned permanently.',
    refused: 'Your account is banned permanently. Reason: ',
    backOffice: 'Back office',
    bans: 'Banned members',
    audit: 'Audit log',
    banned: 'Banned',
    unban: 'Lift ban',
    lifted: 'Ban lifted',
  },
  'zh-CN': {
    moderate: '管理用户',
    ban: '禁言用户',
    submit: '禁言',
    forever: '永久',
    notice: '你的账号已被永久禁言。',
    refused: '你的账号已被永久禁言。原因：',
    backOffice: '管理后台',
    bans: '禁言用户',
    audit: '审计日志',
    banned: '禁言',
    unban: '解除禁言',
    lifted: '已解除禁言',
  },
} as const;

async function signedInAdmin(browser: Browser, locale: Locale): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await setLocaleCookie(context, server.url, locale);
  const page = await context.newPage();
  const res = await page.request.post(`${server.url}/api/login/signin`, { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
  expect(res.status()).toBe(200);
  return { context, page };
}

async function signedInMember(browser: Browser, locale: Locale, label: string): Promise<{ context: BrowserContext; page: Page; member: Member; id: number }> {
  const context = await browser.newContext();
  await setLocaleCookie(context, server.url, locale);
  const page = await context.newPage();
  const member = await signUpMember(page.request, server, label);
  const current = (await (await page.request.get(`${server.url}/api/user/current`)).json()) as { data: { id: number } };
  return { context, page, member, id: current.data.id };
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  const w = WORDS[locale];

  test(`[${locale}] a moderator bans a member, who sees the ban; the back office shows it; the ban is lifted`, async ({ browser }) => {
    // Two browsers, a ban, the back office and a lift: more steps than the default minute allows.
    test.setTimeout(180_000);
    const admin = await signedInAdmin(browser, locale);
    const banned = await signedInMember(browser, locale, `Noisy${locale.slice(0, 2)}`);
    const errors = watchErrors(admin.page);
    const reason = locale === 'en-US' ? 'Posting spam links' : '发布垃圾链接';

    // The profile's moderator menu: ban forever with a reason.
    await openHydrated(admin.page, `${server.url}/user/${banned.id}`);
    await admin.page.getByTestId('profile-card').getByRole('button', { name: w.moderate }).click();
    await admin.page.getByRole('menuitem', { name: w.ban }).click();
    await admin.page.getByTestId('ban-days--1').check();
    await admin.page.getByTestId('ban-reason').fill(reason);
    await admin.page.getByTestId('ban-submit').click();
    await expect(admin.page.getByRole('dialog')).toHaveCount(0);
    await expect(admin.page.getByTestId('profile-banned')).toBeVisible();

    // The member sees it at once, with the reason, and a write is refused with the same words.
    await openHydrated(banned.page, `${server.url}/`);
    const notice = banned.page.getByTestId('ban-notice');
    await expect(notice).toContainText(w.notice);
    await expect(notice).toContainText(reason);
    const refused = await banned.page.request.post(`${server.url}/api/user/update`, { data: { nickname: 'Still here' } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(w.refused + reason);

    // The back office: the account menu's entry, the banned members' table, the audit log.
    await openHydrated(admin.page, `${server.url}/admin`);
    await admin.page.getByRole('navigation', { name: w.backOffice }).getByRole('link', { name: w.audit }).click();
    await expect(admin.page).toHaveURL(`${server.url}/admin/audit`);
    await expect(admin.page.getByRole('heading', { level: 1, name: w.audit })).toBeVisible();
    const entry = admin.page.getByTestId('audit-log').locator('tbody tr').filter({ hasText: banned.member.nickname }).first();
    await expect(entry.getByTestId('audit-action')).toHaveText(w.banned);
    await expect(entry).toContainText(reason);
    await expectAccessible(admin.page);

    await admin.page.getByRole('navigation', { name: w.backOffice }).getByRole('link', { name: w.bans }).click();
    const row = admin.page.getByTestId('banned-members').locator('tbody tr').filter({ hasText: banned.member.nickname });
    await expect(row).toContainText(w.forever);
    await expect(row).toContainText(reason);
    await expectAccessible(admin.page);

    // Lift it from the table's menu; the member writes again.
    await row.getByRole('button', { name: w.moderate }).click();
    await admin.page.getByRole('menuitem', { name: w.unban }).click();
    await recordToasts(admin.page);
    await admin.page.getByRole('dialog').getByRole('button', { name: w.unban }).click();
    await expectRecordedToast(admin.page, w.lifted);
    await expect(admin.page.getByTestId('banned-members').locator('tbody tr').filter({ hasText: banned.member.nickname })).toHaveCount(0);
    const again = await banned.page.request.post(`${server.url}/api/user/update`, { data: { nickname: `Calm ${locale}` } });
    expect(again.status()).toBe(200);
    expect(errors).toEqual([]);
    await admin.context.close();
    await banned.context.close();
  });
}

test('the back office is for staff: a member gets 403, a visitor the sign-in page; only staff see its menu entry', async ({ browser, page, context }) => {
  await setLocaleCookie(context, server.url, 'en-US');
  const res = await page.goto(`${server.url}/admin/audit`);
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(`${server.url}/user/signin?redirect=${encodeURIComponent('/admin/audit')}`);

  const member = await signedInMember(browser, 'en-US', 'Curious');
  const forbidden = await member.page.goto(`${server.url}/admin/bans`);
  expect(forbidden?.status()).toBe(403);
  await expect(member.page.getByRole('heading', { level: 1, name: 'No permission to access' })).toBeVisible();
  await openHydrated(member.page, `${server.url}/`);
  await member.page.getByTestId('user-menu').filter({ visible: true }).click();
  await expect(member.page.getByRole('menuitem', { name: 'Edit profile' })).toBeVisible();
  await expect(member.page.getByRole('menuitem', { name: 'Back office' })).toHaveCount(0);
  await member.context.close();

  const admin = await signedInAdmin(browser, 'en-US');
  await openHydrated(admin.page, `${server.url}/`);
  await admin.page.getByTestId('user-menu').filter({ visible: true }).click();
  await admin.page.getByRole('menuitem', { name: 'Back office' }).click();
  // The back office opens on its dashboard.
  await expect(admin.page).toHaveURL(`${server.url}/admin`);
  await expect(admin.page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await admin.context.close();
});
