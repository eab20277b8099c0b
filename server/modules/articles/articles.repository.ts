/** All SQL touching `articles` (what every post kind shares is publishing.repository.ts). */
import type { Kysely } from 'kysely';
import { CONTENT_STATUS } from '../../../common/constants';
import { findRowsByIds, insertReturningId, lockedRead } from '../../db/helpers';
import type { ArticleRow, ArticleUpdate, DB, NewArticle } from '../../db/schema';

/** An article as lists load it: everything but its (large) bodies. */
export type ArticleListRow = Omit<ArticleRow, 'content' | 'content_html'>;

const LIST_COLUMNS = [
  'articles.id',
  'articles.user_id',
  'articles.title',
  'articles.summary',
  'articles.summary_auto',
  'articles.content_type',
  'articles.cover',
  'articles.status',
  'articles.comments_locked',
  'articles.slow_mode_seconds',
  'articles.recommend',
  'articles.recommend_time',
  'articles.view_count',
  'articles.comment_count',
  'articles.like_count',
  'articles.favorite_count',
  'articles.last_comment_time',
  'articles.last_comment_user_id',
  'articles.ip',
  'articles.ip_country',
  'articles.ip_region',
  'articles.user_agent',
  'articles.create_time',
  'articles.update_time',
] as const;

/** The article row; `lock`: held until the transaction ends (`lockedRead`), for edits and status moves. */
export async function findArticleById(db: Kysely<DB>, id: number, options: { lock?: boolean } = {}): Promise<ArticleRow | undefined> {
  const query = db.selectFrom('articles').selectAll().where('id', '=', id);
  return options.lock ? lockedRead(db, query) : query.executeTakeFirst();
}

/** What comments, likes and messages need of an article (never its possibly large bodies). */
/** An article's head, with its comment rules (a comment's write reads the row once). */
export async function findArticleHead(db: Kysely<DB>, id: number): Promise<Pick<ArticleRow, 'id' | 'user_id' | 'status' | 'title' | 'summary' | 'comments_locked' | 'slow_mode_seconds'> | undefined> {
  return db.selectFrom('articles').select(['id', 'user_id', 'status', 'title', 'summary', 'comments_locked', 'slow_mode_seconds']).where('id', '=', id).executeTakeFirst();
}

export async function findArticlesByIds(db: Kysely<DB>, ids: readonly number[]): Promise<ArticleRow[]> {
  return findRowsByIds(db, 'articles', ids);
}

/**
 * One keyset page of articles of one status, newest first, after the article `afterId`: all of
 * them (articles_latest_idx), one member's (articles_user_idx), or one tag's, through its links
 * (article_tags_tag_idx, ordered by the link's article id so the index range is read in order).
 */
export async function findArticlesPage(db: Kysely<DB>, filter: { status: number; userId?: number; tagId?: number }, afterId: number | null, limit: number): Promise<ArticleListRow[]> {
  if (filter.tagId !== undefined) {
    let query = db.selectFrom('article_tags').innerJoin('articles', 'articles.id', 'article_tags.article_id').select(LIST_COLUMNS).where('article_tags.tag_id', '=', filter.tagId);
    if (afterId !== null) query = query.where('article_tags.article_id', '<', afterId);
    return query.where('articles.status', '=', filter.status).orderBy('article_tags.article_id', 'desc').limit(limit).execute();
  }
  let query = db.selectFrom('articles').select(LIST_COLUMNS).where('articles.status', '=', filter.status);
  if (filter.userId !== undefined) query = query.where('articles.user_id', '=', filter.userId);
  if (afterId !== null) query = query.where('articles.id', '<', afterId);
  return query.orderBy('articles.id', 'desc').limit(limit).execute();
}

/** The newest published articles (RSS, the home sidebar). */
export function findLatestArticles(db: Kysely<DB>, limit: number): Promise<ArticleListRow[]> {
  return findArticlesPage(db, { status: CONTENT_STATUS.published }, null, limit);
}

export async function insertArticle(db: Kysely<DB>, values: NewArticle): Promise<number> {
  return insertReturningId(db, 'articles', values);
}

export async function updateArticle(db: Kysely<DB>, id: number, values: ArticleUpdate): Promise<void> {
  await db.updateTable('articles').set(values).where('id', '=', id).execute();
}

/** The search index's rebuild (modules/search): articles after `afterId` by id, any status, with what it indexes. */
export async function findArticlesForIndex(db: Kysely<DB>, afterId: number, limit: number): Promise<Array<Pick<ArticleRow, 'id' | 'status' | 'user_id' | 'create_time' | 'title' | 'summary' | 'content_html'>>> {
  return db
    .selectFrom('articles')
    .select(['id', 'status', 'user_id', 'create_time', 'title', 'summary', 'content_html'])
    .where('id', '>', afterId)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/** The highest article id (the search rebuild's progress bar), 0 with none. */
export async function lastArticleId(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('articles').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}
