/**
 * VIP membership journeys in Chromium (issue 18), against one fresh forum with VIP on:
 *   - en-US: a member finds "Membership" in the account menu, chooses a plan, sees the wallet
 *     (QR code), the network and the exact amount with a countdown, submits a transaction hash;
 *     the admin opens /admin/vip, sees the order with its explorer link and activates it; the
 *     member's page says VIP until…, and the VIP badge shows on their profile and their comment.
 *   - zh-CN: the member page in Chinese; with VIP switched off by the admin the page says so and
 *     the menu item goes.
 * axe-core on the member page (order open), the admin page and the Chinese page; no console errors.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { E2E_VIP } from '../support/e2e-vip';
import { E2E_ADMIN, startServer, type E2eServer } from '../support/e2e-server';
import { adminToken, apiPost, signUpMember, type Member } from '../support/e2e-members';
import { attachServerOutputOnFailure, openHydrated, setLocaleCookie, watchErrors } from '../support/page';

const VIP = E2E_VIP;
const SHOTS = process.env.VIP_SHOTS;

let server: E2eServer;

test.beforeAll(async () => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai VIP', vip: VIP } });
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

async function signedIn(browser: Browser, locale: 'en-US' | 'zh-CN', label: string): Promise<{ context: BrowserContext; page: Page; member: Member; id: number }> {
  const context = await browser.newContext();
  await setLocaleCookie(context, server.url, locale);
  const page = await context.newPage();
  const member = await signUpMember(page.request, server, label);
  const current = (await (await page.request.get(`${server.url}/api/user/current`)).json()) as { data: { id: number } };
  return { context, page, member, id: current.data.id };
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${SHOTS}/${name}-dark-390.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('[en-US] a member buys a plan and submits the hash; the admin activates it; the badge appears', async ({ browser }) => {
  const buyer = await signedIn(browser, 'en-US', 'Buyer');
  const errors = watchErrors(buyer.page);
  const page = buyer.page;

  // The account menu leads to the page while VIP is on.
  await openHydrated(page, `${server.url}/`);
  await page.getByTestId('user-menu').filter({ visible: true }).click();
  await page.getByRole('menuitem', { name: 'Membership' }).click();
  await expect(page).toHaveURL(`${server.url}/user/profile/member`);
  await expect(page.getByTestId('vip-state')).toContainText('You are not a VIP member yet');
  await expect(page.getByTestId('vip-plan-1y')).toContainText('30.00 USDT');

  // Choose a year: the order to pay.
  await page.getByRole('button', { name: 'Choose: 1 year' }).click();
  const pay = page.getByTestId('vip-pay');
  await expect(pay).toBeVisible();
  await expect(pay).toContainText('USDT · TRC20');
  await expect(page.getByTestId('vip-address')).toHaveText(VIP.address);
  const amount = (await page.getByTestId('vip-amount').textContent())!;
  // 30 plus 1–999 thousandths, printed without trailing zeros (30.75 is 30.750): never the bare price.
  expect(amount).toMatch(/^30\.\d{2,3}$/);
  expect(Number(amount)).toBeGreaterThan(30);
  await expect(page.getByTestId('vip-countdown')).toHaveText(/^Expires in (59|60):\d\d$/);
  await expect(page.getByTestId('vip-qr')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('vip-qr').locator('svg')).toBeVisible();
  await expectAccessible(page, { label: 'membership: order to pay' });
  await shoot(page, 'member-pay');

  // A malformed hash is named; a good one moves the order to "submitted".
  await page.getByTestId('vip-tx-hash').fill('not-a-hash');
  await page.getByTestId('vip-submit-hash').click();
  await expect(page.getByText('A transaction hash is 64 characters of 0–9 and a–f')).toBeVisible();
  const hash = `${Date.now().toString(16)}`.padStart(64, 'c');
  await page.getByTestId('vip-tx-hash').fill(hash);
  await page.getByTestId('vip-submit-hash').click();
  await expect(page.getByTestId('vip-waiting')).toContainText('An admin checks the transaction');
  await expect(page.getByTestId('vip-history-order').first().getByTestId('vip-order-status')).toHaveText('Submitted');

  // The admin's queue: the order with its explorer link; activate.
  const adminContext = await browser.newContext();
  await setLocaleCookie(adminContext, server.url, 'en-US');
  const admin = await adminContext.newPage();
  expect((await admin.request.post(`${server.url}/api/login/signin`, { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } })).status()).toBe(200);
  const adminErrors = watchErrors(admin);
  await openHydrated(admin, `${server.url}/admin/vip`);
  await expect(admin.getByRole('heading', { level: 1, name: 'VIP membership' })).toBeVisible();
  await expect(admin.getByTestId('vip-open-count')).toHaveText('1 order waiting for a decision');
  const row = admin.getByTestId('vip-queue').locator('tbody tr').filter({ hasText: buyer.member.nickname });
  await expect(row).toContainText(`${amount} USDT`);
  await expect(row.getByTestId('vip-explorer-link')).toHaveAttribute('href', `https://tronscan.org/#/transaction/${hash}`);
  await expectAccessible(admin, { label: 'admin VIP queue' });
  await shoot(admin, 'admin-vip');
  await row.getByTestId('vip-activate').click();
  await admin.getByTestId('confirm-ok').click();
  await expect(admin.getByTestId('vip-queue-empty')).toBeVisible();
  await expect(admin.getByTestId('vip-open-count')).toHaveText('0 orders waiting for a decision');
  // The settings panel checks with the API's schema before sending, naming the field.
  await admin.getByTestId('vip-price-1y').fill('thirty');
  await admin.getByTestId('vip-settings-save').click();
  await expect(admin.getByTestId('vip-settings').getByText('A price is a positive number of USDT with at most two decimals')).toBeVisible();
  await expect(admin.getByTestId('vip-price-1y')).toBeFocused();

  // The member: VIP until…, the order active, the badge on their profile and their comment.
  await openHydrated(page, `${server.url}/user/profile/member`);
  await expect(page.getByTestId('vip-state')).toHaveAttribute('data-state', 'active');
  await expect(page.getByTestId('vip-state')).toContainText('VIP until');
  await expect(page.getByTestId('vip-history-order').first().getByTestId('vip-order-status')).toHaveText('Active');
  await shoot(page, 'member-active');
  await openHydrated(page, `${server.url}/user/${buyer.id}`);
  await expect(page.getByTestId('profile-vip')).toHaveText('VIP');
  const token = await adminToken(admin.request, server);
  const topic = await apiPost<{ id: number }>(admin.request, server, '/api/topic/create', token, { title: 'Who is coming to Loy Krathong?', content: '<p>Lanterns by the river.</p>', contentType: 'html' });
  await apiPost(page.request, server, '/api/comment/create', buyer.member.token, { entityType: 'topic', entityId: topic.id, content: 'Count me in' });
  await openHydrated(page, `${server.url}/topic/${topic.id}`);
  const comment = page.locator('article, li').filter({ hasText: 'Count me in' }).last();
  await expect(comment.getByTestId('vip-badge')).toHaveText('VIP');
  expect(errors).toEqual([]);
  expect(adminErrors).toEqual([]);
  await adminContext.close();
  await buyer.context.close();
});

test('[zh-CN] the member page in Chinese; with VIP off it says so and the menu item goes', async ({ browser }) => {
  const reader = await signedIn(browser, 'zh-CN', 'Reader');
  const errors = watchErrors(reader.page);
  const page = reader.page;
  await openHydrated(page, `${server.url}/user/profile/member`);
  await expect(page.getByRole('heading', { level: 1, name: '会员' })).toBeVisible();
  await expect(page.getByTestId('vip-state')).toContainText('你还不是 VIP 会员');
  await expect(page.getByTestId('vip-plan-forever')).toContainText('150.00 USDT');
  await expect(page.getByTestId('vip-plan-2y')).toContainText('2 年');
  await expect(page.getByRole('navigation', { name: '设置' }).getByRole('link', { name: '会员' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page, { label: 'membership (zh-CN)' });
  await shoot(page, 'member-zh');

  // The admin switches VIP off (their own session: the reader's cookie jar stays the reader's).
  const adminContext = await browser.newContext();
  const token = await adminToken(adminContext.request, server);
  await apiPost(adminContext.request, server, '/api/admin/vip/settings', token, { ...VIP, enabled: false, orderLimit: undefined });
  try {
    await openHydrated(page, `${server.url}/user/profile/member`);
    await expect(page.getByTestId('vip-disabled')).toContainText('暂不提供 VIP 会员');
    await expect(page.getByTestId('vip-plan-1y')).toHaveCount(0);
    await page.getByTestId('user-menu').filter({ visible: true }).click();
    await expect(page.getByRole('menuitem', { name: '退出登录' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '会员' })).toHaveCount(0);
    await page.keyboard.press('Escape');
  } finally {
    await apiPost(adminContext.request, server, '/api/admin/vip/settings', token, { ...VIP, orderLimit: undefined });
    await adminContext.close();
  }
  expect(errors).toEqual([]);
  await reader.context.close();
});
