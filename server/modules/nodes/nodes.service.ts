/** Nodes: the sections topics are posted in. Admin editing of nodes belongs to the admin issue. */
import type { Kysely } from 'kysely';
import type { Locale } from '../../../common/constants';
import { translator } from '../../../common/i18n';
import type { DB, NodeRow } from '../../db/schema';
import { countNodes, findDefaultNode, findNodeById, insertNode, listActiveNodes, renameNode } from './nodes.repository';

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
  if ((await countNodes(db)) === 0) await insertNode(db, { name, inNav: true }, now);
  const node = await findDefaultNode(db);
  if (!node) throw new Error('No active node to name');
  if (node.name !== SEEDED_NODE_NAME || node.topic_count !== 0 || name === node.name) return node;
  await renameNode(db, node.id, name, now);
  return { ...node, name, update_time: now };
}

export async function listNodes(db: Kysely<DB>): Promise<NodeRow[]> {
  return listActiveNodes(db);
}

export async function listNavNodes(db: Kysely<DB>): Promise<NodeRow[]> {
  return listActiveNodes(db, { navOnly: true });
}

/** An active node, or undefined. */
export async function findActiveNode(db: Kysely<DB>, id: number): Promise<NodeRow | undefined> {
  const node = await findNodeById(db, id);
  return node && node.status === 0 ? node : undefined;
}
