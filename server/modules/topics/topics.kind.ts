/**
 * Topics (and tweets) as a content kind: a post kind (publishing.kind.ts: visibility, likes,
 * favorites, comments, its page and views) with its own head and list shape. Registered by
 * topics.feature.ts.
 */
import type { TopicRow } from '../../db/schema';
import { canSee, type ContentHead, type ContentKind } from '../../kernel/kinds';
import { postKind } from '../publishing/publishing.api';
import { displayTitle, postHead } from '../publishing/publishing.api';
import { findPostHeads } from '../publishing/publishing.api';
import { assembleTopics } from './topics.read';
import { findTopicHead, findTopicsByIds } from './topics.repository';

/** A topic's display title: its title, or a tweet's opening words (publishing.presenter.ts `displayTitle`). */
export function topicTitle(row: Pick<TopicRow, 'title' | 'summary'>): string {
  return displayTitle(row);
}

export function topicHead(row: Pick<TopicRow, 'id' | 'user_id' | 'status' | 'title' | 'summary'> & Partial<Pick<TopicRow, 'comments_locked' | 'slow_mode_seconds'>>): ContentHead {
  return postHead('topic', row, topicTitle(row));
}

export const topicKind: ContentKind = {
  ...postKind('topic', 'topics', async (db, id) => {
    const row = await findTopicHead(db, id);
    return row ? topicHead(row) : undefined;
  }),
  async heads(db, ids) {
    return (await findPostHeads(db, 'topics', ids)).map(topicHead);
  },
  async presentMany(db, ids, context) {
    const rows = (await findTopicsByIds(db, ids)).filter((row) => canSee(row, context.viewer));
    const views = await assembleTopics(db, rows, context);
    return new Map(views.map((v) => [v.id, v]));
  },
};
