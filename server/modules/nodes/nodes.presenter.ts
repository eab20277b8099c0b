/** Node as the API shows it (API.md: `{id, name, description, logo}`, plus counts and order). */
import type { NodeRow } from '../../db/schema';

export interface NodeView {
  id: number;
  name: string;
  description: string;
  logo: string;
  sortNo: number;
  topicCount: number;
}

export function presentNode(row: NodeRow): NodeView {
  return { id: row.id, name: row.name, description: row.description, logo: row.logo, sortNo: row.sort_no, topicCount: row.topic_count };
}
