/**
 * File storage for uploads behind one small interface, so a second driver (S3-compatible object
 * storage, for several app processes) can replace the local disk without touching callers.
 * Keys are relative paths of safe segments (`ab/cd/<sha256>.png`); objects are immutable and
 * content-addressed, so `put` of an existing key is a no-op.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { AppConfig } from '../config';

export interface Storage {
  /** Stores `body` under `key` (idempotent: an existing key is left as it is). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The public URL of a key (site-relative for the local driver, the bucket/CDN URL for S3). */
  url(key: string): string;
}

export interface StoredFile {
  stream: Readable;
  size: number;
}

/** A storage the app itself serves files from (the local driver); S3 serves its own. */
export interface ServedStorage extends Storage {
  open(key: string): Promise<StoredFile | null>;
  /** Whether a file is stored under `key`. */
  exists(key: string): Promise<boolean>;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** True for `a/b/c.ext`-style keys: 1–8 segments, no `..`, no leading or trailing slash. */
export function isSafeKey(key: string): boolean {
  const parts = key.split('/');
  return parts.length >= 1 && parts.length <= 8 && parts.every((p) => SEGMENT.test(p) && !p.includes('..'));
}

export class LocalDiskStorage implements ServedStorage {
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
}

/** The storage of this deployment: the local disk under DATA_DIR/uploads (an S3 driver can be chosen here later). */
export function createStorage(config: Pick<AppConfig, 'dataDir'>): LocalDiskStorage {
  return new LocalDiskStorage(path.join(config.dataDir, 'uploads'));
}
