/**
 * The content table's read (issue 17): one offset page of topics, articles or comments of a
 * status, newest first, searched by title (a comment: by its text), with the total. A comment
 * row is named by its item's title. A constant number of queries.
 */
import type { Kysely } from 'kysely';
import { CONTENT_STATUS } from '../../../common/constants';
import type { ContentQuery } from '../../../common/validation/review';
import type { ContentRowView, ContentStatusName, ContentTableView } from '../../../common/views/review';
import type { DB } from '../../db/schema';
import { commentsByStatus } from '../comments/comments.api';
import { htmlToText, shortText } from '../content/content.api';
import { POST_TABLES } from '../publishing/publishing.api';
import { displayTitle } from '../publishing/publishing.api';
import { countPostsByStatus, findPostsByStatus } from '../publishing/publishing.api';
import { usersByIds } from '../users/users.api';
import { itemTitles, memberRef } from './review.queue';

const STATUS: Record<ContentStatusName, number> = { published: CONTENT_STATUS.published, pending: CONTENT_STATUS.pending, deleted: CONTENT_STATUS.deleted };
const EXCERPT_MAX = 140;

export async function contentTable(db: Kysely<DB>, query: ContentQuery, pageSize: number): Promise<ContentTableView> {
  const { kind, status, q, page } = query;
  const filter = { status: STATUS[status], search: q };
  const offset = (page - 1) * pageSize;
  let rows: Array<Omit<ContentRowView, 'author'> & { userId: number }>;
  let total: number;
  if (kind === 'comment') {
    const found = await commentsByStatus(db, filter, offset, pageSize);
    const titles = await itemTitles(db, found.rows);
    total = found.total;
    rows = found.rows.map((row) => ({
      kind,
      id: row.id,
      title: titles.get(`${row.entity_type}:${row.entity_id}`) ?? '',
      excerpt: shortText(htmlToText(row.content_html), EXCERPT_MAX),
      userId: row.user_id,
      status,
      recommend: false,
      sticky: false,
      createTime: row.create_time,
      url: `/${row.entity_type}/${row.entity_id}#comment-${row.id}`,
    }));
  } else {
    const table = POST_TABLES[kind];
    const [posts, count] = await Promise.all([findPostsByStatus(db, table, filter, offset, pageSize), countPostsByStatus(db, table, filter)]);
    total = count;
    rows = posts.map((row) => ({
      kind,
      id: row.id,
      title: displayTitle(row),
      excerpt: shortText(row.summary, EXCERPT_MAX),
      userId: row.user_id,
      status,
      recommend: row.recommend === 1,
      sticky: row.sticky === 1,
      createTime: row.create_time,
      url: `/${kind}/${row.id}`,
    }));
  }
  const people = new Map((await usersByIds(db, rows.map((row) => row.userId))).map((user) => [user.id, user]));
  const results = rows.map(({ userId, ...row }) => ({ ...row, author: memberRef(people.get(userId), userId) }));
  return { kind, status, q, results, total, page, pageSize };
}
