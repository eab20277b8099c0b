/**
 * What every post kind (topics, articles) declares alike, in one place: visibility by the post
 * rule, likes and favorites, comments moving its comment count and last activity, and its page at
 * `/{type}/{id}` counting views on cache hits too. A post kind adds what is its own (its head,
 * `presentMany`, a module switch).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { CountedKind } from '../../kernel/content-events';
import { canSee, type ContentHead, type ContentKind } from '../../kernel/kinds';
import { findCommentRules, findPostHtml, forgetPostComments, recordPostComment, replacePostHtml, type PostTable } from './publishing.repository';
import { countPostView } from './publishing.views';

type PostKindBase = Required<Pick<ContentKind, 'likes' | 'favorites' | 'visible' | 'comments' | 'page' | 'body'>> & Pick<ContentKind, 'type' | 'table' | 'load'>;

export function postKind(type: CountedKind, table: PostTable, load: (db: Kysely<DB>, id: number) => Promise<ContentHead | undefined>): PostKindBase {
  // Case-insensitive, as the router matches paths; `/article/create` and `/article/edit/1` are not items.
  const path = new RegExp(`^/${type}/([1-9]\\d{0,15})(?:[?#/]|$)`, 'i');
  return {
    type,
    table,
    likes: true,
    favorites: true,
    load,
    visible: (head, viewer) => canSee({ status: head.status, user_id: head.ownerId }, viewer),
    comments: {
      order: 'asc',
      added: (db, id, userId, now) => recordPostComment(db, table, id, userId, now),
      removed: (db, id, count, last) => forgetPostComments(db, table, id, count, last),
      rules: async (db, id) => (await findCommentRules(db, table, id)) ?? { locked: false, slowModeSeconds: 0 },
    },
    body: {
      read: (db, id) => findPostHtml(db, table, id),
      rewrite: (db, id, html) => replacePostHtml(db, table, id, html),
    },
    page: {
      idOfPath(url) {
        const match = path.exec(url);
        return match ? Number(match[1]) : null;
      },
      async countView(db, id, visit, now) {
        const head = await load(db, id);
        if (head) await countPostView(db, { type, table }, head, null, visit, now);
      },
    },
  };
}
