/**
 * The back office's "Test connection" of the uploads' bucket (server/infra/bucket-probe.ts): the
 * probe goes under `sabai-probe/`, apart from the uploads' `ab/cd/…` keys, and is removed at once.
 */
import { probeBucket as probe, type ProbeOutcome } from '../../infra/bucket-probe';
import { Bucket, type S3Settings } from '../../infra/s3';

export type { ProbeOutcome, ProbeStep } from '../../infra/bucket-probe';

export function probeBucket(settings: S3Settings): Promise<ProbeOutcome> {
  return probe(new Bucket(settings, { connectMs: 3_000, requestMs: 5_000, attempts: 1 }), { prefix: 'sabai-probe/', cacheControl: 'no-store', label: 'sabai storage probe' });
}
