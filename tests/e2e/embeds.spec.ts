/**
 * Link previews and embeds (issue 31 item 2, ADR 0030) in Chromium, against one fresh installed
 * server (SQLite) whose preview fetcher may reach a page this test serves on 127.0.0.1 (the
 * server's test-only LINK_PREVIEW_TEST_ALLOW). A topic with a YouTube link and a link to that
 * page: once the server's job has fetched the page, the topic shows its card, and the YouTube
 * link as a click-to-load facade with no request to YouTube; a click loads the player in a
 * sandboxed frame (the request answered by page.route: no network). axe-core on the page, and no
 * CSP report (the frame's origin is in frame-src).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { adminToken, apiPost } from '../support/e2e-members';
import { startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, openHydrated, watchErrors } from '../support/page';

let server: E2eServer;
let pages: Server;
let topicId: number;
const pageHits: string[] = [];

test.beforeAll(async ({ playwright }) => {
  pages = createServer((req, res) => {
    pageHits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<html><head><meta property="og:title" content="Boat noodles near Victory Monument"><meta property="og:description" content="Twelve stalls, one soup."><meta property="og:site_name" content="Bangkok Eats"></head><body></body></html>');
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  const local = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/guide`;

  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Embeds' }, env: { LINK_PREVIEW_TEST_ALLOW: '127.0.0.1' } });
  const request = await playwright.request.newContext();
  const token = await adminToken(request, server);
  const youtube = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
  const content = `<p>Watch this first:</p><p><a href="${youtube}">${youtube}</a></p><p>And read:</p><p><a href="${local}">${local}</a></p>`;
  topicId = await apiPost<{ id: number }>(request, server, '/api/topic/create', token, { type: 0, title: 'Noodle videos and guides', content }).then((t) => t.id);
  // The job runs after the commit; the page it changed is dropped from the cache once it has.
  await expect.poll(async () => (await (await request.get(`${server.url}/topic/${topicId}`)).text()).includes('link-card'), { timeout: 20_000 }).toBe(true);
  await request.dispose();
});

test.afterAll(async () => {
  await server?.stop();
  pages?.closeAllConnections();
  await new Promise((resolve) => pages?.close(resolve));
});

attachServerOutputOnFailure(() => server);

test('a topic shows the YouTube facade (no request to YouTube until clicked) and a card; a click loads the sandboxed player', async ({ page }) => {
  const errors = watchErrors(page);
  const thirdParty: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(server.url)) thirdParty.push(request.url());
  });
  await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title><p>player</p>' }));

  await openHydrated(page, `${server.url}/topic/${topicId}`);
  const content = page.getByTestId('topic-content');
  const card = content.locator('.link-card a');
  await expect(card).toContainText('Boat noodles near Victory Monument');
  await expect(card).toContainText('Twelve stalls, one soup.');
  await expect(card).toContainText('Bangkok Eats');

  const play = content.getByRole('button', { name: /^Play: / });
  await expect(play).toBeVisible();
  await expect(play).toContainText('YouTube');
  await expect(content.locator('iframe')).toHaveCount(0);
  await expectAccessible(page, { label: 'topic with a facade and a card' });
  expect(thirdParty.filter((url) => /youtube|ytimg|google/.test(url))).toEqual([]);

  const player = page.waitForRequest((request) => request.url().startsWith('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'), { timeout: 10_000 });
  await play.click();
  await player;
  const frame = content.locator('iframe[data-embed-frame]');
  await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
  await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
  await expect(frame).toHaveAttribute('title', /YouTube/);
  await expect(play).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});
