/**
 * Uploads on S3-compatible object storage (issue 33, ADR 0041), against a real S3-protocol
 * server started here (the npm `s3rver`), never a mock of the client: an image uploaded over
 * HTTP lands in the bucket with its type and immutable caching, its `/uploads/<key>` address
 * answers it (through the app, a redirect to the public URL, or a freshly signed one), avatars
 * too; a bucket that refuses is a translated 503, never a 500; the back office's settings (secret
 * write-only, "Test connection" naming the step and the cause); and the move command (disk →
 * bucket with old posts still shown, a re-run that moves nothing, back to the disk).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettingsView } from '../../../common/views/settings';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, postTopic, type CreatedUser } from '../../../tests/support/factories';
import { multipart } from '../../../tests/support/multipart';
import { startLocalS3, type LocalS3 } from '../../../tests/support/s3-server';
import { createTestApp, NO_LIMIT, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { Bucket } from '../../infra/s3';
import { createStorage, IMMUTABLE_CACHE } from '../../infra/storage';
import { moveUploads } from './move-uploads';

const root = path.resolve(import.meta.dirname, '../../..');

interface Uploaded {
  url: string;
}

let colour = 0;
/** A PNG no other test uploads (its hash, and so its key, is new). */
async function freshPng(width = 800, height = 500): Promise<Buffer> {
  colour += 1;
  return sharp({ create: { width, height, channels: 3, background: { r: (colour * 37) % 256, g: (colour * 91) % 256, b: (colour * 13 + 7) % 256 } } })
    .png()
    .toBuffer();
}

function upload(t: TestApp, token: string, data: Buffer, headers: Record<string, string> = {}) {
  const body = multipart([{ field: 'image', filename: 'photo.png', contentType: 'image/png', data }]);
  return t.request<Uploaded>('POST', '/api/upload', { body: body.payload, token, headers: { 'content-type': body.contentType, ...headers } });
}

function uploadAvatar(t: TestApp, token: string, data: Buffer) {
  const body = multipart([{ field: 'file', filename: 'me.png', contentType: 'image/png', data }]);
  return t.request<{ avatar: string }>('POST', '/api/user/update_avatar', { body: body.payload, token, headers: { 'content-type': body.contentType } });
}

const keyOf = (url: string) => url.slice('/uploads/'.length);

let s3: LocalS3;
let bucket: Bucket;
beforeAll(async () => {
  s3 = await startLocalS3();
  bucket = new Bucket(s3.settings);
});
afterAll(async () => {
  bucket.destroy();
  await s3.close();
});

