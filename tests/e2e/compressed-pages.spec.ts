/**
 * Compressed pages (issue 32, ADR 0033) in Chromium: a page served from the page cache is its
 * stored gzip with this response's CSP nonce spliced in. The browser must read it as the page it
 * was — hydrated, its nonce'd scripts run, no CSP report — with a different nonce per response,
 * for an anonymous reader and for a member (whose copy is marked on <html>).
 */
import { expect, test, type BrowserContext, type Page, type Response } from '@playwright/test';
import { adminToken, apiPost, signUpMember } from '../support/e2e-members';
import { startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, openHydrated, watchErrors } from '../support/page';

let server: E2eServer;
let topicPath: string;

test.beforeAll(async ({ playwright }) => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Gzip' } });
  const request = await playwright.request.newContext();
  const { id } = await apiPost<{ id: number }>(request, server, '/api/topic/create', await adminToken(request, server), {
    title: 'ข้าวซอยร้านไหนอร่อย — khao soi',
    content: `<p>${'ร้านข้างวัด, go early. '.repeat(200)}</p>`,
  });
  topicPath = `/topic/${id}`;
  await request.dispose();
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

/** Opens the page hydrated; answers its document response's headers and the nonce the page's scripts carry. */
async function open(page: Page): Promise<{ headers: Record<string, string>; html: string; scriptNonce: string; cspNonce: string }> {
  const response = (await openHydrated(page, server.url + topicPath)) as Response;
  expect(response.status()).toBe(200);
  const headers = await response.allHeaders();
  const cspNonce = /'nonce-([^']+)'/.exec(headers['content-security-policy'] ?? '')?.[1] ?? '';
  // The document as the browser received and gunzipped it (a member's page later re-renders its
  // scripts with the nonce of its data request, so the DOM is not the place to look).
  const html = await response.text();
  const scriptNonce = /<script nonce="([^"]+)"/.exec(html)?.[1] ?? '';
  return { headers, html, scriptNonce, cspNonce };
}

async function signedIn(context: BrowserContext, token: string): Promise<void> {
  await context.addCookies([
    { name: 'locale', value: 'en-US', url: server.url },
    { name: 'sabai_token', value: token, url: server.url },
  ]);
}

test('a cached page arrives as gzip with its own nonce, and runs as the page it is', async ({ browser, playwright }) => {
  const anonymous = await browser.newContext();
  const page = await anonymous.newPage();
  const errors = watchErrors(page);
  const nonces: string[] = [];
  for (const expected of ['miss', 'hit', 'hit']) {
    const { headers, scriptNonce, cspNonce } = await open(page);
    expect(headers['x-page-cache']).toBe(expected);
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers.vary?.toLowerCase()).toContain('accept-encoding');
    expect(scriptNonce).toBe(cspNonce);
    nonces.push(cspNonce);
    await expect(page.getByRole('heading', { name: /khao soi/ })).toBeVisible();
    await expect(page.getByTestId('sign-in-button').filter({ visible: true })).toBeVisible();
  }
  expect(new Set(nonces).size).toBe(nonces.length);

  // A member reads the same stored page, marked for them; the browser fills in their parts.
  const writer = await playwright.request.newContext();
  const member = await signUpMember(writer, server, 'Somsri');
  const memberContext = await browser.newContext();
  await signedIn(memberContext, member.token);
  const memberPage = await memberContext.newPage();
  const memberErrors = watchErrors(memberPage);
  const { headers, html, scriptNonce, cspNonce } = await open(memberPage);
  expect([headers['x-page-cache'], headers['content-encoding']]).toEqual(['hit', 'gzip']);
  expect(scriptNonce).toBe(cspNonce);
  expect(nonces).not.toContain(cspNonce);
  expect(html).toContain('<html data-viewer="member" data-member=""'); // the browser marks it "ready" once their parts are in
  await expect(memberPage.getByTestId('user-menu').filter({ visible: true })).toBeVisible();
  expect([...errors, ...memberErrors]).toEqual([]);
  await Promise.all([anonymous.close(), memberContext.close(), writer.dispose()]);
});
