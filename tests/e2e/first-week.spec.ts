/**
 * What a new member meets in the first week (issue 13), in Chromium against one installed
 * server: toasts keep clear of the page (the topic page's author card on wide screens, the page
 * below the header on phones), in both languages; a comment's IP location follows the reader's
 * language like the topic's, also after a language switch.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiPost, signUpMember, verifyByMail } from '../support/e2e-members';
import { startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, openHydrated } from '../support/page';

let server: E2eServer;
test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  // A trusted proxy names the visitor's country (cf-ipcountry): posts get an IP location.
  server = await startServer({ installed: true, env: { TRUST_PROXY: 'true' } });
});
test.afterAll(async () => {
  await server?.stop();
});
attachServerOutputOnFailure(() => server);

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** From now on, the box of each toast as it appears, with the boxes of `selectors` at that moment (null when absent). */
async function recordToastBoxes(page: Page, selectors: string[]): Promise<void> {
  await page.evaluate((watched) => {
    const seen: Array<{ toast: Box; others: Array<Box | null> }> = [];
    (window as unknown as { __toastBoxes: typeof seen }).__toastBoxes = seen;
    const box = (el: Element | null): Box | null => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    const marked = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const node of document.querySelectorAll('[data-testid="toast"]')) {
        if (marked.has(node)) continue;
        marked.add(node);
        // After the entry animation's first frame the box is where it stays (give or take 8 px of slide).
        requestAnimationFrame(() => seen.push({ toast: box(node)!, others: watched.map((s) => box(document.querySelector(s))) }));
      }
    }).observe(document.body, { childList: true, subtree: true });
  }, selectors);
}

async function toastBoxes(page: Page): Promise<Array<{ toast: Box; others: Array<Box | null> }>> {
  return page.evaluate(() => (window as unknown as { __toastBoxes?: Array<{ toast: Box; others: Array<Box | null> }> }).__toastBoxes ?? []);
}

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

const VIEWPORTS = { desktop: { width: 1280, height: 720 }, mobile: { width: 390, height: 844 } } as const;
const LIKED = { 'en-US': 'Like successful', 'zh-CN': '点赞成功' } as const;

for (const [layout, viewport] of Object.entries(VIEWPORTS)) {
  for (const locale of ['en-US', 'zh-CN'] as const) {
    test(`a toast keeps clear of the page: the author card, the content below the header (${layout}, ${locale})`, async ({ browser }) => {
      const writer = await browser.newContext();
      const writerPage = await writer.newPage();
      const author = await signUpMember(writerPage.request, server, 'Author');
      await verifyByMail(writerPage, server, author);
      const topic = await apiPost<{ id: number }>(writerPage.request, server, '/api/topic/create', author.token, {
        title: `Night markets worth the trip ${author.nickname}`,
        content: '<p>Which night market do you keep going back to?</p>',
        contentType: 'html',
      });
      await writer.close();

      const context = await browser.newContext({ viewport, locale });
      await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
      const page = await context.newPage();
      const reader = await signUpMember(page.request, server, 'Reader');
      await verifyByMail(page, server, reader);
      await openHydrated(page, `${server.url}/topic/${topic.id}`);
      await expect(page.getByTestId('author-card')).toBeVisible();
      await recordToastBoxes(page, ['[data-testid="author-card"]', 'main']);
      // Clicked where it is, without scrolling: the page as the reader first sees it.
      await page.getByTestId('like-button').evaluate((button: HTMLElement) => button.click());
      await expect(page.getByTestId('toast').filter({ hasText: LIKED[locale] })).toHaveCount(1);
      await expect.poll(async () => (await toastBoxes(page)).length).toBeGreaterThan(0);
      const { toast, others } = (await toastBoxes(page))[0]!;
      const [card, main] = others;
      expect(card, 'the author card is on the page').not.toBeNull();
      expect(overlaps(toast, card!), `toast ${JSON.stringify(toast)} over the author card ${JSON.stringify(card)}`).toBe(false);
      // On a phone the toast sits on the header strip, above the page's content.
      if (layout === 'mobile') expect(toast.bottom, `toast ${JSON.stringify(toast)}, main ${JSON.stringify(main)}`).toBeLessThanOrEqual(main!.top + 8);
      await context.close();
    });
  }
}

test("a comment's IP location is named in the reader's language, like the topic's, after a language switch too", async ({ browser }) => {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'locale', value: 'en-US', url: server.url }]);
  const page = await context.newPage();
  const member = await signUpMember(page.request, server, 'Traveller');
  await verifyByMail(page, server, member);
  const fromThailand = { 'x-user-token': member.token, 'cf-ipcountry': 'th' };
  const created = await page.request.post(`${server.url}/api/topic/create`, {
    headers: fromThailand,
    data: { title: `Songkran plans ${member.nickname}`, content: '<p>Where do you go?</p>', contentType: 'html' },
  });
  const topic = ((await created.json()) as { data: { id: number } }).data;
  const commented = await page.request.post(`${server.url}/api/comment/create`, {
    headers: fromThailand,
    data: { entityType: 'topic', entityId: topic.id, content: 'Chiang Mai, every year.' },
  });
  expect(commented.status(), await commented.text()).toBe(200);

  await openHydrated(page, `${server.url}/topic/${topic.id}`);
  const topicPlace = page.getByTestId('ip-location');
  const commentPlace = page.getByTestId('comment-ip');
  await expect(topicPlace).toContainText('Thailand');
  await expect(commentPlace).toContainText('Thailand');
  await page.getByTestId('language-switch').selectOption('zh-CN');
  await expect(topicPlace).toContainText('泰国');
  await expect(commentPlace).toContainText('泰国');
  await expect(commentPlace).not.toContainText('Thailand');
  await page.getByTestId('language-switch').selectOption('en-US');
  await expect(commentPlace).toContainText('Thailand');
  await context.close();
});
