/**
 * Backups in a bucket (issue 33, ADR 0040) against a real S3-protocol server (s3rver), on every
 * engine: BACKUP_S3_BUCKET and BACKUP_S3_PREFIX with the uploads' S3_* connection reused.
 *   - "Back up now": the object appears under the prefix, nothing is left on the disk (no
 *     archive, no staging file), the list says where, the download streams the bucket's bytes;
 *   - retention deletes the oldest objects past the count; delete removes object and row; the
 *     schedule writes there too, and an archive written on the disk before the switch is still
 *     downloaded and pruned on the disk;
 *   - a bucket that does not exist, or the uploads' own bucket: the backup is marked failed with
 *     a translatable reason, no object and no staging file stay, and nothing answers 500;
 *   - a bucket unreachable at download or delete: a 502 in the caller's language;
 *   - a stream that breaks mid-way, or an object stored with other bytes, leaves no object.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupsView, BackupView } from '../../../common/views/backups';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { startLocalS3, type LocalS3 } from '../../../tests/support/s3-server';
import { createTestApp, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import { Bucket, PartDigests } from '../../infra/s3';
import { backupSchedule } from './backups.jobs';
import { BackupStoreError, BucketBackupStore } from './backups.bucket';

const PREFIX = 'forum/backups/';

/** The object keys under a prefix of the local server's bucket. */
async function keysIn(bucket: Bucket, prefix = PREFIX): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of bucket.list(prefix)) keys.push(object.key);
  return keys.sort();
}

/** Staging folders or archives a backup left in the data directory. */
function leftovers(dataDir: string): string[] {
  return readdirSync(dataDir).filter((name) => name.startsWith('.backup-staging') || (name === 'backups' && readdirSync(path.join(dataDir, name)).length > 0));
}

let s3: LocalS3;
let bucket: Bucket;

beforeAll(async () => {
  s3 = await startLocalS3('sabai-backups');
  bucket = new Bucket(s3.settings);
});
afterAll(async () => {
  bucket.destroy();
  await s3.close();
});

/** The uploads' connection (S3_*) on another bucket, and the backups' bucket and prefix. */
function bucketEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return { ...s3.env, S3_BUCKET: 'sabai-uploads', BACKUP_S3_BUCKET: s3.bucket, BACKUP_S3_PREFIX: 'forum/backups', ...overrides };
}

describe('what the bucket stored is checked', () => {
  it('an object whose bytes differ from those sent is deleted and the put fails (mismatch)', async () => {
    // The SDK's default for a stream body is aws-chunked with a trailing checksum, which s3rver
    // stores verbatim: the stored object is longer than the archive. The store must notice.
    const workDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-bstore-'));
    const store = new BucketBackupStore(new Bucket(s3.settings), 'mismatch/', workDir);
    const failure = await store.put('sabai-backup-mismatch.tar.gz', Readable.from([Buffer.alloc(10_000, 7)])).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BackupStoreError);
    expect((failure as BackupStoreError).reasonKey).toBe('objectStorage.error.mismatch');
    expect(await keysIn(bucket, 'mismatch/')).toEqual([]);
    expect(readdirSync(workDir)).toEqual([]);
    store.close();
  });
});

describe('an archive larger than one part', () => {
  it('the multipart ETag is computed as S3 does: the MD5 of the parts’ MD5s, -count, whatever the chunks', () => {
    const bytes = randomBytes(25_000);
    const md5 = (b: Buffer) => createHash('md5').update(b).digest();
    const slices = [bytes.subarray(0, 10_000), bytes.subarray(10_000, 20_000), bytes.subarray(20_000)];
    const expected = `${createHash('md5').update(Buffer.concat(slices.map(md5))).digest('hex')}-3`;
    const digests = new PartDigests(10_000);
    for (const [from, to] of [[0, 7], [7, 10_000], [10_000, 23_456], [23_456, 25_000]] as const) digests.update(bytes.subarray(from, to));
    expect(digests.finish()).toEqual({ md5: md5(bytes).toString('hex'), multipartEtag: expected });
  });

  it('goes up in parts (a multipart upload) and is stored whole, byte for byte', async () => {
    const workDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-bstore-'));
    const store = new BucketBackupStore(new Bucket(s3.settings, undefined, { checksums: 'when-required' }), 'parts/', workDir, 5 * 1024 ** 2);
    const archive = randomBytes(11 * 1024 ** 2 + 123);
    // In uneven chunks, so part boundaries fall inside chunks.
    const chunks = [archive.subarray(0, 3_000_001), archive.subarray(3_000_001, 9_000_000), archive.subarray(9_000_000)];
    const requests = s3.requests();
    expect(await store.put('sabai-backup-parts.tar.gz', Readable.from(chunks))).toBe(archive.length);
    // Create, three parts, complete, then the check's HEAD (and a read-back where the service's
    // ETag is not the multipart MD5, as s3rver's is not).
    expect(s3.requests() - requests).toBeGreaterThanOrEqual(6);
    expect((await bucket.read('parts/sabai-backup-parts.tar.gz'))!.equals(archive)).toBe(true);
    expect(readdirSync(workDir)).toEqual([]);
    await bucket.delete('parts/sabai-backup-parts.tar.gz');
    store.close();
  });
});

