/**
 * The article use cases: one function per action, `(ctx, caller, input) → view`, for the JSON
 * routes and the page loaders alike (ADR 0011). In order: who may act, the article module switch
 * (403 with the spec's messages), the row (404 for what the caller may not see), `authorize`,
 * the body, the posting allowance, `runWrite`, the view.
 */
import { ARTICLE_LIMITS, CONTENT_STATUS } from '../../../common/constants';
import { articleCreateSchema, articleEditSchema } from '../../../common/validation/article';
import { recommendSchema } from '../../../common/validation/topic';
import type { TagView } from '../../../common/views/tag';
import { requireDb, type AppContext } from '../../context';
import type { Database } from '../../db/database';
import { errors } from '../../infra/errors';
import { publicOrigin } from '../../http/site-address';
import { parseInput } from '../../kernel/input';
import { createStorage } from '../../infra/storage';
import { withAllowance } from '../../kernel/allowance';
import type { Caller, ViewerContext } from '../../kernel/caller';
import { canSee } from '../../kernel/kinds';
import type { Page } from '../../kernel/paging';
import { runWrite } from '../../kernel/write';
import { authorize, requireVerifiedWriter, requireWriter } from '../../policy/permissions';
import { cachedFeedAnswer, cachedFeedPage, writtenRelations, type PublicFeed } from '../publishing/publishing.api';
import { countPostView } from '../publishing/publishing.api';
import { actorOf, editablePost, recommendPost, setPostStatus, type PostRef } from '../publishing/publishing.api';
import type { Settings } from '../settings/settings.api';
import { presentTag } from '../tags/tags.api';
import { popularTags, tagsOf } from '../tags/tags.api';
import { articleHead, articlesClosed } from './articles.kind';
import { presentArticle, presentArticleForEdit, type ArticleEditView, type ArticleView } from './articles.presenter';
import { findArticleById } from './articles.repository';
import { articleFeedPage, assembleArticles, createArticleRow, editArticleRow, prepareArticle, userArticlePage, type ArticleWriteMeta } from './articles.service';

const NOT_FOUND = 'article.errors.notFound';

/** The database and settings, once the article module is known to be on for this kind of access. */
async function openArticles(ctx: AppContext, access: 'read' | 'write'): Promise<{ db: Database; settings: Settings }> {
  const db = requireDb(ctx);
  const settings = await ctx.settings.get(db);
  const refusal = articlesClosed(settings, access);
  if (refusal) throw errors.forbidden(refusal);
  return { db, settings };
}

function writeMeta(ctx: AppContext, settings: Settings): ArticleWriteMeta {
  return { settings, siteOrigin: publicOrigin(ctx.config), storage: createStorage(ctx.config), config: ctx.config };
}

const postRef = (row: { id: number; status: number; user_id: number; title: string; summary: string }): PostRef => ({ kind: 'article', table: 'articles', row, head: articleHead(row) });

function publicFeed(db: Database, params: { tagId?: number; cursor?: string }): PublicFeed<ArticleView> {
  return { type: 'article', key: `article|${params.tagId ?? 'all'}|${params.cursor ?? ''}`, load: (anonymous) => articleFeedPage(db, params, anonymous) };
}

/** GET article/articles (no `tagId`) and article/tag/articles, through the feeds' micro-cache. */
export async function articleFeed(ctx: AppContext, caller: ViewerContext, params: { tagId?: number; cursor?: string }): Promise<Page<ArticleView>> {
  const { db } = await openArticles(ctx, 'read');
  return cachedFeedPage(ctx, db, publicFeed(db, params), caller);
}

/** As `articleFeed`, answering an anonymous JSON reader the cached envelope itself. */
export async function articleFeedAnswer(ctx: AppContext, caller: ViewerContext, params: { tagId?: number; cursor?: string }): Promise<Page<ArticleView> | { body: string }> {
  const { db } = await openArticles(ctx, 'read');
  return cachedFeedAnswer(ctx, db, publicFeed(db, params), caller);
}

/** GET article/user_articles. */
export async function userArticles(ctx: AppContext, caller: ViewerContext, params: { userId: number; cursor?: string }): Promise<Page<ArticleView>> {
  const { db } = await openArticles(ctx, 'read');
  return userArticlePage(db, params, caller);
}

/** GET article/{id}: the article for whoever may see it; counts the view when `countView` (a browser reading the page). */
export async function articleDetail(ctx: AppContext, caller: Caller, id: number, options: { countView: boolean }): Promise<ArticleView> {
  const { db } = await openArticles(ctx, 'read');
  const row = await findArticleById(db, id);
  if (!row || !canSee(row, caller.viewer)) throw errors.notFound(NOT_FOUND);
  const visit = { ip: caller.origin.ip, userAgent: caller.origin.userAgent, dedup: ctx.viewDedup };
  if (options.countView && (await countPostView(db, { type: 'article', table: 'articles' }, row, caller.viewer, visit, caller.now))) row.view_count += 1;
  const [view] = await assembleArticles(db, [row], caller, true);
  return view!;
}

