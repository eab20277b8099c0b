/** Tag as the API shows it. */
import type { TagRow } from '../../db/schema';

export interface TagView {
  id: number;
  name: string;
  description: string;
  logo: string;
  topicCount: number;
  articleCount: number;
}

/** The short form inside a topic. */
export interface TagRef {
  id: number;
  name: string;
}

export function presentTag(row: TagRow): TagView {
  return { id: row.id, name: row.name, description: row.description, logo: row.logo, topicCount: row.topic_count, articleCount: row.article_count };
}
