/**
 * Who may see a topic, and topics presented in batch: a whole page's authors, nodes, tags and the
 * viewer's flags in a constant number of queries. Shared by feeds, detail, writes and the kind.
 */
import type { Kysely } from 'kysely';
import type { DB, TopicRow, UserRow } from '../../db/schema';
import { errors } from '../../infra/errors';
import type { ViewerContext } from '../../kernel/caller';
import { canSee } from '../../kernel/kinds';
import { findNodesByIds } from '../nodes/nodes.api';
import { postRelations } from '../publishing/publishing.api';
import { presentTopic, type PresentContext, type TopicView } from './topics.presenter';
import { findTopicById, type TopicListRow } from './topics.repository';

/** The topic when this viewer may see it, else 404 (never 403: a hidden topic does not exist). */
export async function visibleTopic(db: Kysely<DB>, id: number, viewer: UserRow | null): Promise<TopicRow> {
  const row = await findTopicById(db, id);
  if (!row || !canSee(row, viewer)) throw errors.notFound('topic.errors.notFound');
  return row;
}

/** Authors, nodes, tags and the viewer's flags for a whole page: four queries. */
export async function assembleTopics(db: Kysely<DB>, rows: ReadonlyArray<TopicListRow | TopicRow>, context: ViewerContext, detail = false): Promise<TopicView[]> {
  if (rows.length === 0) return [];
  const [relations, nodes] = await Promise.all([
    postRelations(db, 'topic', rows, context.viewer?.id ?? null),
    findNodesByIds(
      db,
      rows.map((r) => r.node_id),
    ),
  ]);
  const nodeById = new Map(nodes.map((n) => [n.id, n]));
  const present: PresentContext = { now: context.now, locale: context.locale };
  return rows.map((row) => presentTopic(row, { ...relations, node: nodeById.get(row.node_id) }, present, detail));
}
