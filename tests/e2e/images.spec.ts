/**
 * Picture journeys (issue 31 item 3, ADR 0031) in Chromium against one fresh installed server:
 * a tweet with three uploaded pictures shows them with their size and smaller copies (srcset);
 * the picture viewer's code is not loaded until a picture is opened; it opens on click and on
 * Enter, moves with the arrow keys, shows the caption (alt text) and the counter, keeps focus
 * inside, and Escape closes it with focus back on the picture that opened it; a post's inline
 * image opens too, and the page does not shift as its images load. On a phone (touch), a swipe
 * moves between pictures and a double tap zooms. axe-core with the viewer open; no console errors.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from '../support/axe';
import { startServer, type E2eServer } from '../support/e2e-server';
import { adminToken, apiPost } from '../support/e2e-members';
import { attachServerOutputOnFailure, openHydrated, watchErrors } from '../support/page';

let server: E2eServer;
let tweetId: number;
let postId: number;
let singleId: number;
let pictures: string[];

/** A 900×600 picture in its own colour: big enough for 320 and 640 px copies. */
function picture(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

async function upload(request: APIRequestContext, token: string, buffer: Buffer, name: string): Promise<string> {
  const res = await request.post(`${server.url}/api/upload`, { headers: { 'x-user-token': token }, multipart: { image: { name, mimeType: 'image/png', buffer } } });
  const body = (await res.json()) as { success: boolean; data: { url: string }; message?: string };
  expect(body.success, body.message).toBe(true);
  return body.data.url;
}

test.beforeAll(async ({ request }) => {
  server = await startServer({ installed: true });
  const token = await adminToken(request, server);
  pictures = [];
  for (const [i, colour] of [
    [20, 150, 140],
    [200, 80, 40],
    [60, 60, 200],
  ].entries()) {
    pictures.push(await upload(request, token, await picture(colour[0]!, colour[1]!, colour[2]!), `p${i}.png`));
  }
  tweetId = (await apiPost<{ id: number }>(request, server, '/api/topic/create', token, { type: 1, content: 'Three pictures from the market', imageList: pictures.map((url) => ({ url })) })).id;
  singleId = (await apiPost<{ id: number }>(request, server, '/api/topic/create', token, { type: 1, content: 'One picture', imageList: [{ url: pictures[1] }] })).id;
  postId = (
    await apiPost<{ id: number }>(request, server, '/api/topic/create', token, {
      type: 0,
      nodeId: 1,
      title: 'A field at dawn',
      contentType: 'html',
      content: `<p><img src="${pictures[0]}" alt="A green field at dawn"></p><p>Text below the picture stays where it is.</p>`,
    })
  ).id;
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

/** Requests for the viewer's chunk (lazy: none before a picture is opened or hovered). */
function watchViewerChunk(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    if (/\/assets\/lightbox-[^/]*\.js$/.test(req.url())) seen.push(req.url());
  });
  return seen;
}

test("a tweet's pictures open in the viewer: arrows, caption, counter, focus kept and given back", async ({ page }) => {
  const errors = watchErrors(page);
  const chunk = watchViewerChunk(page);
  await openHydrated(page, `${server.url}/topic/${tweetId}`);

  const grid = page.getByTestId('image-grid');
  const links = grid.getByRole('link');
  await expect(links).toHaveCount(3);
  // Size and copies, from the server: the space is reserved and the browser may pick a copy.
  const first = grid.locator('img').first();
  await expect(first).toHaveAttribute('width', '900');
  await expect(first).toHaveAttribute('height', '600');
  await expect(first).toHaveAttribute('srcset', `${pictures[0]!.replace('.png', '-320w.webp')} 320w, ${pictures[0]!.replace('.png', '-640w.webp')} 640w, ${pictures[0]} 900w`);
  expect(chunk, 'the viewer is not loaded with the page').toEqual([]);

  await links.first().click();
  const viewer = page.getByRole('dialog', { name: 'Picture viewer' });
  await expect(viewer).toBeVisible();
  expect(chunk.length, 'the viewer is loaded when opened').toBeGreaterThan(0);
  await expect(viewer.getByTestId('lightbox-counter')).toHaveText('1 / 3');
  await expect(viewer.getByTestId('lightbox-caption')).toHaveText('Picture 1 of 3');
  await expect(viewer.getByTestId('lightbox-image')).toHaveAttribute('src', pictures[0]!);
  await expectAccessible(page, { label: 'picture viewer open' });

  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByTestId('lightbox-counter')).toHaveText('2 / 3');
  await expect(viewer.getByTestId('lightbox-caption')).toHaveText('Picture 2 of 3');
  await expect(viewer.getByTestId('lightbox-image')).toHaveAttribute('src', pictures[1]!);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByTestId('lightbox-counter')).toHaveText('3 / 3');

  // Focus stays inside the viewer.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await viewer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(links.first()).toBeFocused();

  // The keyboard opens it too, at the picture focused; the close button gives focus back there.
  await links.nth(1).focus();
  await page.keyboard.press('Enter');
  await expect(viewer.getByTestId('lightbox-counter')).toHaveText('2 / 3');
  await viewer.getByRole('button', { name: 'Close picture viewer' }).click();
  await expect(viewer).toBeHidden();
  await expect(links.nth(1)).toBeFocused();
  expect(errors).toEqual([]);
});

