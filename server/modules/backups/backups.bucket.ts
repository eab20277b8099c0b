/**
 * Backups in an S3-compatible bucket of their own (issue 33, ADR 0040): BACKUP_S3_BUCKET and
 * BACKUP_S3_PREFIX, on the uploads' endpoint, region and key (S3_*, else the back office's)
 * unless BACKUP_S3_* overrides are given. Never the uploads' bucket: that one may be public
 * (S3_PUBLIC_URL, a bucket policy, a CDN), and an archive holds password hashes and the site's
 * secrets. Objects are written with no ACL (the bucket's private default) and read back only
 * through the app (admins) or `npm run restore -- --from-store`.
 *
 * A PUT needs its length up front, so the archive is first written to a staging folder under
 * DATA_DIR (swept with the other staging folders when a process dies), then sent in one PUT, or
 * in 64 MiB parts when larger (a multipart upload, aborted on failure), checked (size, and the
 * ETag when it is the MD5 or multipart MD5 computed while staging), and the staging file removed
 * whatever happened. Either way the object appears whole or not at all, and a failed check
 * deletes it: no half archive is ever listed.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import type { DB } from '../../db/schema';
import { probeBucket, type ProbeOutcome } from '../../infra/bucket-probe';
import { Bucket, describeS3Error, PartDigests, type S3Settings } from '../../infra/s3';
import { existingSiteSecret, type Settings } from '../settings/settings.api';
import { s3SettingsOf, STORAGE_SECRET } from '../uploads/uploads.api';
import { isBackupName, type BackupStore, type StoredBackup } from './backups.store';

/** Parts of a multipart upload (archives larger than one part): 64 MiB, so up to 625 GiB in S3's 10,000 parts. */
export const PART_BYTES = 64 * 1024 ** 2;
const MAX_PARTS = 10_000;

/**
 * A backup store's failure with a message key the back office translates (`objectStorage.error.*`,
 * `adminBackups.storeErrors.*`) and the service's own words.
 */
export class BackupStoreError extends Error {
  constructor(
    readonly reasonKey: string,
    readonly detail: string,
  ) {
    super(`${reasonKey}: ${detail}`);
    this.name = 'BackupStoreError';
  }
}

/** A backup's failure as its row keeps it: the words and, for the store's, their message key. */
export function failureOf(error: unknown): { message: string; key: string } {
  if (error instanceof BackupStoreError) return { message: error.detail, key: error.reasonKey };
  return { message: error instanceof Error ? error.message : String(error), key: '' };
}

/** A bucket's failure as a BackupStoreError (one already is passes through). */
export function asStoreError(error: unknown): BackupStoreError {
  if (error instanceof BackupStoreError) return error;
  const { key, detail } = describeS3Error(error);
  return new BackupStoreError(key, detail);
}

/** Archives as objects `<prefix><name>` of a private bucket. */
export class BucketBackupStore implements BackupStore {
  constructor(
    readonly bucket: Bucket,
    readonly prefix: string,
    /** Where the archive is staged before its PUT (DATA_DIR). */
    readonly workDir: string,
    /** An archive larger than this goes up in parts of this size (at least 5 MiB: S3's floor). */
    readonly partBytes = PART_BYTES,
  ) {}

  private keyOf(name: string): string {
    if (!isBackupName(name)) throw new Error(`backup store: unsafe name ${JSON.stringify(name)}`);
    return `${this.prefix}${name}`;
  }

  async list(): Promise<StoredBackup[]> {
    const found: StoredBackup[] = [];
    try {
      for await (const object of this.bucket.list(this.prefix)) {
        const name = object.key.slice(this.prefix.length);
        if (isBackupName(name)) found.push({ name, size: object.size, time: object.lastModified ?? 0 });
      }
    } catch (error) {
      throw asStoreError(error);
    }
    return found;
  }

