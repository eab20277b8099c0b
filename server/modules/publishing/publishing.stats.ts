/** What the back office's dashboard counts of a post kind: items by status, and new items per time bucket. */
import type { Kysely } from 'kysely';
import { CONTENT_STATUS } from '../../../common/constants';
import type { DB } from '../../db/schema';
import { countPostsByBucket, countPostsPerStatus, type PostTable } from './publishing.repository';

export interface PostStats {
  published: number;
  pending: number;
  /** Posts created (published or pending) per bucket since `since`. */
  created: Array<{ bucket: number; n: number }>;
}

export async function postStats(db: Kysely<DB>, table: PostTable, since: number, bucketMs: number): Promise<PostStats> {
  const byStatus = await countPostsPerStatus(db, table);
  const created = await countPostsByBucket(db, table, [CONTENT_STATUS.published, CONTENT_STATUS.pending], since, bucketMs);
  return { published: byStatus.get(CONTENT_STATUS.published) ?? 0, pending: byStatus.get(CONTENT_STATUS.pending) ?? 0, created };
}
