/**
 * The back office's hand on any post kind (issues 16, 17): a post read locked by kind and id,
 * as `setPostStatus` takes it, so the review queue and the content table move topics and
 * articles by the same rules (counts, messages, audit, search, scores, caches) as their own
 * routes do. The head comes from the kind (its display title and page).
 */
import type { WriteScope } from '../../kernel/events';
import type { CountedKind } from '../../kernel/content-events';
import { findPostForMove, type PostTable } from './publishing.repository';
import type { PostRef } from './publishing.writes';

export const POST_TABLES: Record<CountedKind, PostTable> = { topic: 'topics', article: 'articles' };

/** The post locked for a status move, or undefined when it does not exist. */
export async function lockedPostRef(scope: WriteScope, kind: CountedKind, id: number): Promise<PostRef | undefined> {
  const table = POST_TABLES[kind];
  const row = await findPostForMove(scope.db, table, id);
  if (!row) return undefined;
  const head = await scope.ctx.kinds.get(kind)?.load(scope.db, id);
  if (!head) return undefined;
  return { kind, table, row, head, ...(row.node_id !== undefined ? { nodeId: row.node_id } : {}) };
}