  async put(name: string, body: Readable): Promise<number> {
    const key = this.keyOf(name);
    await mkdir(this.workDir, { recursive: true });
    const staging = await mkdtemp(path.join(this.workDir, '.backup-staging-upload-'));
    try {
      const file = path.join(staging, name);
      const digests = new PartDigests(this.partBytes);
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          digests.update(chunk);
          done(null, chunk);
        },
      });
      await pipeline(body, hashing, createWriteStream(file, { mode: 0o600, flags: 'wx' }));
      const size = (await stat(file)).size;
      if (size > this.partBytes * MAX_PARTS) throw new BackupStoreError('adminBackups.storeErrors.tooLarge', `${size} bytes; at most ${MAX_PARTS} parts of ${this.partBytes}`);
      await this.upload(key, file, size, digests.finish());
      return size;
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  /**
   * The staged file in one PUT, or in parts when larger than one part; then its check (size, and
   * the ETag against the MD5 or multipart MD5 computed while staging, else the bytes read back);
   * on any failure the object is deleted.
   */
  private async upload(key: string, file: string, size: number, expected: { md5: string; multipartEtag: string }): Promise<void> {
    // No ACL: the bucket's default (private). Not cached anywhere on the way.
    const options = { contentType: 'application/gzip', cacheControl: 'private, no-store' };
    const inParts = size > this.partBytes;
    try {
      if (inParts) await this.bucket.putFileInParts(key, file, size, this.partBytes, options);
      else await this.bucket.put(key, createReadStream(file), { ...options, contentLength: size });
      const stored = await this.bucket.head(key);
      const mismatch = (what: string) => new BackupStoreError('objectStorage.error.mismatch', `${what}: ${stored?.size ?? 0} bytes stored (ETag ${stored?.etag ?? 'none'}), ${size} sent (MD5 ${expected.md5})`);
      if (!stored || stored.size !== size) throw mismatch('size');
      // The ETag is the MD5 (or multipart MD5) on most services, but not of an object encrypted
      // with a KMS key, nor everywhere after a multipart upload: then the bytes are read back.
      if (stored.etag !== (inParts ? expected.multipartEtag : expected.md5) && (await this.md5Of(key)) !== expected.md5) throw mismatch('bytes');
    } catch (error) {
      await this.bucket.delete(key).catch(() => undefined);
      throw asStoreError(error);
    }
  }

  /** The MD5 of the object's bytes, read back (null when it is gone). */
  private async md5Of(key: string): Promise<string | null> {
    const object = await this.bucket.get(key);
    if (!object) return null;
    const md5 = createHash('md5');
    for await (const chunk of object.stream) md5.update(chunk as Buffer);
    return md5.digest('hex');
  }

  async open(name: string): Promise<{ stream: Readable; size: number } | null> {
    if (!isBackupName(name)) return null;
    try {
      const object = await this.bucket.get(this.keyOf(name));
      return object ? { stream: object.stream, size: object.size } : null;
    } catch (error) {
      throw asStoreError(error);
    }
  }

  async remove(name: string): Promise<void> {
    try {
      await this.bucket.delete(this.keyOf(name));
    } catch (error) {
      throw asStoreError(error);
    }
  }

  close(): void {
    this.bucket.destroy();
  }
}

/** How the backups reach the settings (the app's cache, or a CLI's own). */
export interface SettingsSource {
  get(db: Kysely<DB> | null): Promise<Settings>;
}

/** The uploads' bucket: S3_* first, else the back office's storage form when it names a bucket. */
async function uploadsBucket(config: Pick<AppConfig, 's3'>, db: Kysely<DB> | null, settings: SettingsSource): Promise<S3Settings | null> {
  if (config.s3) return config.s3;
  if (!db) return null;
  const { storage } = await settings.get(db);
  if (!storage.bucket) return null;
  return s3SettingsOf(storage, (await existingSiteSecret(db, STORAGE_SECRET)) ?? '');
}

function sameBucket(a: S3Settings, b: S3Settings): boolean {
  const endpoint = (s: S3Settings) => s.endpoint.replace(/\/+$/, '').toLowerCase();
  return a.bucket === b.bucket && endpoint(a) === endpoint(b);
}

/** No uploads' bucket to borrow from: the AWS defaults (region us-east-1, the SDK's credential chain). */
const NOTHING = '';
const NO_CONNECTION: S3Settings = { bucket: NOTHING, region: NOTHING, endpoint: NOTHING, accessKeyId: NOTHING, secretAccessKey: NOTHING, forcePathStyle: false, publicUrl: NOTHING, signedUrls: false };

/**
 * The backups' bucket and prefix (BACKUP_S3_*), its connection completed from the uploads'
 * bucket; null when backups stay on the disk. Refuses the uploads' own bucket.
 */
export async function backupBucketSettings(config: Pick<AppConfig, 's3' | 'backupS3'>, db: Kysely<DB> | null, settings: SettingsSource): Promise<{ settings: S3Settings; prefix: string } | null> {
  const chosen = config.backupS3;
  if (!chosen) return null;
  const uploads = await uploadsBucket(config, db, settings);
  // Never a public address nor signed URLs: archives are read through the app alone.
  const resolved: S3Settings = { ...(uploads ?? NO_CONNECTION), ...chosen.overrides, bucket: chosen.bucket, publicUrl: '', signedUrls: false };
  if (uploads && sameBucket(uploads, resolved)) throw new BackupStoreError('adminBackups.storeErrors.sameBucket', `BACKUP_S3_BUCKET is ${chosen.bucket}, the uploads' bucket`);
  return { settings: resolved, prefix: chosen.prefix };
}

/**
 * The back office's "Test": a small object under `<prefix>sabai-probe/` written, read back,
 * compared and deleted in the backups' bucket, each step named (a key that writes but cannot
 * read or delete would fail downloads and retention later).
 */
export async function probeBackupBucket(config: Pick<AppConfig, 's3' | 'backupS3'>, db: Kysely<DB> | null, settings: SettingsSource): Promise<ProbeOutcome> {
  const resolved = await backupBucketSettings(config, db, settings);
  if (!resolved) throw new BackupStoreError('adminBackups.storeErrors.noBucket', 'BACKUP_S3_BUCKET is not set');
  const bucket = new Bucket(resolved.settings, { connectMs: 3_000, requestMs: 5_000, attempts: 1 }, { checksums: 'when-required' });
  return probeBucket(bucket, { prefix: `${resolved.prefix}sabai-probe/`, cacheControl: 'private, no-store', label: 'sabai backups probe' });
}