for (const dialect of await testDatabases()) {
  describe(`uploads in a bucket from the environment [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    beforeAll(async () => {
      t = await createTestApp({ dialect, env: s3.env });
      member = await createUser(t);
      await writeTestSettings(t, { postLimits: NO_LIMIT }, t.ctx.clock.now());
    });
    afterAll(() => t.close());

    it('stores an uploaded image and its smaller copies in the bucket with their type and immutable caching; the page keeps /uploads/<key>, which answers the bytes', async () => {
      const png = await freshPng(1600, 900);
      const res = await upload(t, member.token, png);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { url } = res.body.data!;
      expect(url).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
      const key = keyOf(url);

      const head = await bucket.head(key);
      expect(head).toMatchObject({ contentType: 'image/png', cacheControl: IMMUTABLE_CACHE });
      const copies = [];
      for await (const object of bucket.list(key.replace(/\.png$/, '-'))) copies.push(object.key);
      expect(copies.length).toBeGreaterThan(0);
      expect((await bucket.head(copies[0]!))?.contentType).toBe('image/webp');
      // Nothing on this server's disk: another app process reads the same bucket.
      expect(existsSync(path.join(t.dataDir, 'uploads', ...key.split('/')))).toBe(false);

      // No public URL, not signed: the app passes the object through, with its usual headers.
      const file = await t.get(url);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['cache-control']).toBe(IMMUTABLE_CACHE);
      expect(file.raw.rawPayload.equals((await bucket.read(key))!)).toBe(true);

      // A post keeps the site's own address, whatever the storage.
      const topic = await postTopic(t, member.token, { content: `<p>look</p><p><img src="${url}" alt="photo"></p>` });
      const read = await t.get<{ content: string }>(`/api/topic/${topic}`);
      expect(read.body.data!.content).toContain(url);
      expect(read.body.data!.content).not.toContain(s3.endpoint);
    });

    it('stores an avatar in the bucket as WebP, and the profile address answers it', async () => {
      const res = await uploadAvatar(t, member.token, await freshPng(400, 400));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { avatar } = res.body.data!;
      expect(avatar).toMatch(/^\/uploads\/.+\.webp$/);
      expect((await bucket.head(keyOf(avatar)))?.contentType).toBe('image/webp');
      const file = await t.get(avatar);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      // `{avatar}` naming an image that is only in the bucket is taken (the bucket is asked).
      const again = await t.post<{ avatar: string }>('/api/user/update_avatar', { avatar }, { token: member.token });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
    });

    it('answers 404 for a key the bucket does not hold', async () => {
      const missing = `/uploads/ab/cd/abcd${'0'.repeat(60)}.png`;
      expect((await t.get(missing)).status).toBe(404);
    });
  });
}

describe('public and signed bucket addresses', () => {
  let member: CreatedUser;
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  async function appWith(env: Record<string, string>): Promise<TestApp> {
    const t = await createTestApp({ env: { ...s3.env, ...env } });
    apps.push(t);
    member = await createUser(t);
    return t;
  }

  it('redirects /uploads/<key> to the public bucket or CDN address', async () => {
    const publicUrl = `${s3.endpoint}/${s3.bucket}`;
    const t = await appWith({ S3_PUBLIC_URL: publicUrl });
    const { url } = (await upload(t, member.token, await freshPng())).body.data!;
    const res = await t.get(url);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`${publicUrl}/${keyOf(url)}`);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const object = await fetch(String(res.headers.location));
    expect(object.status).toBe(200);
    expect(object.headers.get('content-type')).toBe('image/png');
  });

  it('redirects to a freshly signed address that reads the object, never cached for long or shared', async () => {
    const t = await appWith({ S3_SIGNED_URLS: 'true' });
    const { url } = (await upload(t, member.token, await freshPng())).body.data!;
    const first = await t.get(url);
    expect(first.status).toBe(302);
    expect(first.headers['cache-control']).toBe('private, max-age=600');
    const location = new URL(String(first.headers.location));
    expect(location.searchParams.get('X-Amz-Expires')).toBe('3600');
    // Signed for this request (not one kept from earlier).
    const signedAt = Date.parse(location.searchParams.get('X-Amz-Date')!.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    expect(Math.abs(Date.now() - signedAt)).toBeLessThan(10_000);
    expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const object = await fetch(location);
    expect(object.status).toBe(200);
    expect(Buffer.from(await object.arrayBuffer()).equals((await bucket.read(keyOf(url)))!)).toBe(true);
    // An hour later the address no longer reads (the page keeps /uploads/<key>, which signs anew).
    const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    location.searchParams.set('X-Amz-Date', stamp(Date.now() - 3601_000));
    expect((await fetch(location)).status).toBe(403);
  });

  it('answers a translated 503 when the bucket refuses the upload, never a 500', async () => {
    const t = await appWith({ S3_SECRET_ACCESS_KEY: 'wrong-secret', S3_ACCESS_KEY_ID: 'WRONG' });
    const res = await upload(t, member.token, await freshPng(), { 'accept-language': 'zh-CN' });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('暂时无法连接文件存储，文件未保存。请稍后再试；如果一直如此，请告知站点管理员。');
    const avatar = await uploadAvatar(t, member.token, await freshPng(300, 300));
    expect(avatar.status).toBe(503);
  });
});

for (const dialect of await testDatabases()) {
  describe(`storage settings in the back office and moving uploads [${dialect}]`, () => {
    let t: TestApp;
    let admin: CreatedUser;
    let member: CreatedUser;
    const save = (body: Record<string, unknown>) => t.post<AdminSettingsView>('/api/admin/settings', body, { token: admin.token });
    const probe = (body: Record<string, unknown>, headers: Record<string, string> = {}) => t.post<{ bucket: string; ms: number }>('/api/admin/settings/test_storage', body, { token: admin.token, headers });
    const form = { driver: 's3', bucket: '', region: 'us-east-1', endpoint: '', accessKeyId: 'S3RVER', forcePathStyle: true, publicUrl: '', signedUrls: false };

    beforeAll(async () => {
      t = await createTestApp({ dialect });
      admin = await createUser(t, { role: 'admin' });
      member = await createUser(t);
    });
    afterAll(() => t.close());

    it('tests the bucket the form describes before it is saved, naming the failing step and its cause in the admin’s language', { timeout: 30_000 }, async () => {
      const storage = { ...form, bucket: s3.bucket, endpoint: s3.endpoint };
      const ok = await probe({ storage, storageSecretKey: 'S3RVER' });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.data!.bucket).toBe(s3.bucket);
      // The probe object is gone again.
      const left = [];
      for await (const object of bucket.list('sabai-probe/')) left.push(object.key);
      expect(left).toEqual([]);

      // (s3rver checks the key ID, not a SigV4 signature: a wrong secret would pass it.)
      const wrongKey = await probe({ storage: { ...storage, accessKeyId: 'NOT-A-KEY' }, storageSecretKey: 'S3RVER' });
      expect(wrongKey.status).toBe(502);
      expect(wrongKey.body.message).toContain('while it tried to write a file: the access key ID or the secret key is wrong.');
      const noBucket = await probe({ storage: { ...storage, bucket: 'no-such-bucket' }, storageSecretKey: 'S3RVER' }, { 'accept-language': 'th-TH' });
      expect(noBucket.status).toBe(502);
      expect(noBucket.body.message).toContain('ไม่มีบักเก็ตชื่อนี้ที่เอนด์พอยต์และภูมิภาคนี้');
      const unreachable = await probe({ storage: { ...storage, endpoint: 'http://127.0.0.1:9' }, storageSecretKey: 'S3RVER' });
      expect(unreachable.status).toBe(502);
      expect(unreachable.body.message).toContain('the endpoint cannot be reached');

      // An endpoint that takes the connection and never answers (packets dropped further on).
      const silent = createServer(() => undefined);
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      try {
        const started = Date.now();
        const hung = await probe({ storage: { ...storage, endpoint: `http://127.0.0.1:${(silent.address() as AddressInfo).port}` }, storageSecretKey: 'S3RVER' });
        expect(hung.status).toBe(502);
        expect(hung.body.message).toContain('the endpoint cannot be reached');
        expect(Date.now() - started).toBeLessThan(8_000);
      } finally {
        silent.close();
      }

      const invalid = await probe({ storage: { ...storage, bucket: 'Not A Bucket', endpoint: 'ftp://x' } });
      expect(invalid.status).toBe(400);
      expect(invalid.body.fields).toMatchObject({ 'storage.bucket': expect.stringContaining('bucket'), 'storage.endpoint': expect.stringContaining('https://') });
      expect((await t.post('/api/admin/settings/test_storage', { storage }, { token: member.token })).status).toBe(403);
    });

    it('moves the uploads to the bucket, switches to it with old posts still shown, moves nothing on a re-run, and back', async () => {
      // On the disk first (the default storage).
      const res = await upload(t, member.token, await freshPng(1200, 700));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { url } = res.body.data!;
      const key = keyOf(url);
      const local = createStorage(t.config);
      expect(await local.exists(key)).toBe(true);
      expect(await bucket.head(key)).toBeNull();
      const onDisk = [];
      for await (const stored of local.keys()) onDisk.push(stored);

      const first = await moveUploads('to-s3', local, bucket);
      expect(first).toMatchObject({ found: onDisk.length, copied: onDisk.length, present: 0, failed: 0, deleted: 0 });
      expect((await bucket.head(key))?.contentType).toBe('image/png');
      const again = await moveUploads('to-s3', local, bucket);
      expect(again).toMatchObject({ found: onDisk.length, copied: 0, present: onDisk.length, failed: 0 });

      // The back office switches to the bucket; the secret is write-only.
      const saved = await save({ storage: { ...form, bucket: s3.bucket, endpoint: s3.endpoint }, storageSecretKey: 'S3RVER' });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data!.settings.storageSecretKey).toBe('********');
      expect(JSON.stringify(saved.body)).not.toContain('"storageSecretKey":"S3RVER"');
      expect(saved.body.data!.server.storageFromEnv).toBe(false);
      // The mask sent back keeps the stored secret.
      expect((await save({ storage: { ...form, bucket: s3.bucket, endpoint: s3.endpoint, signedUrls: true }, storageSecretKey: '********' })).status).toBe(200);
      const masked = await probe({ storage: { ...form, bucket: s3.bucket, endpoint: s3.endpoint }, storageSecretKey: '********' });
      expect(masked.status, JSON.stringify(masked.body)).toBe(200);

      // The old upload is still on the disk: served from there.
      expect((await t.get(url)).status).toBe(200);
      // Sources removed after the checked copies: now the signed redirect to the bucket.
      const removing = await moveUploads('to-s3', local, bucket, { deleteSource: true });
      expect(removing).toMatchObject({ copied: 0, present: onDisk.length, deleted: onDisk.length, failed: 0 });
      expect(await local.exists(key)).toBe(false);
      const served = await t.get(url);
      expect(served.status).toBe(302);
      expect((await fetch(String(served.headers.location))).status).toBe(200);
      // New uploads go to the bucket now.
      const fresh = (await upload(t, member.token, await freshPng())).body.data!.url;
      expect(await bucket.head(keyOf(fresh))).not.toBeNull();
      expect(await local.exists(keyOf(fresh))).toBe(false);

      // And back to the disk, then to the disk's storage in the settings: the same addresses answer.
      const back = await moveUploads('to-local', local, bucket);
      expect(back.failed).toBe(0);
      expect(back.copied).toBeGreaterThanOrEqual(onDisk.length + 1);
      expect(await local.exists(key)).toBe(true);
      expect(await local.exists(keyOf(fresh))).toBe(true);
      expect((await moveUploads('to-local', local, bucket)).copied).toBe(0);
      expect((await save({ storage: { ...form, driver: 'local' } })).status).toBe(200);
      const fromDisk = await t.get(fresh);
      expect(fromDisk.status).toBe(200);
      expect(fromDisk.headers['content-type']).toBe('image/png');
    });
  });
}

