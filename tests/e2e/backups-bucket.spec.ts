/**
 * The Backups page with BACKUP_S3_BUCKET (issue 33) in Chromium: a real S3-protocol server
 * (s3rver) in the test process, reached with BACKUP_S3_* alone (no uploads bucket). The page says
 * where new archives go; "Test the bucket" answers ok; "Back up now" ends Done in the bucket
 * ("Bucket" in its row), the object is there under the prefix and the download link (through the
 * app) answers its very bytes; axe-core on the page; no console errors.
 */
import { expect, test } from '@playwright/test';
import { Bucket } from '../../server/infra/s3';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { E2E_ADMIN, startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, expectRecordedToast, openHydrated, openRecordingToasts, watchErrors } from '../support/page';
import { startLocalS3, type LocalS3 } from '../support/s3-server';

let server: E2eServer;
let s3: LocalS3;

test.beforeAll(async () => {
  s3 = await startLocalS3('sabai-e2e-backups');
  server = await startServer({
    installed: true,
    env: { BACKUP_S3_BUCKET: s3.bucket, BACKUP_S3_PREFIX: 'e2e', BACKUP_S3_ENDPOINT: s3.endpoint, BACKUP_S3_REGION: 'us-east-1', BACKUP_S3_ACCESS_KEY_ID: 'S3RVER', BACKUP_S3_SECRET_ACCESS_KEY: 'S3RVER', BACKUP_S3_FORCE_PATH_STYLE: 'true' },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await s3?.close();
});

attachServerOutputOnFailure(() => server);

test('[en-US] backups in a bucket: tested, written there, listed, downloaded through the app', async ({ page }) => {
  const errors = watchErrors(page);
  expect((await page.request.post(`${server.url}/api/login/signin`, { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } })).status()).toBe(200);
  await openRecordingToasts(page, `${server.url}/admin/backups`);
  await expect(page.getByTestId('backup-store')).toHaveText('New archives are kept in the private bucket sabai-e2e-backups under “e2e/” (BACKUP_S3_BUCKET): downloads pass through this server, admins only.');

  await page.getByRole('button', { name: 'Test the bucket' }).click();
  await expectRecordedToast(page, 'The bucket sabai-e2e-backups works');

  await page.getByRole('button', { name: 'Back up now' }).click();
  await expectRecordedToast(page, 'Backup started: it appears below when done');
  await expect
    .poll(async () => {
      await openHydrated(page, `${server.url}/admin/backups`);
      return page.getByTestId('backups-table').locator('tbody tr').first().getByTestId('backup-status').textContent();
    }, { timeout: 20_000 })
    .toBe('Done');
  const row = page.getByTestId('backups-table').locator('tbody tr').first();
  await expect(row).toContainText('Bucket');
  await expectNoSeriousA11yViolations(page, 'the backups page with a bucket');

  const bucket = new Bucket(s3.settings);
  try {
    const keys: string[] = [];
    for await (const object of bucket.list('e2e/')) keys.push(object.key);
    expect(keys).toHaveLength(1);
    const stored = (await bucket.read(keys[0]!))!;
    const href = await row.getByRole('link', { name: 'Download' }).getAttribute('href');
    expect(href).toMatch(/^\/api\/admin\/backups\/\d+\/download$/);
    const download = await page.request.get(`${server.url}${href}`);
    expect(download.status()).toBe(200);
    expect((await download.body()).equals(stored)).toBe(true);
  } finally {
    bucket.destroy();
  }
  expect(errors).toEqual([]);
});