describe('a stream that breaks mid-way', () => {
  it('leaves no object in the bucket and no staging file', async () => {
    const workDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-bstore-'));
    const store = new BucketBackupStore(new Bucket(s3.settings), 'broken/', workDir);
    const body = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 1));
        this.destroy(new Error('the archive broke'));
      },
    });
    await expect(store.put('sabai-backup-broken.tar.gz', body)).rejects.toThrow('the archive broke');
    expect(await keysIn(bucket, 'broken/')).toEqual([]);
    expect(readdirSync(workDir)).toEqual([]);
    store.close();
  });
});

for (const dialect of await testDatabases()) {
  describe(`backups in a bucket [${dialect}]`, () => {
    let t: TestApp;
    let admin: CreatedUser;
    let clock = Date.UTC(2031, 10, 3);
    const list = async () => (await t.get<BackupsView>('/api/admin/backups', { token: admin.token })).body.data!;
    const backUpNow = async () => {
      clock += 60_000;
      const started = await t.post<BackupView>('/api/admin/backups/start', {}, { token: admin.token });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      await t.jobs.drain();
      return (await list()).backups.find((b) => b.id === started.body.data!.id)!;
    };

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => clock }, env: bucketEnv() });
      admin = await createUser(t, { role: 'admin' });
      for (const key of await keysIn(bucket)) await bucket.delete(key);
    });
    afterAll(async () => {
      await t.close();
    });

    it('back up now: the object is in the bucket, listed, downloaded byte for byte, deleted', async () => {
      expect((await list()).store).toEqual({ kind: 'bucket', bucket: 'sabai-backups', prefix: PREFIX });
      const row = await backUpNow();
      expect(row).toMatchObject({ status: 'done', store: 'bucket', error: '', errorKey: '' });
      expect(await keysIn(bucket)).toEqual([`${PREFIX}${row.fileName}`]);
      const object = (await bucket.read(`${PREFIX}${row.fileName}`))!;
      expect(object.length).toBe(row.size);
      const head = (await bucket.head(`${PREFIX}${row.fileName}`))!;
      expect([head.contentType, head.cacheControl]).toEqual(['application/gzip', 'private, no-store']);
      // Nothing of it on the app's disk: no archive, no staging file.
      expect(leftovers(t.dataDir)).toEqual([]);

      const download = await t.get(`/api/admin/backups/${row.id}/download`, { token: admin.token });
      expect([download.status, download.headers['content-type'], download.headers['cache-control']]).toEqual([200, 'application/gzip', 'private, no-store']);
      expect(download.raw.rawPayload.equals(object)).toBe(true);
      // Admins only, as on the disk.
      const moderator = await createUser(t, { role: 'moderator' });
      expect((await t.get(`/api/admin/backups/${row.id}/download`, { token: moderator.token })).status).toBe(403);

      expect((await t.post(`/api/admin/backups/${row.id}/delete`, {}, { token: admin.token })).status).toBe(200);
      expect(await keysIn(bucket)).toEqual([]);
      expect((await list()).backups.some((b) => b.id === row.id)).toBe(false);
    });

    it('"Test the bucket": a probe written, read back and deleted; a wrong key names the step and cause', async () => {
      const ok = await t.post<{ bucket: string; ms: number }>('/api/admin/backups/test_store', {}, { token: admin.token });
      expect([ok.status, ok.body.data?.bucket]).toEqual([200, 'sabai-backups']);
      expect(await keysIn(bucket, '')).toEqual([]);
      const configured = t.ctx.config.backupS3!;
      t.ctx.config.backupS3 = { ...configured, overrides: { accessKeyId: 'NOT-S3RVER' } };
      try {
        const refused = await t.post('/api/admin/backups/test_store', {}, { token: admin.token, headers: { 'accept-language': 'en-US' } });
        expect([refused.status, refused.body.message]).toEqual([502, expect.stringContaining('The bucket test failed while it tried to write a file: the access key ID or the secret key is wrong.')]);
      } finally {
        t.ctx.config.backupS3 = configured;
      }
    });

    it('retention deletes the oldest objects past the count', async () => {
      await writeTestSettings(t, { backups: { schedule: 'off', hour: 3, weekday: 0, keep: 2 } }, clock);
      t.ctx.settings.invalidate();
      const rows: BackupView[] = [];
      for (let i = 0; i < 3; i++) rows.push(await backUpNow());
      expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'done']);
      expect(await keysIn(bucket)).toEqual([rows[1]!, rows[2]!].map((r) => `${PREFIX}${r.fileName}`).sort());
      expect((await list()).backups.filter((b) => b.status === 'done').map((b) => b.id)).toEqual([rows[2]!.id, rows[1]!.id]);
    });

    it('the schedule writes to the bucket too; an archive written on the disk before the switch is still served and pruned there', async () => {
      // An archive from before BACKUP_S3_BUCKET was set: its row says disk.
      const oldName = 'sabai-backup-20311101-000000Z.tar.gz';
      mkdirSync(path.join(t.dataDir, 'backups'), { recursive: true });
      writeFileSync(path.join(t.dataDir, 'backups', oldName), 'an older archive on the disk');
      await requireDb(t.ctx).insertInto('backups').values({ file_name: oldName, status: 'done', origin: 'manual', store: 'disk', size: 28, schema_version: '2026120701_backups', create_time: 1, update_time: 1 }).execute();
      const old = (await list()).backups.find((b) => b.fileName === oldName)!;
      expect(old.store).toBe('disk');
      const served = await t.get(`/api/admin/backups/${old.id}/download`, { token: admin.token });
      expect([served.status, served.raw.rawPayload.toString()]).toEqual([200, 'an older archive on the disk']);

      // Daily at 07:00 Bangkok; 10 minutes into the slot the schedule's run backs up into the bucket.
      await writeTestSettings(t, { backups: { schedule: 'daily', hour: 7, weekday: 0, keep: 1 } }, clock);
      t.ctx.settings.invalidate();
      clock = Date.UTC(2031, 10, 10) + 10 * 60_000;
      await backupSchedule.job.run({}, t.ctx, { id: 0, attempt: 1, attempts: 1 });
      const scheduled = (await list()).backups.find((b) => b.origin === 'scheduled')!;
      expect([scheduled.status, scheduled.store]).toEqual(['done', 'bucket']);
      // Retention (keep 1) deleted the older ones wherever each was written: the bucket's objects and the disk's file.
      expect(await keysIn(bucket)).toEqual([`${PREFIX}${scheduled.fileName}`]);
      expect(existsSync(path.join(t.dataDir, 'backups', oldName))).toBe(false);
      expect((await list()).backups.filter((b) => b.status === 'done').map((b) => b.id)).toEqual([scheduled.id]);
    });

    it('a bucket unreachable at download or delete: 502 in the caller’s language, the row kept', async () => {
      const row = (await list()).backups.find((b) => b.status === 'done')!;
      const configured = t.ctx.config.backupS3!;
      t.ctx.config.backupS3 = { ...configured, overrides: { endpoint: 'http://127.0.0.1:1' } };
      try {
        const download = await t.get(`/api/admin/backups/${row.id}/download`, { token: admin.token, headers: { 'accept-language': 'zh-CN' } });
        expect(download.status).toBe(502);
        expect(download.body.message).toContain('备份存储桶出错');
        const removed = await t.post(`/api/admin/backups/${row.id}/delete`, {}, { token: admin.token });
        expect(removed.status).toBe(502);
        expect(removed.body.message).toContain('the endpoint cannot be reached');
      } finally {
        t.ctx.config.backupS3 = configured;
      }
      expect((await list()).backups.some((b) => b.id === row.id)).toBe(true);
    });
  });

  describe(`a misconfigured backups bucket [${dialect}]`, () => {
    for (const [label, overrides, reason] of [
      ['a bucket that does not exist', { BACKUP_S3_BUCKET: 'no-such-bucket' }, 'objectStorage.error.noBucket'],
      ['the uploads’ own bucket', { S3_BUCKET: 'sabai-backups' }, 'adminBackups.storeErrors.sameBucket'],
    ] as const) {
      it(`${label}: the backup fails with a translatable reason, nothing left behind, no 500`, async () => {
        const t = await createTestApp({ dialect, env: bucketEnv(overrides) });
        try {
          const admin = await createUser(t, { role: 'admin' });
          const before = await keysIn(bucket, '');
          const started = await t.post<BackupView>('/api/admin/backups/start', {}, { token: admin.token });
          expect(started.status).toBe(200);
          await t.jobs.drain();
          const listed = await t.get<BackupsView>('/api/admin/backups', { token: admin.token });
          expect(listed.status).toBe(200);
          const row = listed.body.data!.backups.find((b) => b.id === started.body.data!.id)!;
          expect([row.status, row.errorKey, row.store]).toEqual(['failed', reason, 'bucket']);
          expect(row.error).not.toBe('');
          expect(await keysIn(bucket, '')).toEqual(before);
          expect(leftovers(t.dataDir)).toEqual([]);
          expect((await t.get(`/api/admin/backups/${row.id}/download`, { token: admin.token })).status).toBe(404);
          // A failed one stored nothing: its row is deleted without asking the bucket.
          expect((await t.post(`/api/admin/backups/${row.id}/delete`, {}, { token: admin.token })).status).toBe(200);
        } finally {
          await t.close();
        }
      });
    }
  });
}
