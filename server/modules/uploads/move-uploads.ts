/**
 * Moving the stored uploads between the local disk and a bucket (`npm run uploads:move`, ADR
 * 0041). Idempotent and so resumable: a file already at the destination with the same bytes is
 * counted and left alone, so a run stopped half-way is simply run again. Each copy is checked
 * after it is written (size, and the MD5 the service answers as its ETag, or the bytes read back
 * on the disk); the source is removed only with `deleteSource`, and only after that check.
 * Addresses in posts never change (they are `/uploads/<key>` whatever the driver), so nothing in
 * the database is rewritten.
 */
import { createHash } from 'node:crypto';
import { isMd5Etag, md5Hex, type Bucket } from '../../infra/s3';
import { IMMUTABLE_CACHE, type LocalDiskStorage } from '../../infra/storage';
import { IMAGE_FORMATS } from './image-kind';
import { parseStoredKey } from './uploads.service';

export type MoveDirection = 'to-s3' | 'to-local';

export interface MoveReport {
  /** Upload keys found at the source. */
  found: number;
  /** Copied and checked. */
  copied: number;
  /** Already at the destination with the same bytes: nothing to do. */
  present: number;
  /** Copies whose check failed (left at the source; the run exits non-zero). */
  failed: number;
  /** Sources removed after a checked copy (`deleteSource`). */
  deleted: number;
  /** Files at the source that are not uploads (`ab/cd/<sha256>.<ext>`): left alone. */
  ignored: number;
}

export interface MoveOptions {
  deleteSource?: boolean;
  /** Files in flight at once. */
  concurrency?: number;
  /** Told about each failure (the command prints it). */
  onFailure?: (key: string, reason: string) => void;
  /** Told after each file (the command's progress line). */
  onProgress?: (report: MoveReport) => void;
}

function contentTypeOf(key: string): string | null {
  const stored = parseStoredKey(key);
  return stored ? IMAGE_FORMATS[stored.kind].contentType : null;
}

/**
 * An original's name is the SHA-256 of its bytes: a source file that no longer hashes to its
 * name is damaged and is not spread further. (A smaller copy `…-640w.webp` is named after its
 * original, so only its size and MD5 can be checked.)
 */
function damaged(key: string, body: Buffer): boolean {
  const stored = parseStoredKey(key);
  return stored !== null && stored.variantWidth === null && createHash('sha256').update(body).digest('hex') !== stored.hash;
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Whether the bucket holds exactly `body` under `key` (size, and MD5 when the ETag is one). */
async function inBucket(bucket: Bucket, key: string, body: Buffer): Promise<boolean> {
  const head = await bucket.head(key);
  if (!head || head.size !== body.length) return false;
  return !isMd5Etag(head.etag) || head.etag === md5Hex(body);
}

/** Runs `work` on every item with at most `limit` at once. */
async function pool<T>(items: AsyncIterable<T>, limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const running = new Set<Promise<void>>();
  for await (const item of items) {
    const task: Promise<void> = work(item).finally(() => running.delete(task));
    running.add(task);
    if (running.size >= limit) await Promise.race(running);
  }
  await Promise.all(running);
}

async function* bucketKeys(bucket: Bucket): AsyncGenerator<string> {
  for await (const object of bucket.list('')) yield object.key;
}

export async function moveUploads(direction: MoveDirection, local: LocalDiskStorage, bucket: Bucket, options: MoveOptions = {}): Promise<MoveReport> {
  const report: MoveReport = { found: 0, copied: 0, present: 0, failed: 0, deleted: 0, ignored: 0 };
  const fail = (key: string, reason: string) => {
    report.failed += 1;
    options.onFailure?.(key, reason);
  };

  async function toBucket(key: string): Promise<void> {
    const file = await local.open(key);
    if (!file) return;
    const body = await readAll(file.stream);
    if (damaged(key, body)) return fail(key, 'the file no longer matches its SHA-256 name');
    if (await inBucket(bucket, key, body)) report.present += 1;
    else {
      await bucket.put(key, body, { contentType: contentTypeOf(key)!, cacheControl: IMMUTABLE_CACHE });
      if (!(await inBucket(bucket, key, body))) return fail(key, 'the copy in the bucket differs (size or MD5)');
      report.copied += 1;
    }
    if (options.deleteSource) {
      await local.remove(key);
      report.deleted += 1;
    }
  }

  async function toDisk(key: string): Promise<void> {
    const object = await bucket.get(key);
    if (!object) return;
    const body = await readAll(object.stream);
    if (body.length !== object.size || (isMd5Etag(object.etag) && md5Hex(body) !== object.etag)) return fail(key, 'the object read from the bucket is incomplete');
    if (damaged(key, body)) return fail(key, 'the object no longer matches its SHA-256 name');
    const existing = await local.open(key);
    const onDisk = existing ? await readAll(existing.stream) : null;
    if (onDisk?.equals(body)) report.present += 1;
    else {
      // A different file under the same name is a broken earlier copy: replaced.
      if (onDisk) await local.remove(key);
      await local.put(key, body, contentTypeOf(key)!);
      const written = await local.open(key);
      if (!written || !(await readAll(written.stream)).equals(body)) return fail(key, 'the copy on the disk differs');
      report.copied += 1;
    }
    if (options.deleteSource) {
      await bucket.delete(key);
      report.deleted += 1;
    }
  }

  const keys = direction === 'to-s3' ? local.keys() : bucketKeys(bucket);
  const move = direction === 'to-s3' ? toBucket : toDisk;
  await pool(keys, options.concurrency ?? 4, async (key) => {
    if (!parseStoredKey(key)) {
      report.ignored += 1;
      return;
    }
    report.found += 1;
    try {
      await move(key);
    } catch (error) {
      fail(key, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    }
    options.onProgress?.(report);
  });
  return report;
}
