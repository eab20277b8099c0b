/**
 * The API reference (issue 26): from the footer to `/developers/api`, the comment create
 * operation found and opened with its fields, its answer's view followed, the filter, and the
 * OpenAPI document it links to; in English and Chinese, on a desktop and a 390 px phone, light
 * and dark, each state checked with axe. One fresh installed server for the file.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, openHydrated, watchErrors } from '../support/page';

let server: E2eServer;

test.beforeAll(async () => {
  server = await startServer({ installed: true });
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

const TEXT = {
  'en-US': { footer: 'API', title: 'API reference', required: 'required', optional: 'optional', body: 'Request body', writes: 'Changes data', gate: 'Signed-in members who are not banned', views: 'Views' },
  'zh-CN': { footer: 'API 文档', title: 'API 参考', required: '必填', optional: '可选', body: '请求体', writes: '修改数据', gate: '已登录且未被封禁的会员', views: '视图' },
} as const;

async function openReader(browser: Browser, locale: 'en-US' | 'zh-CN', layout: keyof typeof VIEWPORTS, colorScheme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORTS[layout], colorScheme });
  await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
  return context.newPage();
}

/** Nothing on the page makes it scroll sideways. */
async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, label).toBeLessThanOrEqual(innerWidth);
}

for (const [locale, layout, colorScheme] of [
  ['en-US', 'desktop', 'light'],
  ['zh-CN', 'desktop', 'dark'],
  ['en-US', 'phone', 'dark'],
  ['zh-CN', 'phone', 'light'],
] as const) {
  test(`the reference shows the comment create operation with its fields (${locale}, ${layout}, ${colorScheme})`, async ({ browser }) => {
    const text = TEXT[locale];
    const page = await openReader(browser, locale, layout, colorScheme);
    const errors = watchErrors(page);
    await openHydrated(page, `${server.url}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: text.footer, exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/developers/api`);
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^(?!.*dark)/);
    await expectAccessible(page, { label: `reference (${locale}, ${layout}, ${colorScheme})` });

    const create = page.locator('[data-operation="comment.create"]');
    await expect(create.locator('summary')).toContainText('/api/comment/create');
    await expect(create.locator('summary')).toContainText('Comments on a topic or an article');
    // Folded entries carry no body: the page stays light with 150 of them (operation.tsx).
    await expect(create.locator('[data-field]')).toHaveCount(0);
    await create.locator('summary').click();
    await expect(create).toHaveAttribute('open', '');
    await expect(create).toContainText(text.body);
    await expect(create).toContainText(text.writes);
    await expect(create).toContainText(text.gate);
    const field = (name: string) => create.locator(`[data-field="${name}"]`).first();
    for (const name of ['entityType', 'entityId', 'content', 'contentType', 'imageList', 'quoteId']) await expect(field(name)).toBeVisible();
    await expect(field('entityType')).toContainText(text.required);
    await expect(field('entityType')).toContainText('"topic", "article", "comment"');
    await expect(field('content')).toContainText(text.optional);
    await expect(field('content')).toContainText('20000');
    await expect(create).toContainText('comment:user');
    await expectNoSidewaysScroll(page, `${layout} with the operation open`);
    await expectAccessible(page, { label: `comment.create open (${locale}, ${layout}, ${colorScheme})` });

    // The answer's view is described once further down: its link opens it.
    await create.getByRole('link', { name: 'CommentView' }).click();
    const view = page.locator('[data-view="CommentView"]');
    await expect(view).toHaveAttribute('open', '');
    await expect(view.locator('[data-field="replies"]')).toContainText('CommentView[]');
    await expect(page.getByRole('heading', { level: 2, name: text.views })).toBeVisible();

    // The filter narrows the list to what matches.
    await page.getByTestId('api-filter').fill('comment/delete');
    await expect(page.locator('[data-operation]')).toHaveCount(1);
    await expect(page.locator('[data-operation="comment.delete"]')).toBeVisible();
    await page.getByTestId('api-filter').fill('');
    await expect(page.locator('[data-operation="comment.create"]')).toBeVisible();
    expect(errors).toEqual([]);
    await page.context().close();
  });
}

test('the page links the OpenAPI 3.1 document, served at the site address', async ({ page }) => {
  await openHydrated(page, `${server.url}/developers/api`);
  const href = await page.getByTestId('openapi-document-link').getAttribute('href');
  expect(href).toBe('/api/openapi.json');
  const response = await page.request.get(`${server.url}${href}`);
  expect(response.status()).toBe(200);
  // The file itself (OpenAPI tools read it as it is), not the envelope.
  const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toBe('3.1.0');
  expect(Object.keys(document.paths)).toContain('/api/comment/create');
});
