/**
 * Push notifications in Chromium, in both languages, against one fresh installed server: the
 * "Turn on notifications on this device" toggle (the notification settings page
 * holds it) asks for permission only after its click — no page asks on load; a browser that
 * refuses (headless Chromium refuses whatever is not granted) shows the blocked state with how
 * to undo it; with permission granted, a push service out of reach (this machine is offline, and
 * headless Chromium has none) ends in a clear translated error, not a spinner. After a member's
 * first comment the gentle prompt offers the same, once: "Not now" is remembered. axe-core on
 * each state.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { adminToken, apiPost, signUpMember, verifyByMail, type Member } from '../support/e2e-members';
import { startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, openHydrated, setLocaleCookie, watchErrors } from '../support/page';

let server: E2eServer;
let topicId: number;

const WORDS = {
  'en-US': {
    turnOn: 'Turn on notifications on this device',
    denied: /Notifications are blocked for this site\. To allow them/,
    failed: 'Notifications could not be turned on: the browser’s push service did not answer.',
    question: 'Get notified of replies on this device?',
    notNow: 'Not now',
    submit: 'Post comment',
  },
  'zh-CN': {
    turnOn: '在此设备上开启通知',
    denied: /本站的通知已被阻止。如需开启/,
    failed: '无法开启通知：浏览器的推送服务没有响应。',
    question: '在此设备上接收回复通知？',
    notNow: '以后再说',
    submit: '发表评论',
  },
} as const;

// Sign-up, a verification mail and several page loads each: more than the default on a busy machine.
test.describe.configure({ timeout: 180_000 });
// Service workers are blocked for the other journeys (playwright.config.ts): the toggle registers the site's.
test.use({ serviceWorkers: 'allow' });

test.beforeAll(async ({ playwright }) => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Push' } });
  const request = await playwright.request.newContext();
  const token = await adminToken(request, server);
  topicId = await apiPost<{ id: number }>(request, server, '/api/topic/create', token, { type: 0, title: 'Night buses in Chiang Mai', content: '<p>Do they still run?</p>' }).then((t) => t.id);
  await request.dispose();
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

/** Counts every permission request the page makes (a wrapper installed before any script runs). */
async function countPermissionRequests(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const original = Notification.requestPermission.bind(Notification);
    const counted = window as unknown as { __permissionRequests: number };
    counted.__permissionRequests = 0;
    Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
      counted.__permissionRequests += 1;
      return original(...args);
    };
  });
}
const permissionRequests = (page: Page) => page.evaluate(() => (window as unknown as { __permissionRequests: number }).__permissionRequests);

async function memberIn(page: Page, context: BrowserContext, locale: 'en-US' | 'zh-CN'): Promise<Member> {
  await setLocaleCookie(context, server.url, locale);
  await countPermissionRequests(context);
  const member = await signUpMember(page.request, server, 'Pusher');
  await context.addCookies([{ name: 'sabai_token', value: member.token, url: server.url }]);
  return member;
}

/** Opens a page, lets it settle, and checks that nothing asked for permission. */
async function openWithoutAsking(page: Page, path: string): Promise<void> {
  await openHydrated(page, server.url + path);
  await page.waitForLoadState('networkidle');
  expect(await permissionRequests(page), `${path} asked on load`).toBe(0);
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  const words = WORDS[locale];

  test(`[${locale}] the toggle asks only after its click; a refusal shows how to undo it`, async ({ page, context }) => {
    const errors = watchErrors(page);
    await memberIn(page, context, locale);
    await openWithoutAsking(page, '/');
    await openWithoutAsking(page, `/topic/${topicId}`);
    await openWithoutAsking(page, '/user/profile/notifications');
    const toggle = page.getByTestId('push-toggle');
    await expect(toggle).toHaveAttribute('data-state', 'off');
    await expect(page.getByTestId('push-on')).toHaveText(words.turnOn);
    await expectAccessible(page, { label: `push toggle off ${locale}` });

    // Headless Chromium refuses a permission it was not granted: the blocked state, with the way back.
    await page.getByTestId('push-on').click();
    await expect(toggle).toHaveAttribute('data-state', 'denied');
    await expect(page.getByTestId('push-denied')).toHaveText(words.denied);
    expect(await permissionRequests(page)).toBe(1);
    await expectAccessible(page, { label: `push toggle denied ${locale}` });
    expect(errors).toEqual([]);
  });

  test(`[${locale}] granted, but no push service within reach: a clear error, not a spinner`, async ({ page, context }) => {
    await memberIn(page, context, locale);
    await context.grantPermissions(['notifications'], { origin: server.url });
    // The site's own service worker (the installable app's) registers: the journey reaches the
    // browser's push service itself.
    expect((await page.request.get(`${server.url}/sw.js`)).status()).toBe(200);
    await openWithoutAsking(page, '/user/profile/notifications');
    await expect(page.getByTestId('push-toggle')).toHaveAttribute('data-state', 'off');
    const clicked = Date.now();
    await page.getByTestId('push-on').click();
    // The browser's push service cannot be reached (offline): the subscribe fails within its deadline.
    await expect(page.getByTestId('push-error')).toContainText(words.failed, { timeout: 35_000 });
    await expect(page.getByTestId('push-toggle')).toHaveAttribute('data-state', 'off');
    await expect(page.getByTestId('push-on')).toBeEnabled();
    test.info().annotations.push({ type: 'failure shown after', description: `${Date.now() - clicked} ms` });
    // The worker did register: the failure was the push service's, not a missing script.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL ?? null)).toMatch(/\/sw\.js\?lang=(en-US|zh-CN)$/);
    expect(await permissionRequests(page)).toBe(1);
    // Nothing was stored for this member.
    const devices = await page.request.get(`${server.url}/api/user/push/devices`);
    expect(((await devices.json()) as { data: { devices: unknown[] } }).data.devices).toEqual([]);
    await expectAccessible(page, { label: `push toggle failed ${locale}` });
  });

  test(`[${locale}] after a first comment, the prompt offers notifications once; “Not now” is remembered`, async ({ page, context }) => {
    const errors = watchErrors(page);
    const member = await memberIn(page, context, locale);
    await verifyByMail(page, server, member);
    await openWithoutAsking(page, `/topic/${topicId}`);
    await expect(page.getByTestId('push-prompt')).toHaveCount(0);

    const comment = async (text: string) => {
      const box = page.getByTestId('comment-box').first();
      await box.locator('[contenteditable="true"]').click();
      await page.keyboard.type(text);
      await box.getByTestId('comment-submit').click();
      await expect(page.getByTestId('comment-list')).toContainText(text);
    };
    await comment(`First one from ${member.nickname}`);
    const prompt = page.getByTestId('push-prompt');
    await expect(prompt).toContainText(words.question);
    expect(await permissionRequests(page)).toBe(0);
    await expectAccessible(page, { label: `push prompt ${locale}`, include: '[data-testid="push-prompt"]' });
    await page.getByTestId('push-prompt-later').click();
    await expect(prompt).toHaveCount(0);

    // Remembered: another comment, or the next visit, asks nothing.
    await comment(`Second one from ${member.nickname}`);
    await expect(prompt).toHaveCount(0);
    await openWithoutAsking(page, `/topic/${topicId}`);
    await expect(prompt).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}
