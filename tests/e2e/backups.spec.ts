/**
 * The back office's Backups page (issue 33) in Chromium, in every language: the admin opens
 * /admin/backups, presses "Back up now", the archive appears in the list (done, with its size and
 * schema version) and its download link answers the gzip file; axe-core on the page; no console
 * errors.
 */
import { expect, test } from '@playwright/test';
import type { Locale } from '../../common/constants';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { E2E_ADMIN, startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, expectRecordedToast, openHydrated, openRecordingToasts, setLocaleCookie, watchErrors } from '../support/page';

let server: E2eServer;
/** A folder for screenshots of the page at 1280 and 390 px (looked at by hand). */
const SHOTS = process.env.BACKUPS_SHOTS;

test.beforeAll(async () => {
  server = await startServer({ installed: true });
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

const WORDS: Record<Locale, { title: string; now: string; started: string; done: string; download: string }> = {
  'en-US': { title: 'Backups', now: 'Back up now', started: 'Backup started: it appears below when done', done: 'Done', download: 'Download' },
  'zh-CN': { title: '备份', now: '立即备份', started: '备份已开始：完成后会显示在下方', done: '完成', download: '下载' },
  'th-TH': { title: 'สำรองข้อมูล', now: 'สำรองข้อมูลตอนนี้', started: 'เริ่มสำรองข้อมูลแล้ว: จะแสดงด้านล่างเมื่อเสร็จ', done: 'เสร็จแล้ว', download: 'ดาวน์โหลด' },
};

for (const locale of ['en-US', 'zh-CN', 'th-TH'] as const) {
  const words = WORDS[locale];
  test(`[${locale}] back up now: the archive appears in the list and downloads`, async ({ page, context }) => {
    const errors = watchErrors(page);
    await setLocaleCookie(context, server.url, locale);
    expect((await page.request.post(`${server.url}/api/login/signin`, { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } })).status()).toBe(200);
    await openRecordingToasts(page, `${server.url}/admin/backups`);
    await expect(page.getByRole('heading', { name: words.title, level: 1 })).toBeVisible();
    const rowsBefore = await page.getByTestId('backups-table').locator('tbody tr').count().catch(() => 0);

    await page.getByRole('button', { name: words.now }).click();
    await expectRecordedToast(page, words.started);
    // The job writes it after the request: the list shows it done once it has.
    await expect
      .poll(async () => {
        await openHydrated(page, `${server.url}/admin/backups`);
        return page.getByTestId('backups-table').locator('tbody tr').first().getByTestId('backup-status').textContent();
      }, { timeout: 20_000 })
      .toBe(words.done);
    const rows = page.getByTestId('backups-table').locator('tbody tr');
    expect(await rows.count()).toBe(rowsBefore + 1);
    const row = rows.first();
    await expect(row).toContainText(/\d{10}_\w+/);
    await expect(row.getByTestId('backup-size')).toHaveText(/\d/);
    await expectNoSeriousA11yViolations(page, `the backups page ${locale}`);
    if (SHOTS) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${SHOTS}/backups-${locale}-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 720 });
    }

    const link = row.getByRole('link', { name: words.download });
    const href = await link.getAttribute('href');
    const download = await page.request.get(`${server.url}${href}`);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/gzip');
    const body = await download.body();
    expect(body.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(errors).toEqual([]);
  });
}
