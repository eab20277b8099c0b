/**
 * The back office's "Test connection" of a bucket: a probe object written, read back, compared
 * and deleted, each step named, so an admin learns which one fails (a read-only key writes
 * nothing, a write-only one reads nothing) before uploads depend on it.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Bucket, describeS3Error, type S3Settings } from '../../infra/s3';

export type ProbeStep = 'write' | 'read' | 'compare' | 'delete';
export type ProbeOutcome = { ok: true; ms: number } | { ok: false; step: ProbeStep; reasonKey: string; detail: string };

/** Where probes go: apart from the uploads' `ab/cd/…` keys, and removed at once. */
const PROBE_PREFIX = 'sabai-probe/';

export async function probeBucket(settings: S3Settings): Promise<ProbeOutcome> {
  // An admin waits for the answer: a silent endpoint fails within seconds.
  const bucket = new Bucket(settings, { connectMs: 3_000, requestMs: 5_000, attempts: 1 });
  const key = `${PROBE_PREFIX}${randomBytes(8).toString('hex')}.txt`;
  const body = Buffer.from(`sabai storage probe ${new Date().toISOString()}\n`);
  const started = performance.now();
  let step: ProbeStep = 'write';
  try {
    await bucket.put(key, body, { contentType: 'text/plain; charset=utf-8', cacheControl: 'no-store' });
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
