/**
 * Nodes brought in from another forum (the importer, issue 33): a node as it was there, and the
 * nodes' topic counts set from the imported topics. Nodes here are flat: a second-level node
 * there becomes a node of its own (the importer names it after its parent).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { insertNode, recountNodeTopics } from './nodes.repository';

export interface ImportedNode {
  name: string;
  description: string;
  logo: string;
  sortNo: number;
  createTime: number;
}

export function importNode(db: Kysely<DB>, node: ImportedNode): Promise<number> {
  return insertNode(db, { name: node.name, description: node.description, logo: node.logo, sortNo: node.sortNo, inNav: true }, node.createTime);
}

export function recountNodes(db: Kysely<DB>): Promise<void> {
  return recountNodeTopics(db);
}
