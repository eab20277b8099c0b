/**
 * File storage for uploads behind one small interface: the local disk (the default) or an
 * S3-compatible bucket (several app processes, ADR 0041). Keys are relative paths of safe segments
 * (`ab/cd/<sha256>.png`); objects are immutable and content-addressed, so `put` of an existing key
 * changes nothing. Whatever the driver, the URL of a key is the site's own `/uploads/<key>` (what
 * posts and settings keep): the app answers it with the file or a redirect to the bucket, so
 * switching the driver never breaks an old post and no signed URL is ever written into a page.
 */
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { AppConfig } from '../config';
import { AppError, errors } from './errors';
import { Bucket, type S3Settings } from './s3';

export interface Storage {
  /** Stores `body` under `key` (idempotent: an existing key is left as it is). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The URL of a key that content and settings keep: the site-relative `/uploads/<key>`, whatever the driver. */
  url(key: string): string;
}

export interface StoredFile {
  stream: Readable;
  size: number;
}

/** How GET /uploads/<key> answers: the bytes, or a redirect to where the reader fetches them. */
export type UploadServing = { file: StoredFile } | { redirect: string; cacheControl: string };

/** A storage the app reads and answers `/uploads/<key>` from. */
export interface ServedStorage extends Storage {
  open(key: string): Promise<StoredFile | null>;
  /** Whether a file is stored under `key`. */
  exists(key: string): Promise<boolean>;
  /** The answer to GET /uploads/<key>, or null when nothing is stored under it. */
  serve(key: string): Promise<UploadServing | null>;
  /** Which driver: the back office and the logs say it. */
  readonly driver: 'local' | 's3';
}

/** Every stored upload is content-addressed: a key's bytes never change. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** True for `a/b/c.ext`-style keys: 1–8 segments, no `..`, no leading or trailing slash. */
export function isSafeKey(key: string): boolean {
  const parts = key.split('/');
  return parts.length >= 1 && parts.length <= 8 && parts.every((p) => SEGMENT.test(p) && !p.includes('..'));
}

export class LocalDiskStorage implements ServedStorage {
  readonly driver = 'local';

  constructor(
    readonly root: string,
    readonly baseUrl = '/uploads',
  ) {}

  private pathOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`storage: unsafe key ${JSON.stringify(key)}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    const existing = await stat(file).catch(() => null);
    if (existing?.isFile() && existing.size === body.length) return;
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file and concurrent writers of the same
    // content both end with the whole one.
    const temp = `${file}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temp, body, { mode: 0o644 });
    await rename(temp, file);
  }

  url(key: string): string {
    return `${this.baseUrl}/${key}`;
  }

  async exists(key: string): Promise<boolean> {
    if (!isSafeKey(key)) return false;
    return (await stat(this.pathOf(key)).catch(() => null))?.isFile() ?? false;
  }

  async open(key: string): Promise<StoredFile | null> {
    if (!isSafeKey(key)) return null;
    const file = this.pathOf(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { stream: createReadStream(file), size: info.size };
  }

  async serve(key: string): Promise<UploadServing | null> {
    const file = await this.open(key);
    return file && { file };
  }

  /** Every stored key under the root (the move command's source), in no particular order. */
  async *keys(): AsyncGenerator<string> {
    async function* walk(dir: string, prefix: string): AsyncGenerator<string> {
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        const key = prefix ? `${prefix}/${entry.name}` : entry.name;
        if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key);
        else if (entry.isFile() && !entry.name.endsWith('.tmp') && isSafeKey(key)) yield key;
      }
    }
    yield* walk(this.root, '');
  }

  async remove(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}

/** How long a signed read URL lives, and how long a reader's browser may keep the redirect to it (well within). */
export const SIGNED_URL_SECONDS = 3600;
const SIGNED_REDIRECT_CACHE = 'private, max-age=600';
/**
 * A public bucket's redirect may be shared by caches, but not for ever: pointing the site at
 * another bucket (or back at the disk) must take effect within the hour.
 */
const PUBLIC_REDIRECT_CACHE = 'public, max-age=3600';

/**
 * Uploads in an S3-compatible bucket. Writes go to the bucket; reads look at the local disk first
 * (files uploaded before the switch and not moved yet, or moved without `--delete-source`), so
 * turning S3 on never hides an old upload. A reader of `/uploads/<key>` is redirected to the
 * public bucket/CDN URL, or to a freshly signed URL, or (neither configured) given the bytes
 * through the app.
 */
export class S3Storage implements ServedStorage {
  readonly driver = 's3';

  constructor(
    readonly bucket: Bucket,
    readonly local: LocalDiskStorage,
    readonly baseUrl = '/uploads',
  ) {}

  private check(key: string): void {
    if (!isSafeKey(key)) throw new Error(`storage: unsafe key ${JSON.stringify(key)}`);
  }

  /**
   * A bucket call whose failure (unreachable, refused credentials, no such bucket) is a 503 with
   * a translated message, never a bare 500; the service's own error rides along as the cause,
   * which the error handler logs.
   */
  private async guard<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AppError) throw error;
      const refused = errors.other(503, 'objectStorage.unavailable');
      refused.cause = error;
      throw refused;
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    this.check(key);
    await this.guard(() => this.bucket.put(key, body, { contentType, cacheControl: IMMUTABLE_CACHE }));
  }

  url(key: string): string {
    return `${this.baseUrl}/${key}`;
  }

  async exists(key: string): Promise<boolean> {
    if (!isSafeKey(key)) return false;
    return (await this.local.exists(key)) || (await this.guard(() => this.bucket.head(key))) !== null;
  }

  async open(key: string): Promise<StoredFile | null> {
    if (!isSafeKey(key)) return null;
    const local = await this.local.open(key);
    if (local) return local;
    const object = await this.guard(() => this.bucket.get(key));
    return object && { stream: object.stream, size: object.size };
  }

  async serve(key: string): Promise<UploadServing | null> {
    if (!isSafeKey(key)) return null;
    const local = await this.local.open(key);
    if (local) return { file: local };
    const publicUrl = this.bucket.publicUrlOf(key);
    if (publicUrl) return { redirect: publicUrl, cacheControl: PUBLIC_REDIRECT_CACHE };
    if (this.bucket.settings.signedUrls) return { redirect: await this.guard(() => this.bucket.signedGetUrl(key, SIGNED_URL_SECONDS)), cacheControl: SIGNED_REDIRECT_CACHE };
    const object = await this.guard(() => this.bucket.get(key));
    return object && { file: { stream: object.stream, size: object.size } };
  }
}

/** The local disk under DATA_DIR/uploads: the default driver, and the S3 driver's fallback for reads. */
export function createStorage(config: Pick<AppConfig, 'dataDir'>): LocalDiskStorage {
  return new LocalDiskStorage(path.join(config.dataDir, 'uploads'));
}

/** The S3 driver for these settings, reading older files from the local disk too. */
export function createS3Storage(config: Pick<AppConfig, 'dataDir'>, settings: S3Settings): S3Storage {
  return new S3Storage(new Bucket(settings), createStorage(config));
}
