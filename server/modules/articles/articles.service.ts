/**
 * Articles in database terms, by the post rules (publishing.*): what an article write stores
 * from its input (content through the content pipeline, a summary cut by characters, a cover
 * only if this site stored it), the writes themselves, and pages of articles presented in a
 * constant number of queries.
 */
import type { UploadImageFacts } from '../../../common/rich-text/image-sizes';
import { countLinks } from '../trust/trust.api';
import type { Kysely } from 'kysely';
import { ARTICLE_LIMITS, CONTENT_STATUS } from '../../../common/constants';
import type { ArticleEditInput } from '../../../common/validation/article';
import type { TagRef } from '../../../common/views/tag';
import type { AppConfig } from '../../config';
import type { ArticleRow, DB, NewArticle, UserRow } from '../../db/schema';
import { errors, type MessageRef } from '../../infra/errors';
import type { ServedStorage } from '../../infra/storage';
import type { TagView } from '../../../common/views/tag';
import type { Actor, WriteScope } from '../../kernel/events';
import type { ViewerContext } from '../../kernel/caller';
import { canSee, type Visit } from '../../kernel/kinds';
import { mapPage, mergeStatuses, pageById, type Page } from '../../kernel/paging';
import { isModerator } from '../../policy/permissions';
import { hasVisibleContent, renderContent, shortText } from '../content/content.api';
import { countPostView, postRelations } from '../publishing/publishing.api';
import { createPost, editPost, type PostOrigin } from '../publishing/publishing.api';
import type { Settings } from '../settings/settings.api';
import { findPublicTag, popularTags, presentTag, tagsOf } from '../tags/tags.api';
import { storedImageUrl } from '../uploads/uploads.api';
import { getActiveUser } from '../users/users.api';
import { presentArticle, presentArticleForEdit, type ArticleEditView, type ArticleView } from './articles.presenter';
import { findArticleById, findArticlesByIds, findArticlesForIndex, findArticlesPage, insertArticle, lastArticleId, updateArticle, type ArticleListRow } from './articles.repository';

const NOT_FOUND = 'article.errors.notFound';

/** The summary column holds this many code points: `summaryMax` graphemes of long emoji sequences could pass it. */
const SUMMARY_STORED_MAX = 1024;

export interface ArticleWriteMeta {
  settings: Settings;
  /** PUBLIC_URL's origin, so links to this site stay direct. */
  siteOrigin: string | null;
  storage: ServedStorage;
  config: Pick<AppConfig, 'publicUrl' | 'port'>;
  /** The site's uploads the content shows, with sizes and copies (ADR 0031); none: shown as stored. */
  images?: ReadonlyMap<string, UploadImageFacts>;
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
  const rendered = renderContent(input.content, input.contentType, { siteOrigin: meta.siteOrigin, images: meta.images });
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
  const post = { kind: 'article', actor: author, texts: prepared.texts, tags: prepared.tags, links: countLinks(prepared.columns.content_html), reviewNew: meta.settings.articleReview, origin: meta.origin } as const;
  const created = await createPost(scope, post, { cover: '', ...prepared.columns }, (row: NewArticle) => insertArticle(scope.db, row));
  await scope.emit('article.created', { id: created.row.id, userId: author.id, status: created.row.status });
  return created;
}

/** POST article/edit/{id}, inside the write, on the row read locked (`editPost`: back to review on a forbidden word; counts, row, tag links). */
export async function editArticleRow(scope: WriteScope, row: ArticleRow, editor: UserRow, prepared: PreparedArticle, actor: Actor): Promise<void> {
  const post = { kind: 'article', actor: editor, texts: prepared.texts, tags: prepared.tags, links: countLinks(prepared.columns.content_html), row } as const;
  const status = await editPost(scope, post, (status) => updateArticle(scope.db, row.id, { ...prepared.columns, status, update_time: scope.now }));
  await scope.emit('article.edited', { id: row.id, userId: row.user_id, status, actor });
}

/**
 * The article an actor means to change (edit, delete, recommend, the edit form): 404 when it does
 * not exist, or — for all but moderators — is deleted or not visible to them, as the detail
 * answers. Whether they may change it (its author or a moderator) is the action's rule
 * (`content:edit`, `content:delete`), judged on the row this answers. `lock`: read inside the
 * write and held to its end, so a concurrent edit or delete waits and counts move from the
 * status this write starts from.
 */
export async function articleToChange(db: Kysely<DB>, id: number, actor: UserRow, options: { lock: boolean }): Promise<ArticleRow> {
  const row = await findArticleById(db, id, options);
  if (!row) throw errors.notFound(NOT_FOUND);
  if (!isModerator(actor) && (row.status === CONTENT_STATUS.deleted || !canSee(row, actor))) throw errors.notFound(NOT_FOUND);
  return row;
}

/** GET article/{id}: the article for whoever may see it (404 otherwise); counts the view when `visit` is given (a browser's read). */
export async function readArticle(db: Kysely<DB>, id: number, context: ViewerContext, visit?: Visit): Promise<ArticleView> {
  const row = await findArticleById(db, id);
  if (!row || !canSee(row, context.viewer)) throw errors.notFound(NOT_FOUND);
  if (visit && (await countPostView(db, { type: 'article', table: 'articles' }, row, context.viewer, visit, context.now))) row.view_count += 1;
  const [view] = await assembleArticles(db, [row], context, true);
  return view!;
}

/** GET article/edit/{id}: the raw fields of an article the caller may change. */
export async function articleEditFields(db: Kysely<DB>, row: ArticleRow): Promise<ArticleEditView> {
  return presentArticleForEdit(row, (await tagsOf(db, 'article', [row.id])).map((tag) => tag.name));
}

/** The tags most used by published articles (the /articles sidebar), at most `limit`. */
export async function popularArticleTags(db: Kysely<DB>, limit: number): Promise<TagView[]> {
  return (await popularTags(db, 'article', limit)).map(presentTag);
}

/** Articles by id, any status, in no order (search hits; the caller decides what a reader may see). */
export function articlesByIds(db: Kysely<DB>, ids: readonly number[]): Promise<ArticleRow[]> {
  return findArticlesByIds(db, ids);
}

/** The search index's rebuild: articles after `afterId` by id, any status, with what it indexes. */
export function articlesForIndex(db: Kysely<DB>, afterId: number, limit: number) {
  return findArticlesForIndex(db, afterId, limit);
}

/** The highest article id (how far the search rebuild has to go), 0 with none. */
export function highestArticleId(db: Kysely<DB>): Promise<number> {
  return lastArticleId(db);
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