/** The command as an operator runs it (through tsx), without blocking this process: the S3 server runs here. */
function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'server/modules/uploads/move-cli.ts', ...args], { cwd: root, env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describe('npm run uploads:move', () => {
  it('copies the disk to the bucket of S3_*, reports the counts, and a second run copies nothing', { timeout: 90_000 }, async () => {
    const t = await createTestApp();
    try {
      const member = await createUser(t);
      const { url } = (await upload(t, member.token, await freshPng(300, 200))).body.data!;
      const env = { ...process.env, ...s3.env, DATA_DIR: t.dataDir, NODE_ENV: 'test', NODE_NO_WARNINGS: '1' };
      const first = await runCli(['--to', 's3'], env);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toMatch(/1 uploads: 1 copied, 0 already there, 0 failed, 0 sources deleted/);
      expect((await bucket.head(keyOf(url)))?.contentType).toBe('image/png');
      const second = await runCli(['--to', 's3'], env);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout).toMatch(/1 uploads: 0 copied, 1 already there, 0 failed/);
      const refused = await runCli(['--to', 'local'], { ...env, S3_ACCESS_KEY_ID: 'NOT-A-KEY' });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`The bucket ${s3.bucket} cannot be used: InvalidAccessKeyId`);
      const usage = await runCli(['--to', 'ftp'], env);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('usage: npm run uploads:move');
    } finally {
      await t.close();
    }
  });
});
