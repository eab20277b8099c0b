/**
 * Highlighted code and structured data (issue 31), one journey against a fresh installed server:
 * a topic written in Markdown with a TypeScript code block (holding a `<script>`) and a title
 * that tries to close a script element shows coloured code tokens, the server's own spans, in
 * light and dark, axe-clean in both; the page's JSON-LD parses and keeps the title inside it;
 * nothing runs (no dialog, no console error). The tag's and the author's pages announce their
 * RSS feeds, which list the topic.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { adminToken, apiPost } from '../support/e2e-members';
import { startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, openHydrated, watchErrors } from '../support/page';

let server: E2eServer;

test.beforeAll(async () => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Code' } });
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

const TITLE = 'Parsing dates </script><script>alert(1)</script>';
const CODE = ['```ts', '// keep the zone', 'const when: Date = new Date("2026-01-02");', 'document.write("</script><script>alert(2)</script>");', '```'].join('\n');

test('a topic shows server-highlighted code in light and dark, and JSON-LD that keeps its title inside', async ({ page }) => {
  const errors = watchErrors(page);
  page.on('dialog', (dialog) => {
    errors.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  const token = await adminToken(page.request, server);
  const topic = await apiPost<{ id: number }>(page.request, server, '/api/topic/create', token, { title: TITLE, content: `Try this:\n\n${CODE}`, contentType: 'markdown', tags: ['dates'] });

  // As the server sends it: the token spans and the escaped JSON, before any script runs.
  const html = await (await page.request.get(`${server.url}/topic/${topic.id}`)).text();
  expect(html).toContain('<span class="hljs-keyword">const</span>');
  expect(html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e');
  expect(html).not.toContain('<script>alert(');

  await openHydrated(page, `${server.url}/topic/${topic.id}`);
  const code = page.getByTestId('topic-content').locator('pre code.language-ts');
  await expect(code.locator('span.hljs-keyword').first()).toHaveText('const');
  await expect(code).toContainText('document.write("</script><script>alert(2)</script>");');
  const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);
  expect(data.map((d) => d['@type'])).toEqual(['DiscussionForumPosting', 'BreadcrumbList']);
  expect(data[0]).toMatchObject({ headline: TITLE, url: `${server.url}/topic/${topic.id}`, author: { '@type': 'Person' } });

  const colour = (selector: string) => code.locator(selector).first().evaluate((el) => getComputedStyle(el).color);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
    const [keyword, comment, plain] = [await colour('.hljs-keyword'), await colour('.hljs-comment'), await code.evaluate((el) => getComputedStyle(el).color)];
    expect(new Set([keyword, comment, plain]).size, theme).toBe(3);
    await expectAccessible(page, { label: `topic with code (${theme})` });
  }

  // Feed readers find the tag's and the author's own feeds on their pages, and the feeds answer.
  const detail = (await (await page.request.get(`${server.url}/api/topic/${topic.id}`)).json()).data as { tags: Array<{ id: number }>; user: { id: number } };
  for (const [path, feed] of [
    [`/topics/tag/${detail.tags[0]!.id}`, `/rss/tag/${detail.tags[0]!.id}.xml`],
    [`/user/${detail.user.id}`, `/rss/user/${detail.user.id}.xml`],
  ] as const) {
    await openHydrated(page, server.url + path);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', server.url + feed);
    const rss = await page.request.get(server.url + feed);
    expect([rss.status(), rss.headers()['content-type']]).toEqual([200, 'application/rss+xml; charset=utf-8']);
    expect(await rss.text()).toContain(`<link>${server.url}/topic/${topic.id}</link>`);
  }
  expect(await page.locator('script[type="application/ld+json"]').allTextContents()).toHaveLength(1); // the profile's
  expect(errors).toEqual([]);
});
