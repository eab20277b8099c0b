/**
 * Articles in database terms, by the post rules (publishing.*): what an article write stores
 * from its input (content through the content pipeline, a summary cut by characters, a cover
 * only if this site stored it), the writes themselves, and pages of articles presented in a
 * constant number of queries.
 */
import type { Kysely } from 'kysely';
import { ARTICLE_LIMITS, CONTENT_STATUS } from '../../../common/constants';
import type { ArticleEditInput } from '../../../common/validation/article';
import type { TagRef } from '../../../common/views/tag';
import type { AppConfig } from '../../config';
import type { ArticleRow, DB, NewArticle, UserRow } from '../../db/schema';
import { errors, type MessageRef } from '../../infra/errors';
import type { ServedStorage } from '../../infra/storage';
import type { ViewerContext } from '../../kernel/caller';
import type { WriteScope } from '../../kernel/events';
import { mapPage, mergeStatuses, pageById, type Page } from '../../kernel/paging';
import { isModerator } from '../../policy/permissions';
import { hasVisibleContent, renderContent, shortText } from '../content/content.api';
import { postRelations } from '../publishing/publishing.api';
import { actorOf, createPost, editPost, type PostOrigin } from '../publishing/publishing.api';
import type { Settings } from '../settings/settings.api';
import { findPublicTag } from '../tags/tags.api';
import { storedImageUrl } from '../uploads/uploads.api';
import { getActiveUser } from '../users/users.api';
import { presentArticle, type ArticleView } from './articles.presenter';
import { findArticlesPage, insertArticle, updateArticle, type ArticleListRow } from './articles.repository';

/** The summary column holds this many code points: `summaryMax` graphemes of long emoji sequences could pass it. */
const SUMMARY_STORED_MAX = 1024;

export interface ArticleWriteMeta {
  settings: Settings;
  /** PUBLIC_URL's origin, so links to this site stay direct. */
  siteOrigin: string | null;
  storage: ServedStorage;
  config: Pick<AppConfig, 'publicUrl' | 'port'>;
}

/** An article's input made ready to store, before any transaction (it needs no database). */
export interface PreparedArticle {
  columns: Pick<NewArticle, 'title' | 'summary' | 'summary_auto' | 'content' | 'content_type' | 'content_html'> & { cover?: string };
  /** Where a forbidden word sends the article to review. */
  texts: Record<string, string>;
  tags: string[];
}

/**
 * The columns an article write stores, or every field error at once (content that shows nothing,
 * a cover this site did not store). The summary is the author's, or the content's opening text cut
 * to `summaryMax` graphemes on a word or grapheme boundary, never inside a character (and capped
 * in code points, which never splits a surrogate pair). A cover left out keeps the current one.
 */
export async function prepareArticle(input: ArticleEditInput, meta: ArticleWriteMeta): Promise<PreparedArticle> {
  const rendered = renderContent(input.content, input.contentType, { siteOrigin: meta.siteOrigin });
  const cover = input.cover ? await storedImageUrl(input.cover, meta.storage, meta.config) : input.cover;
  const fields: Record<string, MessageRef> = {};
  if (!hasVisibleContent(rendered)) fields.content = 'article.validation.contentRequired';
  if (cover === null && input.cover) fields.cover = 'article.validation.coverInvalid';
  if (Object.keys(fields).length > 0) throw errors.validation(fields);
  const summary = [...(input.summary || shortText(rendered.text, ARTICLE_LIMITS.summaryMax))].slice(0, SUMMARY_STORED_MAX).join('');
  const columns = { title: input.title, summary, summary_auto: input.summary ? 0 : 1, content: input.content, content_type: input.contentType, content_html: rendered.html };
  return { columns: cover === undefined ? columns : { ...columns, cover: cover ?? '' }, texts: { title: input.title, summary: input.summary, content: rendered.text }, tags: input.tags };
}

/** POST article/create, inside the write (`createPost`: review, counts, row, tag links). Answers what it wrote. */
export async function createArticleRow(scope: WriteScope, author: UserRow, prepared: PreparedArticle, meta: { settings: Settings; origin: PostOrigin }): Promise<{ row: ArticleRow; tags: TagRef[] }> {
  const post = { kind: 'article', actor: author, texts: prepared.texts, tags: prepared.tags, reviewNew: meta.settings.articleReview, origin: meta.origin } as const;
  const created = await createPost(scope, post, { cover: '', ...prepared.columns }, (row: NewArticle) => insertArticle(scope.db, row));
  await scope.emit('article.created', { id: created.row.id, userId: author.id, status: created.row.status });
  return created;
}

/** POST article/edit/{id}, inside the write, on the row read locked (`editPost`: back to review on a forbidden word; counts, row, tag links). */
export async function editArticleRow(scope: WriteScope, row: ArticleRow, actor: UserRow, prepared: PreparedArticle, meta: { settings: Settings; ip: string }): Promise<void> {
  const post = { kind: 'article', actor, texts: prepared.texts, tags: prepared.tags, row } as const;
  const status = await editPost(scope, post, (status) => updateArticle(scope.db, row.id, { ...prepared.columns, status, update_time: scope.now }));
  await scope.emit('article.edited', { id: row.id, userId: row.user_id, status, actor: actorOf(actor, meta.ip) });
}

/** Authors, tags and the viewer's flags for a whole page: three queries whatever its size. */
export async function assembleArticles(db: Kysely<DB>, rows: ReadonlyArray<ArticleListRow | ArticleRow>, context: ViewerContext, detail = false): Promise<ArticleView[]> {
  if (rows.length === 0) return [];
  const relations = await postRelations(db, 'article', rows, context.viewer?.id ?? null);
  return rows.map((row) => presentArticle(row, relations, context, detail));
}

/** GET article/articles (every published article) and article/tag/articles (one public tag's; 404 for another), newest first. */
export async function articleFeedPage(db: Kysely<DB>, params: { tagId?: number; cursor?: string; limit?: number }, context: ViewerContext): Promise<Page<ArticleView>> {
  if (params.tagId !== undefined && !(await findPublicTag(db, params.tagId))) throw errors.notFound('article.errors.tagNotFound');
  const filter = { status: CONTENT_STATUS.published, tagId: params.tagId };
  const page = await pageById(params.cursor, params.limit ?? ARTICLE_LIMITS.pageSize, (afterId, count) => findArticlesPage(db, filter, afterId, count));
  return mapPage(page, (rows) => assembleArticles(db, rows, context));
}

/** GET article/user_articles: an active member's articles, newest first; pending ones too for them and moderators. */
export async function userArticlePage(db: Kysely<DB>, params: { userId: number; cursor?: string }, context: ViewerContext): Promise<Page<ArticleView>> {
  const user = await getActiveUser(db, params.userId);
  const own = context.viewer?.id === user.id || isModerator(context.viewer);
  const statuses = own ? [CONTENT_STATUS.published, CONTENT_STATUS.pending] : [CONTENT_STATUS.published];
  const page = await pageById(params.cursor, ARTICLE_LIMITS.pageSize, (afterId, count) =>
    mergeStatuses(statuses, count, (status) => findArticlesPage(db, { status, userId: user.id }, afterId, count), (row) => row.id),
  );
  return mapPage(page, (rows) => assembleArticles(db, rows, context));
}
