/**
 * The forum in Thai (issue 31, ADR 0029), in Chromium against one installed server: a visitor
 * whose browser asks for Thai reads home, a topic and search in Thai with the site's own Thai
 * face; a new member on a phone signs up through the form, posts a topic, comments, checks in,
 * searches and opens the membership page, all in Thai; a long Thai paragraph breaks its lines only
 * between words. Every text is read from common/locales/th-TH, so the journey follows the
 * translation, and axe runs on every page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { E2E_VIP } from '../support/e2e-vip';
import { ROOT, startServer, type E2eServer } from '../support/e2e-server';
import { apiPost, signUpMember, verifyByMail } from '../support/e2e-members';
import { attachServerOutputOnFailure, openHydrated, watchErrors } from '../support/page';

const VIP = E2E_VIP;

/** A th-TH message by its key (`section.path`), with `{{name}}` values filled in. */
function th(key: string, values: Record<string, string | number> = {}): string {
  const [section = '', ...rest] = key.split('.');
  let node: unknown = JSON.parse(readFileSync(path.join(ROOT, 'common/locales/th-TH', `${section}.json`), 'utf8'));
  for (const part of rest) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no th-TH message ${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

const TOPIC_TITLE = 'ต่อวีซ่าท่องเที่ยวที่กรุงเทพฯ ต้องเตรียมเอกสารอะไรบ้าง';
const TOPIC_TEXT =
  'นำหนังสือเดินทาง รูปถ่ายหนึ่งใบ และค่าธรรมเนียม 1,900 บาท ไปให้ถึงก่อนแปดโมงเช้าถ้ามาสายอาจต้องรอคิวนานหลายชั่วโมงเพราะมีคนมาต่อวีซ่าจำนวนมากในช่วงเทศกาลปีใหม่และวันหยุดยาว';

let server: E2eServer;
let topicId = 0;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async ({ browser }) => {
  server = await startServer({ installed: true, settings: { siteTitle: 'สบาย ฟอรัม', vip: VIP } });
  const context = await browser.newContext();
  const page = await context.newPage();
  const writer = await signUpMember(page.request, server, 'Somchai');
  await verifyByMail(page, server, writer);
  topicId = (await apiPost<{ id: number }>(page.request, server, '/api/topic/create', writer.token, { title: TOPIC_TITLE, content: `<p>${TOPIC_TEXT}</p>`, contentType: 'html' })).id;
  await context.close();
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

/** The Thai face is the site's own file, fetched by the page (not a system font). */
async function thaiFaceLoaded(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].some((face) => face.family.replace(/["']/g, '') === 'Sabai Thai' && face.status === 'loaded');
  });
}

test('a visitor whose browser asks for Thai reads home, a topic and search in Thai, in the site’s Thai face', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'th-TH' });
  const page = await context.newPage();
  const errors = watchErrors(page);

  await openHydrated(page, `${server.url}/`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'th-TH');
  await expect(page.getByRole('link', { name: th('site.header.signIn') }).first()).toBeVisible();
  await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(1);
  expect(await thaiFaceLoaded(page)).toBe(true);
  await expectAccessible(page, { label: 'th-TH home' });

  await page.getByRole('link', { name: TOPIC_TITLE }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: TOPIC_TITLE })).toBeVisible();
  await expect(page.getByTestId('comment-signin')).toContainText(th('commentUi.box.signInPrompt'));
  await expectAccessible(page, { label: 'th-TH topic' });

  // Thai has no spaces: the search finds a word inside a sentence.
  await openHydrated(page, `${server.url}/search?q=${encodeURIComponent('หนังสือเดินทาง')}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(th('search.page.heading', { keyword: 'หนังสือเดินทาง' }));
  await expect(page.getByRole('link', { name: TOPIC_TITLE })).toBeVisible();
  await expectAccessible(page, { label: 'th-TH search' });
  expect(errors).toEqual([]);
  await context.close();
});

test('a new member on a phone signs up, posts, comments, checks in and opens membership, all in Thai', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'th-TH', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const tag = Date.now().toString(36);
  const account = { nickname: `มะลิ ${tag}`, email: `mali.${tag}@example.com`, password: 'member-pass-1' };

  await openHydrated(page, `${server.url}/user/signup`);
  await expect(page.getByRole('heading', { level: 1, name: th('account.signup.title') })).toBeVisible();
  await expectAccessible(page, { label: 'th-TH sign-up' });
  await page.getByLabel(th('account.signup.nickname')).fill(account.nickname);
  await page.getByLabel(th('account.signup.email')).fill(account.email);
  await page.getByRole('textbox', { name: th('account.signup.password'), exact: true }).fill(account.password);
  await page.getByLabel(th('account.signup.rePassword')).fill(account.password);
  await page.getByRole('button', { name: th('account.signup.submit') }).click();
  await expect(page.getByRole('link', { name: th('site.header.signIn') })).toHaveCount(0);
  const token = (await context.cookies(server.url)).find((c) => c.name === 'sabai_token')?.value ?? '';
  expect(token).not.toBe('');
  await verifyByMail(page, server, { ...account, token });

  // A topic through the form, in Thai.
  await openHydrated(page, `${server.url}/topic/create`);
  await expect(page.getByRole('heading', { level: 1, name: th('topicForm.newTopic') })).toBeVisible();
  await expectAccessible(page, { label: 'th-TH new topic' });
  const title = `ตลาดนัดกลางคืนที่เชียงใหม่ ${tag}`;
  await page.getByLabel(th('topicForm.title')).fill(title);
  await page.getByRole('textbox', { name: th('topicForm.content') }).click();
  await page.keyboard.type('ถนนคนเดินวันอาทิตย์มีอาหารอร่อยมาก');
  await page.getByTestId('submit-topic').click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // A comment on the other member's topic.
  await openHydrated(page, `${server.url}/topic/${topicId}`);
  await page.getByRole('textbox', { name: th('commentUi.box.label') }).click();
  await page.keyboard.type('ขอบคุณสำหรับข้อมูลครับ');
  await page.getByTestId('comment-box').getByTestId('comment-submit').click();
  await expect(page.getByTestId('comment').filter({ hasText: 'ขอบคุณสำหรับข้อมูลครับ' })).toBeVisible();
  await expect(page.getByTestId('comment-count')).toContainText(th('commentUi.section.count_other', { count: 1 }));
  await expectAccessible(page, { label: 'th-TH topic with a comment' });

  // The daily check-in.
  await openHydrated(page, `${server.url}/`);
  const card = page.getByTestId('checkin-card');
  await card.getByRole('button', { name: th('score.checkin.action') }).click();
  await expect(card.getByTestId('checkin-done')).toHaveText(th('score.checkin.done'));
  await expect(card.getByTestId('checkin-streak')).toHaveText(th('score.checkin.streak_other', { count: 1 }));
  await expectAccessible(page, { label: 'th-TH home, checked in' });

  // Membership: the plans in Thai, a plan chosen, the order to pay.
  await openHydrated(page, `${server.url}/user/profile/member`);
  await expect(page.getByTestId('vip-state')).toContainText(th('vip.state.none'));
  await expect(page.getByTestId('vip-plan-1y')).toContainText('30.00 USDT');
  await page.getByTestId('vip-plan-1y').getByRole('button').click();
  await expect(page.getByTestId('vip-address')).toHaveText(VIP.address);
  await expectAccessible(page, { label: 'th-TH membership' });
  expect(errors).toEqual([]);
  await context.close();
});

test('a long Thai paragraph breaks its lines between words, never inside one', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'th-TH', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await openHydrated(page, `${server.url}/topic/${topicId}`);
  const bad = await page.evaluate(() => {
    const paragraph = document.querySelector('.rich-text p');
    const text = paragraph?.firstChild;
    if (!paragraph || !text || text.nodeType !== Node.TEXT_NODE) return ['no paragraph'];
    const value = text.textContent ?? '';
    const boundaries = new Set([...new Intl.Segmenter('th', { granularity: 'word' }).segment(value)].map((s) => s.index));
    const range = document.createRange();
    const topOf = (i: number) => {
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      return range.getBoundingClientRect().top;
    };
    const breaks: number[] = [];
    for (let i = 1; i < value.length; i += 1) if (value[i] !== ' ' && value[i - 1] !== ' ' && topOf(i) > topOf(i - 1) + 2) breaks.push(i);
    if (breaks.length === 0) return ['no line break at 390 px: the test proves nothing'];
    return breaks.filter((i) => !boundaries.has(i)).map((i) => `mid-word break at ${i}: ${value.slice(Math.max(0, i - 6), i)}|${value.slice(i, i + 6)}`);
  });
  expect(bad).toEqual([]);
  await context.close();
});
