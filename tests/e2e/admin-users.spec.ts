/**
 * Back-office journeys in Chromium against one fresh installed server (issues 16 and 17): the
 * admin adds forbidden words at /admin/words (one refusing, one holding for review) and a
 * member's next posts are refused with the field named and held for review; in Chinese, the admin
 * finds a member at /admin/users by e-mail, verifies the address by hand and makes them a
 * moderator. axe-core on both screens (light and dark); no console errors.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { E2E_ADMIN, startServer, type E2eServer } from '../support/e2e-server';
import { adminToken, apiPost, signUpMember } from '../support/e2e-members';
import { attachServerOutputOnFailure, layoutShots, openHydrated, setLocaleCookie, watchErrors } from '../support/page';

let server: E2eServer;
test.beforeAll(async () => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Back Office' } });
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

async function signedInAdmin(browser: Browser, locale: 'en-US' | 'zh-CN'): Promise<Page> {
  const context = await browser.newContext();
  await setLocaleCookie(context, server.url, locale);
  const page = await context.newPage();
  const res = await page.request.post(`${server.url}/api/login/signin`, { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
  expect(res.status()).toBe(200);
  return page;
}

test('an admin adds forbidden words; a member\u2019s post is refused naming the field, another is held for review', async ({ browser }) => {
  const page = await signedInAdmin(browser, 'en-US');
  const errors = watchErrors(page);
  await openHydrated(page, `${server.url}/admin/words`);
  await expect(page.getByRole('heading', { name: 'Forbidden words', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forbidden words' })).toBeVisible();

  // A bad pattern is refused in the browser with the API's own rule, naming the field.
  const add = page.getByTestId('word-add');
  await add.getByTestId('word-add-kind').selectOption('regex');
  await add.getByTestId('word-add-pattern').fill('(a+)+$');
  await add.getByTestId('word-add-submit').click();
  await expect(add.getByText(/repeats a group that itself repeats/)).toBeVisible();

  // A refusing pattern (Thai), then a word that holds for review.
  await add.getByTestId('word-add-pattern').fill('คาสิโน\\s*ออนไลน์');
  await add.getByTestId('word-add-action').selectOption('refuse');
  await add.getByTestId('word-add-submit').click();
  await expect(page.getByTestId('word-pattern').filter({ hasText: 'คาสิโน' })).toBeVisible();
  await add.getByTestId('word-add-kind').selectOption('word');
  await add.getByTestId('word-add-pattern').fill('Casino-Bonus');
  await add.getByTestId('word-add-action').selectOption('review');
  await add.getByTestId('word-add-submit').click();
  await expect(page.getByTestId('word-pattern').filter({ hasText: 'casino-bonus' })).toBeVisible();
  await expect(page.getByTestId('admin-pager')).toContainText('2 in all');
  // The server's own refusal (a duplicate) comes back under the field, which gets the focus.
  await add.getByTestId('word-add-pattern').fill('casino-bonus');
  await add.getByTestId('word-add-submit').click();
  await expect(add.getByText('This word or pattern is already on the list')).toBeVisible();
  await expect(add.getByTestId('word-add-pattern')).toBeFocused();
  await expect(add.getByTestId('word-add-pattern')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, { label: 'admin words' });
  await layoutShots(page, 'admin-words');

  // A member (verified by the admin, as the back office allows) writes.
  const other = await browser.newContext();
  const member = await signUpMember(other.request, server, 'Writer');
  await other.close();
  const admin = await adminToken(page.request, server);
  const found = await (await page.request.get(`${server.url}/api/admin/users`, { headers: { 'x-user-token': admin }, params: { q: member.email } })).json();
  await apiPost(page.request, server, '/api/admin/user/verify_email', admin, { userId: found.data.results[0].id });
  const refused = await page.request.post(`${server.url}/api/topic/create`, {
    headers: { 'x-user-token': member.token, 'accept-language': 'en-US' },
    data: { title: 'Weekend plans', content: '<p>เล่นคาสิโน ออนไลน์ ทุกวัน</p>' },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).fields).toEqual({ content: 'The content contains a word that is not allowed here' });
  const held = await apiPost<{ id: number; status: number }>(page.request, server, '/api/topic/create', member.token, { title: 'Best ＣＡＳＩＮＯ-ＢＯＮＵＳ deals', content: '<p>Click.</p>' });
  expect(held.status).toBe(2);
  expect(errors).toEqual([]);
});

test('中文：管理员在用户管理中按邮箱找到会员，手动验证邮箱并设为版主', async ({ browser }) => {
  const page = await signedInAdmin(browser, 'zh-CN');
  const errors = watchErrors(page);
  // Signed up in a context of its own, so the admin's session stays the page's.
  const other = await browser.newContext();
  const member = await signUpMember(other.request, server, 'Somchai');
  await other.close();
  await openHydrated(page, `${server.url}/admin/users`);
  await expect(page.getByRole('heading', { name: '用户管理', level: 1 })).toBeVisible();
  await page.getByTestId('member-search').fill(member.email.toUpperCase());
  await page.getByTestId('member-search-submit').click();
  await expect(page.getByTestId('member-row')).toHaveCount(1);
  await expect(page.getByTestId('member-row')).toContainText(member.nickname);
  await expect(page.getByTestId('admin-pager')).toContainText('共 1');

  // Verify the e-mail by hand.
  await page.getByRole('button', { name: '标记为已验证' }).click();
  await expect(page.getByText('已验证', { exact: true })).toBeVisible();

  // Make them a moderator: confirmed, then saved and shown.
  const role = page.getByRole('combobox', { name: `${member.nickname} 的角色` });
  await role.selectOption('moderator');
  await page.getByRole('dialog').getByRole('button', { name: '修改角色' }).click();
  await expect(page.getByText(`已修改 ${member.nickname} 的角色`).first()).toBeVisible();
  await expect(role).toHaveValue('moderator');
  await expectAccessible(page, { label: 'admin users (zh-CN)' });
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expectAccessible(page, { label: 'admin users (zh-CN, dark)' });
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await layoutShots(page, 'admin-users');

  // The audit log has both changes.
  await openHydrated(page, `${server.url}/admin/audit`);
  await expect(page.getByTestId('audit-action').filter({ hasText: '修改角色' }).first()).toBeVisible();
  await expect(page.getByTestId('audit-action').filter({ hasText: '验证邮箱' }).first()).toBeVisible();
  expect(errors).toEqual([]);
});
