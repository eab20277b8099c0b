/**
 * Members for browser journeys, made once for every spec: sign-up through the API (the browser
 * context gets the session cookie), e-mail verification by the mailed link, API writes with a
 * member's token, and the installer's admin.
 */
import type { Locale } from '../../common/constants';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { E2E_ADMIN, type E2eServer } from './e2e-server';
import { linkUrl, waitForEml } from './mail';
import { setLocaleCookie, watchErrors } from './page';

export interface Member {
  nickname: string;
  email: string;
  password: string;
  token: string;
}

let counter = 0;

/** Signs a new member up through the API; `request` (a page's) keeps the session cookie. */
export async function signUpMember(request: APIRequestContext, server: E2eServer, label: string): Promise<Member> {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  const account = { nickname: `${label} ${tag}`, email: `${label.toLowerCase()}.${tag}@example.com`, password: 'member-pass-1' };
  const res = await request.post(`${server.url}/api/login/signup`, { data: { ...account, rePassword: account.password } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { data: { token: string } };
  return { ...account, token: body.data.token };
}

/** Asks for the verification mail and opens its link in the browser (posting needs a verified e-mail). */
export async function verifyByMail(page: Page, server: E2eServer, member: Member): Promise<void> {
  const sent = await page.request.post(`${server.url}/api/user/send_verify_email`, { headers: { 'x-user-token': member.token }, data: {} });
  expect(sent.status(), await sent.text()).toBe(200);
  const mail = await waitForEml(server.dataDir, member.email);
  const link = linkUrl(mail, '/user/email/verify');
  expect(link).toBeTruthy();
  const url = new URL(link!);
  await page.goto(server.url + url.pathname + url.search);
  // The verified notice (a status); the unverified banner also names the address until it goes.
  await expect(page.getByRole('status').filter({ hasText: member.email })).toBeVisible();
}

/** A JSON write as `token` (or anonymous), expecting success; answers the envelope's data. */
export async function apiPost<T>(request: APIRequestContext, server: E2eServer, path: string, token: string | null, data: Record<string, unknown>): Promise<T> {
  const res = await request.post(server.url + path, { headers: token ? { 'x-user-token': token } : {}, data });
  const body = (await res.json()) as { success: boolean; data: T; message?: string };
  expect(body.success, `${path}: ${body.message}`).toBe(true);
  return body.data;
}

/** The installer's admin, signed in through the API: their token. */
export async function adminToken(request: APIRequestContext, server: E2eServer): Promise<string> {
  const { token } = await apiPost<{ token: string }>(request, server, '/api/login/signin', null, { username: E2E_ADMIN.username, password: E2E_ADMIN.password });
  return token;
}

/** A member signed up and signed in in a browser context of their own, in one interface language. */
export interface Person {
  context: BrowserContext;
  page: Page;
  member: Member;
  id: number;
  errors: string[];
}

/** Signs a new member up in a fresh context (their locale cookie, their session cookie) and reads their id. */
export async function signedInPerson(browser: Browser, server: E2eServer, locale: Locale, label: string): Promise<Person> {
  const context = await browser.newContext();
  await setLocaleCookie(context, server.url, locale);
  const page = await context.newPage();
  const errors = watchErrors(page);
  const member = await signUpMember(page.request, server, label);
  await context.addCookies([{ name: 'sabai_token', value: member.token, url: server.url }]);
  const me = await page.request.get(`${server.url}/api/user/current`, { headers: { 'x-user-token': member.token } });
  const id = ((await me.json()) as { data: { id: number } }).data.id;
  return { context, page, member, id, errors };
}
