/**
 * Where uploads are kept, in the back office (issue 33, ADR 0041), against a real S3-protocol
 * server started here (npm `s3rver`): the admin picks the bucket in Settings → Uploads, a wrong
 * key's "Test connection" names the cause, the right one passes, Save; an image uploaded then is
 * in the bucket and its /uploads/ address still shows it; the secret comes back only as dots.
 * axe on the tab; no console errors.
 */
import { expect, test } from '@playwright/test';
import type { AdminSettingsView } from '../../common/views/settings';
import { expectAccessible } from '../support/axe';
import { E2E_ADMIN, startServer, type E2eServer } from '../support/e2e-server';
import { startLocalS3, S3RVER_KEY, type LocalS3 } from '../support/s3-server';
import { attachServerOutputOnFailure, expectRecordedToast, openHydrated, recordToasts, setLocaleCookie, watchErrors } from '../support/page';
import { Bucket } from '../../server/infra/s3';

let server: E2eServer;
let s3: LocalS3;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  s3 = await startLocalS3('sabai-e2e');
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Storage' } });
});

test.afterAll(async () => {
  await server?.stop();
  await s3?.close();
});

attachServerOutputOnFailure(() => server);

/** A small PNG (1×1, red) to upload. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('the admin moves uploads to a bucket from the back office, tested first (en-US)', async ({ browser }) => {
  const context = await browser.newContext();
  await setLocaleCookie(context, server.url, 'en-US');
  const page = await context.newPage();
  const errors = watchErrors(page);
  const signIn = await page.request.post(`${server.url}/api/login/signin`, { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
  expect(signIn.status()).toBe(200);

  await openHydrated(page, `${server.url}/admin/settings?tab=uploads`);
  await page.getByTestId('setting-storage.driver').selectOption('s3');
  await page.getByTestId('setting-storage.bucket').fill(s3.bucket);
  await page.getByTestId('setting-storage.region').fill('us-east-1');
  await page.getByTestId('setting-storage.endpoint').fill(s3.endpoint);
  await page.getByTestId('setting-storage.accessKeyId').fill('NOT-A-KEY');
  await page.getByTestId('setting-storageSecretKey').fill(S3RVER_KEY);
  await page.getByTestId('setting-storage.forcePathStyle').click();
  await expectAccessible(page, { label: 'storage settings' });

  await recordToasts(page);
  await page.getByTestId('storage-test').click();
  await expectRecordedToast(page, 'The bucket test failed while it tried to write a file: the access key ID or the secret key is wrong.');
  await page.getByTestId('setting-storage.accessKeyId').fill(S3RVER_KEY);
  await page.getByTestId('storage-test').click();
  await expectRecordedToast(page, `The bucket ${s3.bucket} works`);
  await page.getByTestId('settings-save').click();
  await expectRecordedToast(page, 'Settings saved.');
  // The secret is write-only: the form holds dots from now on.
  await expect(page.getByTestId('setting-storageSecretKey')).toHaveValue('********');

  // An image uploaded now is in the bucket; its /uploads/ address shows it.
  const form = { image: { name: 'red.png', mimeType: 'image/png', buffer: PNG } };
  const uploaded = await page.request.post(`${server.url}/api/upload`, { multipart: form });
  expect(uploaded.status()).toBe(200);
  const { url } = ((await uploaded.json()) as { data: { url: string } }).data;
  expect(url).toMatch(/^\/uploads\//);
  const bucket = new Bucket(s3.settings);
  try {
    expect((await bucket.head(url.slice('/uploads/'.length)))?.contentType).toBe('image/png');
  } finally {
    bucket.destroy();
  }
  const shown = await page.request.get(`${server.url}${url}`);
  expect(shown.status()).toBe(200);
  expect(shown.headers()['content-type']).toBe('image/png');

  const view = (await (await page.request.get(`${server.url}/api/admin/settings`)).json()) as { data: AdminSettingsView };
  expect(view.data.settings.storage).toMatchObject({ driver: 's3', bucket: s3.bucket, forcePathStyle: true });
  expect(view.data.settings.storageSecretKey).toBe('********');
  expect(errors).toEqual([]);
  await context.close();
});
