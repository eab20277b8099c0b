/** Nodes: the sections topics are posted in, as the topics feature and the sitemaps read them. */
import type { Kysely } from 'kysely';
import type { Locale } from '../../../common/constants';
import { translator } from '../../../common/i18n';
import type { NodeView } from '../../../common/views/node';
import type { DB, NodeRow } from '../../db/schema';
import { presentNode } from './nodes.presenter';
import * as nodes from './nodes.repository';

/** The name the topics migration gives the default node: English, since no language is chosen yet. */
export const SEEDED_NODE_NAME = 'General';

/**
 * Names the default node in the forum's language ('General', '综合'), for the installer once the
 * language is chosen. Renames only the node the migration seeded (first in display order, still
 * named SEEDED_NODE_NAME, no topics yet), so running it again, or on a forum whose admin named
 * that node, changes nothing; creates the node when a forum has none at all (a repaired
 * database). Answers the default node.
 */
export async function nameDefaultNode(db: Kysely<DB>, locale: Locale, now: number): Promise<NodeRow> {
  const name = translator(locale)('topic.nodes.defaultName');
  if ((await nodes.countNodes(db)) === 0) await nodes.insertNode(db, { name, inNav: true }, now);
  const node = await nodes.findDefaultNode(db);
  if (!node) throw new Error('No active node to name');
  if (node.name !== SEEDED_NODE_NAME || node.topic_count !== 0 || name === node.name) return node;
  await nodes.renameNode(db, node.id, name, now);
  return { ...node, name, update_time: now };
}

/** The active nodes as the API shows them, in display order; `navOnly`: those shown in the navigation. */
export async function nodeViews(db: Kysely<DB>, options: { navOnly?: boolean } = {}): Promise<NodeView[]> {
  return (await nodes.listActiveNodes(db, options)).map(presentNode);
}

/** An active node, or undefined. */
export async function findActiveNode(db: Kysely<DB>, id: number): Promise<NodeRow | undefined> {
  const node = await nodes.findNodeById(db, id);
  return node && node.status === 0 ? node : undefined;
}

/** A node of any status (an edited topic keeps the node it has), or undefined. */
export function findNodeById(db: Kysely<DB>, id: number): Promise<NodeRow | undefined> {
  return nodes.findNodeById(db, id);
}

/** The nodes with these ids, any status (a page of topics shows each one's node): one query. */
export function findNodesByIds(db: Kysely<DB>, ids: readonly number[]): Promise<NodeRow[]> {
  return nodes.findNodesByIds(db, ids);
}

/** The node new topics go to when none is chosen: the first active node in display order. */
export function findDefaultNode(db: Kysely<DB>): Promise<NodeRow | undefined> {
  return nodes.findDefaultNode(db);
}

/** Every active node id with its last change, for the sitemap. */
export function listNodesForSitemap(db: Kysely<DB>): Promise<Array<{ id: number; update_time: number }>> {
  return nodes.listNodesForSitemap(db);
}
