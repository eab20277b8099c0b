/**
 * Who may see a topic, and topics presented in batch: a whole page's authors, nodes, tags and the
 * viewer's flags in a constant number of queries. Shared by feeds, detail, writes and the kind.
 */
import type { Kysely } from 'kysely';
import { CONTENT_STATUS } from '../../../common/constants';
import type { DB, NodeRow, TopicRow, UserRow } from '../../db/schema';
import { errors } from '../../http/errors';
import type { ViewerContext } from '../../kernel/caller';
import { isModerator } from '../../policy/permissions';
import { findNodesByIds } from '../nodes/nodes.repository';
import { findTagsOfTopics } from '../tags/tags.repository';
import { findUsersByIds } from '../users/users.repository';
import { presentTopic, type PresentContext, type TopicView } from './topics.presenter';
import { findTopicById, type TopicListRow } from './topics.repository';
import { viewerTopicFlags } from './topics.seams';

/**
 * Published: everyone. Pending or deleted: the author and moderators (API.md "Content status"),
 * so an author can still read what they wrote, and its comments, under a "deleted" notice.
 * Seeing is not acting: a deleted topic takes no edit, comment or reaction (kernel `writable`,
 * `editableTopic`).
 */
export function canSeeTopic(row: Pick<TopicRow, 'status' | 'user_id'>, viewer: UserRow | null): boolean {
  if (row.status === CONTENT_STATUS.published) return true;
  if (!viewer) return false;
  return isModerator(viewer) || row.user_id === viewer.id;
}

/** The topic when this viewer may see it, else 404 (never 403: a hidden topic does not exist). */
export async function visibleTopic(db: Kysely<DB>, id: number, viewer: UserRow | null): Promise<TopicRow> {
  const row = await findTopicById(db, id);
  if (!row || !canSeeTopic(row, viewer)) throw errors.notFound('topic.errors.notFound');
  return row;
}

/** Authors, nodes, tags and the viewer's flags for a whole page: four queries (plus the flag seams). */
export async function assembleTopics(db: Kysely<DB>, rows: ReadonlyArray<TopicListRow | TopicRow>, context: ViewerContext, detail = false): Promise<TopicView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [users, nodes, tags, flags] = await Promise.all([
    findUsersByIds(db, rows.map((r) => r.user_id)),
    findNodesByIds(db, rows.map((r) => r.node_id)),
    findTagsOfTopics(db, ids),
    viewerTopicFlags(db, context.viewer?.id ?? null, ids),
  ]);
  const userById = new Map(users.map((u) => [u.id, u]));
  const nodeById = new Map<number, NodeRow>(nodes.map((n) => [n.id, n]));
  const tagsByTopic = new Map<number, Array<{ id: number; name: string }>>();
  for (const tag of tags) {
    const list = tagsByTopic.get(tag.topic_id) ?? [];
    list.push({ id: tag.id, name: tag.name });
    tagsByTopic.set(tag.topic_id, list);
  }
  const present: PresentContext = { now: context.now, locale: context.locale };
  return rows.map((row) =>
    presentTopic(
      row,
      {
        user: userById.get(row.user_id),
        node: nodeById.get(row.node_id),
        tags: tagsByTopic.get(row.id) ?? [],
        liked: flags.liked.has(row.id),
        favorited: flags.favorited.has(row.id),
      },
      present,
      detail,
    ),
  );
}
