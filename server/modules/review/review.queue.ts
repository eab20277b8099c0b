/**
 * The review queue's read: one offset page of the pending posts or comments of a kind, newest
 * first, each with its stored (sanitized) HTML, author and why it was held (a comment: with its
 * post's title and link), and the pending count of every kind for the tabs. A constant number of
 * queries: the page, its total, the bodies (a comment's are in its row; its posts' titles
 * instead, one query per post kind), the holds, the authors, and the other kinds' counts.
 */
import type { Kysely } from 'kysely';
import { CONTENT_STATUS } from '../../../common/constants';
import { POST_KINDS, REVIEW_KINDS, type PostKind, type ReviewItemView, type ReviewKind, type ReviewQueueView } from '../../../common/views/review';
import type { MemberRef } from '../../../common/views/moderation';
import type { CommentRow, DB, UserRow } from '../../db/schema';
import { commentsByStatus, pendingCommentCount } from '../comments/comments.api';
import { POST_TABLES } from '../publishing/publishing.api';
import { displayTitle } from '../publishing/publishing.api';
import { countPostsByStatus, findPostBodies, findPostsByStatus, findPostTitles } from '../publishing/publishing.api';
import { usersByIds } from '../users/users.api';
import { holdsOf } from './review.holds';

export function memberRef(row: UserRow | undefined, id: number): MemberRef {
  return row ? { id: row.id, nickname: row.nickname, avatar: row.avatar } : { id, nickname: '', avatar: '' };
}

const PENDING = { status: CONTENT_STATUS.pending, search: '' };

/** The titles of the items these comments are on, by `type:id`. */
export async function itemTitles(db: Kysely<DB>, comments: readonly CommentRow[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (const kind of ['topic', 'article'] as const) {
    const ids = comments.filter((row) => row.entity_type === kind).map((row) => row.entity_id);
    for (const row of await findPostTitles(db, POST_TABLES[kind], ids)) titles.set(`${kind}:${row.id}`, displayTitle(row));
  }
  return titles;
}

interface Held {
  item: Omit<ReviewItemView, 'author' | 'reason' | 'words' | 'heldTime'>;
  userId: number;
  updateTime: number;
}

/** One page of the held posts of a kind, and how many there are. */
async function heldPosts(db: Kysely<DB>, kind: PostKind, offset: number, limit: number): Promise<{ rows: Held[]; total: number }> {
  const table = POST_TABLES[kind];
  const [rows, total] = await Promise.all([findPostsByStatus(db, table, PENDING, offset, limit), countPostsByStatus(db, table, PENDING)]);
  const bodies = await findPostBodies(
    db,
    table,
    rows.map((row) => row.id),
  );
  const html = new Map(bodies.map((body) => [body.id, body.content_html]));
  return {
    total,
    rows: rows.map((row) => ({
      item: { kind, id: row.id, title: displayTitle(row), contentHtml: html.get(row.id) ?? '', createTime: row.create_time, url: `/${kind}/${row.id}` },
      userId: row.user_id,
      updateTime: row.update_time,
    })),
  };
}

/** One page of the held comments, each named by its post, and how many there are. */
async function heldComments(db: Kysely<DB>, offset: number, limit: number): Promise<{ rows: Held[]; total: number }> {
  const found = await commentsByStatus(db, PENDING, offset, limit);
  const titles = await itemTitles(db, found.rows);
  return {
    total: found.total,
    rows: found.rows.map((row) => {
      const on = (POST_KINDS as readonly string[]).includes(row.entity_type) ? (row.entity_type as PostKind) : undefined;
      const item = {
        kind: 'comment' as const,
        id: row.id,
        title: titles.get(`${row.entity_type}:${row.entity_id}`) ?? '',
        contentHtml: row.content_html,
        createTime: row.create_time,
        url: `/${row.entity_type}/${row.entity_id}#comment-${row.id}`,
      };
      return { item: on ? { ...item, on } : item, userId: row.user_id, updateTime: row.update_time };
    }),
  };
}

function pendingCount(db: Kysely<DB>, kind: ReviewKind): Promise<number> {
  return kind === 'comment' ? pendingCommentCount(db) : countPostsByStatus(db, POST_TABLES[kind], PENDING);
}

export async function reviewQueue(db: Kysely<DB>, kind: ReviewKind, page: number, pageSize: number): Promise<ReviewQueueView> {
  const offset = (page - 1) * pageSize;
  const [held, others] = await Promise.all([
    kind === 'comment' ? heldComments(db, offset, pageSize) : heldPosts(db, kind, offset, pageSize),
    Promise.all(REVIEW_KINDS.filter((k) => k !== kind).map(async (k) => [k, await pendingCount(db, k)] as const)),
  ]);
  const [holds, authors] = await Promise.all([
    holdsOf(
      db,
      kind,
      held.rows.map((row) => row.item.id),
    ),
    usersByIds(
      db,
      held.rows.map((row) => row.userId),
    ),
  ]);
  const people = new Map(authors.map((user) => [user.id, user]));
  const results = held.rows.map(({ item, userId, updateTime }): ReviewItemView => {
    const hold = holds.get(item.id);
    return { ...item, author: memberRef(people.get(userId), userId), reason: hold?.reason ?? 'unknown', words: hold?.words ?? [], heldTime: hold?.time ?? updateTime };
  });
  const counts = { ...Object.fromEntries(others), [kind]: held.total } as Record<ReviewKind, number>;
  return { kind, results, total: held.total, page, pageSize, counts };
}
