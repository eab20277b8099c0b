/**
 * Topics (and tweets) as a content kind: what comments, likes, favorites, messages, view
 * counting and the page cache need of them. Registered by topics.feature.ts.
 */
import type { Kysely } from 'kysely';
import { TOPIC_LIMITS } from '../../../common/constants';
import type { DB, TopicRow } from '../../db/schema';
import type { ContentHead, ContentKind } from '../../kernel/kinds';
import { shortText } from '../content/content.service';
import { countView } from './topics.detail';
import { assembleTopics, canSeeTopic } from './topics.read';
import { findTopicHead, findTopicsByIds, forgetTopicComments, recordTopicComment } from './topics.repository';

/** A topic's display title: its title, or a tweet's opening words. The one place it is computed. */
export function topicTitle(row: Pick<TopicRow, 'title' | 'summary'>): string {
  return row.title || shortText(row.summary, TOPIC_LIMITS.displayTitleMax);
}

export function topicHead(row: Pick<TopicRow, 'id' | 'user_id' | 'status' | 'title' | 'summary'>): ContentHead {
  return {
    type: 'topic',
    id: row.id,
    ownerId: row.user_id,
    status: row.status,
    title: topicTitle(row),
    excerpt: row.summary,
    url: `/topic/${row.id}`,
    root: { type: 'topic', id: row.id },
  };
}

// Case-insensitive, as the router matches paths.
// Ids as common/validation/fields.ts spells them (no leading zero): `/topic/07` is no topic's page.
const TOPIC_PATH = /^\/topic\/([1-9]\d{0,15})(?:[?#/]|$)/i;

export const topicKind: ContentKind = {
  type: 'topic',
  table: 'topics',
  likes: true,
  favorites: true,
  async load(db, id) {
    const row = await findTopicHead(db, id);
    return row ? topicHead(row) : undefined;
  },
  visible: (head, viewer) => canSeeTopic({ status: head.status, user_id: head.ownerId }, viewer),
  comments: {
    order: 'asc',
    added: (db, id, userId, now) => recordTopicComment(db, id, userId, now),
    removed: (db, id, count, last) => forgetTopicComments(db, id, count, last),
  },
  async presentMany(db: Kysely<DB>, ids, context) {
    const rows = (await findTopicsByIds(db, ids)).filter((row) => canSeeTopic(row, context.viewer));
    const views = await assembleTopics(db, rows, context);
    return new Map(views.map((v) => [v.id, v]));
  },
  page: {
    idOfPath(path) {
      const match = TOPIC_PATH.exec(path);
      return match ? Number(match[1]) : null;
    },
    async countView(db, id, visit, now) {
      const row = await findTopicHead(db, id);
      if (row && canSeeTopic(row, null)) await countView(db, row, null, visit, now);
    },
  },
};