/** GET article/edit/{id}: the raw fields, for the author or a moderator. */
export async function articleForEdit(ctx: AppContext, caller: ViewerContext, id: number): Promise<ArticleEditView> {
  requireWriter(caller.viewer, caller.now);
  const { db } = await openArticles(ctx, 'read');
  const row = editablePost(await findArticleById(db, id), caller.viewer, NOT_FOUND);
  return presentArticleForEdit(row, (await tagsOf(db, 'article', [row.id])).map((tag) => tag.name));
}

/** The tags most used by published articles (the /articles sidebar); none while the module is off. */
export async function articleTags(ctx: AppContext, limit: number): Promise<TagView[]> {
  const db = requireDb(ctx);
  if (articlesClosed(await ctx.settings.get(db), 'read')) return [];
  return (await popularTags(db, 'article', Math.min(Math.max(limit, 1), ARTICLE_LIMITS.pageSize))).map(presentTag);
}

/** The newest published articles (the home sidebar); none while the module is off. */
export async function latestArticles(ctx: AppContext, caller: ViewerContext, limit: number): Promise<ArticleView[]> {
  if (articlesClosed(await ctx.settings.get(requireDb(ctx)), 'read')) return [];
  return (await articleFeedPage(requireDb(ctx), { limit: Math.min(Math.max(limit, 1), ARTICLE_LIMITS.pageSize) }, caller)).results;
}

/** POST article/create: the new article as its author sees it (presented from what was written). */
export async function createArticle(ctx: AppContext, caller: Caller, body: unknown): Promise<ArticleView> {
  const user = caller.viewer;
  requireVerifiedWriter(user, caller.now, 'article.errors.verifyEmail');
  const { settings } = await openArticles(ctx, 'write');
  const prepared = await prepareArticle(parseInput(articleCreateSchema, body), writeMeta(ctx, settings));
  const allowance = { family: 'article', limits: settings.postLimits, refundOn: [400] };
  const origin = { ip: caller.origin.ip, userAgent: caller.origin.userAgent, location: caller.origin.location(), now: caller.now };
  const created = await withAllowance(ctx, allowance, user, caller.origin.ip, () =>
    runWrite(ctx, (scope) => createArticleRow(scope, user, prepared, { settings, origin }), { now: caller.now }),
  );
  return presentArticle(created.row, writtenRelations(user, created.row.id, created.tags), caller, true);
}

/** POST article/edit/{id}: the author or a moderator; 404 before field errors. */
export async function editArticle(ctx: AppContext, caller: Caller, id: number, body: unknown): Promise<ArticleView> {
  const user = caller.viewer;
  requireVerifiedWriter(user, caller.now, 'article.errors.verifyEmail');
  const { db, settings } = await openArticles(ctx, 'write');
  editablePost(await findArticleById(db, id), user, NOT_FOUND);
  const prepared = await prepareArticle(parseInput(articleEditSchema, body), writeMeta(ctx, settings));
  await runWrite(
    ctx,
    // Re-read and locked inside the write: a concurrent edit or delete waits, so counts move from the status this edit starts from.
    async (scope) => editArticleRow(scope, editablePost(await findArticleById(scope.db, id, { lock: true }), user, NOT_FOUND), user, prepared, { settings, ip: caller.origin.ip }),
    { now: caller.now },
  );
  return articleDetail(ctx, caller, id, { countView: false });
}

/** POST article/delete/{id} (soft): the author or a moderator; a moderator's delete tells the author and is audited. */
export async function deleteArticle(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  const user = caller.viewer;
  requireWriter(user, caller.now);
  const { db } = await openArticles(ctx, 'write');
  const row = editablePost(await findArticleById(db, id), user, NOT_FOUND);
  authorize(user, 'content:delete', { userId: row.user_id });
  await runWrite(
    ctx,
    async (scope) => setPostStatus(scope, postRef(editablePost(await findArticleById(scope.db, id, { lock: true }), user, NOT_FOUND)), CONTENT_STATUS.deleted, actorOf(user, caller.origin.ip)),
    { now: caller.now },
  );
}

/** POST article/recommend/{id}: moderators only, audited; the author hears of it. */
export async function recommendArticle(ctx: AppContext, caller: Caller, id: number, body: unknown): Promise<ArticleView> {
  const user = caller.viewer;
  requireWriter(user, caller.now);
  authorize(user, 'content:moderate');
  await openArticles(ctx, 'write');
  const { recommend } = parseInput(recommendSchema, body);
  await runWrite(
    ctx,
    async (scope) => {
      const row = editablePost(await findArticleById(scope.db, id, { lock: true }), user, NOT_FOUND);
      await recommendPost(scope, { ...postRef(row), recommended: row.recommend === 1 }, recommend, actorOf(user, caller.origin.ip), NOT_FOUND);
    },
    { now: caller.now },
  );
  return articleDetail(ctx, caller, id, { countView: false });
}
