/**
 * The review queue's read: one offset page of the pending posts of a kind, newest first, each
 * with its stored (sanitized) HTML, author and why it was held, and the pending count of every
 * kind for the tabs. A constant number of queries: the page, its total, the bodies, the holds,
 * the authors, and the other kind's count.
 */
import type { Kysely } from 'kysely';
import { CONTENT_STATUS } from '../../../common/constants';
import { REVIEW_KINDS, type ReviewItemView, type ReviewKind, type ReviewQueueView } from '../../../common/views/review';
import type { MemberRef } from '../../../common/views/moderation';
import type { DB, UserRow } from '../../db/schema';
import { POST_TABLES } from '../publishing/publishing.moderation';
import { displayTitle } from '../publishing/publishing.presenter';
import { countPostsByStatus, findPostBodies, findPostsByStatus } from '../publishing/publishing.repository';
import { usersByIds } from '../users/users.service';
import { holdsOf } from './review.holds';

export function memberRef(row: UserRow | undefined, id: number): MemberRef {
  return row ? { id: row.id, nickname: row.nickname, avatar: row.avatar } : { id, nickname: '', avatar: '' };
}

const PENDING = { status: CONTENT_STATUS.pending, search: '' };

export async function reviewQueue(db: Kysely<DB>, kind: ReviewKind, page: number, pageSize: number): Promise<ReviewQueueView> {
  const table = POST_TABLES[kind];
  const rows = await findPostsByStatus(db, table, PENDING, (page - 1) * pageSize, pageSize);
  const ids = rows.map((row) => row.id);
  const [bodies, holds, authors, counts] = await Promise.all([
    findPostBodies(db, table, ids),
    holdsOf(db, kind, ids),
    usersByIds(db, rows.map((row) => row.user_id)),
    Promise.all(REVIEW_KINDS.map(async (k) => [k, await countPostsByStatus(db, POST_TABLES[k], PENDING)] as const)),
  ]);
  const html = new Map(bodies.map((body) => [body.id, body.content_html]));
  const people = new Map(authors.map((user) => [user.id, user]));
  const results = rows.map((row): ReviewItemView => {
    const hold = holds.get(row.id);
    return {
      kind,
      id: row.id,
      title: displayTitle(row),
      contentHtml: html.get(row.id) ?? '',
      author: memberRef(people.get(row.user_id), row.user_id),
      reason: hold?.reason ?? 'unknown',
      words: hold?.words ?? [],
      createTime: row.create_time,
      heldTime: hold?.time ?? row.update_time,
      url: `/${kind}/${row.id}`,
    };
  });
  const total = Object.fromEntries(counts) as Record<ReviewKind, number>;
  return { kind, results, total: total[kind], page, pageSize, counts: total };
}
