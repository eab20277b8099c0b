/** Tag as the API shows it. */
import type { TagRef, TagView } from '../../../common/views/tag';
import type { TagRow } from '../../db/schema';

// The shapes live in common/views (the pages read them too); named here for the server's imports.
export type { TagRef, TagView };

export function presentTag(row: TagRow): TagView {
  return { id: row.id, name: row.name, description: row.description, logo: row.logo, topicCount: row.topic_count, articleCount: row.article_count };
}
