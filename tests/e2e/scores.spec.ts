/**
 * Check-in, scores and the ranking (issue 14) in Chromium against one fresh installed server
 * (SQLite), in both languages: a member checks in from the home side column (once: the card then
 * says so, with the streak), opens Scores from the account menu, sees the score, the streak and
 * the log (a comment's entry links to it), and finds themselves in today's check-in rank and the
 * score ranking. axe-core on the page; no console errors.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { E2E_ADMIN, startServer, type E2eServer } from '../support/e2e-server';
import { apiPost, signUpMember } from '../support/e2e-members';
import { attachServerOutputOnFailure, openHydrated, setLocaleCookie, watchErrors } from '../support/page';

let server: E2eServer;
let topicId: number;

test.beforeAll(async ({ playwright }) => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Scores' } });
  const request = await playwright.request.newContext();
  const { token } = await apiPost<{ token: string }>(request, server, '/api/login/signin', null, { username: E2E_ADMIN.username, password: E2E_ADMIN.password });
  ({ id: topicId } = await apiPost<{ id: number }>(request, server, '/api/topic/create', token, { title: 'Where to eat in Chiang Mai', content: '<p>Khao soi tips</p>' }));
  await request.dispose();
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

const WORDS = {
  'en-US': { checkIn: 'Check in', done: 'Checked in today', streak: '1 day in a row', scores: 'Scores', comment: 'Posted a comment', checkin: 'Daily check-in', view: 'View', today: "Today's check-ins", days: '1 day' },
  'zh-CN': { checkIn: '签到', done: '今日已签到', streak: '已连续签到 1 天', scores: '积分', comment: '发表评论', checkin: '每日签到', view: '查看', today: '今日签到', days: '1 天' },
} as const;

async function memberPage(browser: Browser, locale: keyof typeof WORDS): Promise<{ page: Page; nickname: string; token: string; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext();
  await setLocaleCookie(context, server.url, locale);
  const page = await context.newPage();
  const errors = watchErrors(page);
  const member = await signUpMember(context.request, server, locale === 'en-US' ? 'Somchai' : 'Mali');
  return { page, nickname: member.nickname, token: member.token, errors, close: () => context.close() };
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`a member checks in, sees the score and the log, and finds the rank [${locale}]`, async ({ browser }) => {
    const w = WORDS[locale];
    const { page, nickname, token, errors, close } = await memberPage(browser, locale);
    try {
      // A comment earns a point too; its log entry links back to it.
      const comment = await apiPost<{ id: number }>(page.request, server, '/api/comment/create', token, { entityType: 'topic', entityId: topicId, content: 'The one near the old city wall' });

      await openHydrated(page, server.url + '/');
      const card = page.getByTestId('checkin-card');
      await card.getByRole('button', { name: w.checkIn }).click();
      await expect(card.getByTestId('checkin-done')).toHaveText(w.done);
      await expect(card.getByTestId('checkin-streak')).toHaveText(w.streak);
      // The side column's rankings are read again: the member is on today's check-ins.
      await expect(page.getByTestId('checkin-rank').getByText(nickname)).toBeVisible();
      // Once a day: after a reload the card still says so, with no button.
      await openHydrated(page, server.url + '/');
      await expect(page.getByTestId('checkin-done')).toBeVisible();
      await expect(page.getByTestId('checkin-button')).toHaveCount(0);
      await expect(page.getByTestId('checkin-rank').getByText(nickname)).toBeVisible();

      // The account menu leads to the scores.
      await page.getByRole('button', { name: nickname }).click();
      await page.getByRole('menuitem', { name: w.scores }).click();
      await expect(page).toHaveURL(`${server.url}/user/scores`);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await expect(page.getByTestId('score-total')).toHaveText('2');
      await expect(page.getByTestId('score-streak')).toHaveText(w.days);
      const entries = page.getByTestId('score-log-entry');
      await expect(entries).toHaveCount(2);
      await expect(entries.nth(0)).toContainText(w.checkin);
      await expect(entries.nth(0).getByTestId('score-log-amount')).toHaveText('+1');
      await expect(entries.nth(1)).toContainText(w.comment);
      await expect(entries.nth(1).getByRole('link', { name: w.view })).toHaveAttribute('href', `/topic/${topicId}#comment-${comment.id}`);
      // The user-centre navigation marks the page; the rankings are its own section.
      await expect(page.getByRole('link', { name: w.scores, exact: true }).first()).toBeVisible();
      const ranking = page.locator('#ranking');
      await expect(ranking.getByTestId('checkin-rank').getByText(nickname)).toBeVisible();
      await expect(ranking.getByTestId('score-rank').getByText(nickname)).toBeVisible();
      await expect(ranking.getByText(w.today)).toBeVisible();
      await expectAccessible(page, { label: `scores ${locale}` });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
}