test("a post's inline image opens with its alt text as the caption, and the page does not shift as it loads", async ({ page }) => {
  const errors = watchErrors(page);
  await page.addInitScript(() => {
    (window as unknown as { __shift: number }).__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) (window as unknown as { __shift: number }).__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await openHydrated(page, `${server.url}/topic/${postId}`);
  const image = page.getByTestId('topic-content').locator('img');
  await expect(image).toHaveAttribute('loading', 'lazy');
  await expect(image).toHaveAttribute('srcset', /-640w\.webp 640w/);
  await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.01);

  const opener = page.getByRole('button', { name: 'View picture full size: A green field at dawn' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name: 'Picture viewer' });
  await expect(viewer.getByTestId('lightbox-caption')).toHaveText('A green field at dawn');
  await expect(viewer.getByTestId('lightbox-counter')).toHaveText('1 / 1');
  await expect(viewer.getByRole('button', { name: 'Next picture' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(opener).toBeFocused();
  expect(errors).toEqual([]);
});

test('a single picture has its box before its bytes arrive', async ({ page }) => {
  // The pictures never arrive: the box must already have the picture's proportions.
  await page.route('**/uploads/**', () => undefined);
  await openHydrated(page, `${server.url}/topic/${singleId}`);
  const box = await page.getByRole('link', { name: 'Picture 1 of 1' }).locator('img').boundingBox();
  expect(box).not.toBeNull();
  // 900×600 under the topic page's 28rem (448 px) cap: 672 px wide at most, 3:2.
  expect(box!.width).toBeGreaterThan(300);
  expect(box!.width).toBeLessThanOrEqual(673);
  expect(Math.abs(box!.height - (box!.width * 600) / 900)).toBeLessThan(3);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  /** A one-finger swipe across the viewer's stage, as touch events (pointer events of type touch). */
  async function swipe(page: Page, fromX: number, toX: number, y: number): Promise<void> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
    for (let step = 1; step <= 5; step++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: fromX + ((toX - fromX) * step) / 5, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  test('a swipe moves between pictures and a double tap zooms', async ({ page }) => {
    const errors = watchErrors(page);
    await openHydrated(page, `${server.url}/topic/${tweetId}`);
    await page.getByTestId('image-grid').getByRole('link').first().tap();
    const viewer = page.getByRole('dialog', { name: 'Picture viewer' });
    await expect(viewer.getByTestId('lightbox-counter')).toHaveText('1 / 3');

    await swipe(page, 300, 80, 400);
    await expect(viewer.getByTestId('lightbox-counter')).toHaveText('2 / 3');
    await swipe(page, 80, 300, 400);
    await expect(viewer.getByTestId('lightbox-counter')).toHaveText('1 / 3');

    const image = viewer.getByTestId('lightbox-image');
    await expect(image).toHaveCSS('transform', 'matrix(1, 0, 0, 1, 0, 0)');
    await page.touchscreen.tap(195, 400);
    await page.touchscreen.tap(195, 400);
    await expect.poll(() => image.evaluate((img) => getComputedStyle(img).transform)).toMatch(/^matrix\(2\.5, 0, 0, 2\.5,/);
    // A swipe on a zoomed picture drags it instead of moving on.
    await swipe(page, 300, 80, 400);
    await expect(viewer.getByTestId('lightbox-counter')).toHaveText('1 / 3');
    await viewer.getByRole('button', { name: 'Close picture viewer' }).tap();
    await expect(viewer).toBeHidden();
    expect(errors).toEqual([]);
  });
});
