/**
 * The back office's "Test" of a bucket (uploads' storage, backups' store): a small object written,
 * read back, compared and deleted, each step named, so an admin learns which one fails (a
 * read-only key writes nothing, a write-only one reads nothing, one that cannot delete would
 * fail retention later) before anything depends on it. The caller builds the bucket with short
 * timeouts: an admin waits for the answer.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { describeS3Error, type Bucket } from './s3';

export type ProbeStep = 'write' | 'read' | 'compare' | 'delete';
export type ProbeOutcome = { ok: true; ms: number } | { ok: false; step: ProbeStep; reasonKey: string; detail: string };

export interface ProbeOptions {
  /** Where the probe object goes (ends with `/`), apart from what the bucket holds. */
  prefix: string;
  /** The probe's Cache-Control: backups' objects are private. */
  cacheControl: string;
  /** Words in the probe's text naming who wrote it. */
  label: string;
}

export async function probeBucket(bucket: Bucket, options: ProbeOptions): Promise<ProbeOutcome> {
  const key = `${options.prefix}${randomBytes(8).toString('hex')}.txt`;
  const body = Buffer.from(`${options.label} ${new Date().toISOString()}\n`);
  const started = performance.now();
  let step: ProbeStep = 'write';
  try {
    await bucket.put(key, body, { contentType: 'text/plain; charset=utf-8', cacheControl: options.cacheControl });
    step = 'read';
    const read = await bucket.read(key);
    step = 'compare';
    if (!read || !read.equals(body)) return { ok: false, step, reasonKey: 'objectStorage.error.mismatch', detail: `${read?.length ?? 0} bytes read, ${body.length} written` };
    step = 'delete';
    await bucket.delete(key);
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    const { key: reasonKey, detail } = describeS3Error(error);
    return { ok: false, step, reasonKey, detail };
  } finally {
    bucket.destroy();
  }
}
