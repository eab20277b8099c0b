/** Node as the API shows it (API.md: `{id, name, description, logo}`, plus counts and order). */
import type { NodeView } from '../../../common/views/node';
import type { NodeRow } from '../../db/schema';

// The shape lives in common/views (the pages read it too); named here for the server's imports.
export type { NodeView };

export function presentNode(row: NodeRow): NodeView {
  return { id: row.id, name: row.name, description: row.description, logo: row.logo, sortNo: row.sort_no, topicCount: row.topic_count };
}
