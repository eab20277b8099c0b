/**
 * A member's own data (issue 29) in Chromium, in en-US and zh-CN, against one fresh installed
 * server (SQLite): on /user/profile/data the member asks for their archive (the page says it is
 * being prepared), then schedules the deletion of their account through the dialog (password and
 * confirmation), sees when it takes effect, and cancels it. axe-core on each state; no console errors.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { signUpMember, type Member } from '../support/e2e-members';
import { startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, openHydrated, setLocaleCookie, watchErrors } from '../support/page';

let server: E2eServer;

const WORDS = {
  'en-US': { title: 'My data', none: 'You have not asked for an archive yet.', pending: 'Your archive is being prepared.', scheduled: 'Your account will be deleted on', keep: 'Deleted member', cancelled: 'Your account will not be deleted.' },
  'zh-CN': { title: '我的数据', none: '你还没有申请过存档。', pending: '正在准备你的存档。', scheduled: '你的账号将于', keep: '已注销会员', cancelled: '你的账号不会被注销。' },
} as const;

test.beforeAll(async () => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Data' } });
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

  test(`[${locale}] asks for the archive, schedules the account's deletion and cancels it`, async ({ page, context }) => {
    const errors = watchErrors(page);
    await setLocaleCookie(context, server.url, locale);
    const member = await signUpMember(page.request, server, 'Data');
    await signInAs(context, member);

    await open(page, '/user/profile/data');
    await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
    await expect(page.getByTestId('export-state')).toHaveText(words.none);
    await expect(page.getByTestId('delete-content')).toContainText(words.keep);
    await expectAccessible(page, { label: `my data ${locale}` });

    await page.getByTestId('export-request').click();
    // The job may finish before the page reads its state again: being prepared, or already ready
    // (its expiry written out: no placeholder left in the text).
    await expect(page.getByTestId('export-state')).toHaveAttribute('data-state', /^(pending|ready)$/);
    const exportState = page.getByTestId('export-state');
    if ((await exportState.getAttribute('data-state')) === 'pending') await expect(exportState).toContainText(words.pending);
    else await expect(exportState).not.toContainText('{');

    await page.getByTestId('delete-open').click();
    await page.getByTestId('delete-password').fill(member.password);
    await page.getByTestId('delete-confirm').check();
    await expectAccessible(page, { label: `delete dialog ${locale}` });
    await page.getByTestId('delete-submit').click();
    await expect(page.getByTestId('deletion-scheduled')).toContainText(words.scheduled);
    await expectAccessible(page, { label: `deletion scheduled ${locale}` });

    await page.getByTestId('deletion-cancel').click();
    await expect(page.getByTestId('delete-open')).toBeVisible();
    await expect(page.getByTestId('deletion-scheduled')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}
