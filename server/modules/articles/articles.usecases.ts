/**
 * The article use cases, one function per action (articles.actions.ts declares who may call each,
 * the module switch, its limit, the row it judges and its answer): the JSON API and the page
 * loaders run the same ones. Writes run inside the action's transaction, on the row loaded and
 * locked there; what the caller is answered is made after the commit.
 */
import { siteStorage, uploadAddressesIn, uploadImageFacts } from '../uploads/uploads.api';
import { decorateContents } from '../embeds/embeds.api';
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { articleActions } from '../../../common/actions/articles';
import { CONTENT_STATUS } from '../../../common/constants';
import type { TagRef, TagView } from '../../../common/views/tag';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { ArticleRow, DB } from '../../db/schema';
import { publicOrigin } from '../../http/site-address';
import type { Serialized} from '../../kernel/actions';
import { type ReadCall, type SiteSettings, type WriteCall } from '../../kernel/actions';
import { actorOf, memberOf } from '../../kernel/caller';
import type { Page } from '../../kernel/paging';
import { publicFeedAnswer, recommendPost, setCommentRules, setPostStatus, writtenRelations, type PostRef, type PublicFeed } from '../publishing/publishing.api';
import { articleHead, articlesClosed } from './articles.kind';
import { presentArticle, type ArticleEditView, type ArticleView } from './articles.presenter';
import {
  articleEditFields,
  articleFeedPage,
  createArticleRow,
  editArticleRow,
  popularArticleTags,
  prepareArticle,
  readArticle,
  userArticlePage,
  type ArticleWriteMeta,
} from './articles.service';

type Input<K extends keyof typeof articleActions> = ParsedInputOf<(typeof articleActions)[K]>;

const NOT_FOUND = 'article.errors.notFound';

async function writeMeta(ctx: AppContext, settings: SiteSettings, db: Kysely<DB>): Promise<ArticleWriteMeta> {
  return { settings, siteOrigin: publicOrigin(ctx.config), storage: await siteStorage(ctx, db), config: ctx.config };
}

const postRef = (row: ArticleRow): PostRef => ({ kind: 'article', table: 'articles', row, head: articleHead(row) });

function publicFeed(db: Kysely<DB>, params: { tagId?: number; cursor?: string }): PublicFeed<ArticleView> {
  return { type: 'article', key: `article|${params.tagId ?? 'all'}|${params.cursor ?? ''}`, load: (anonymous) => articleFeedPage(db, params, anonymous) };
}

/**
 * GET article/articles and article/tag/articles, through the feeds' micro-cache: an anonymous
 * JSON reader gets the cached envelope itself (no parse, no second serialization); a member, or
 * a page, the page with the reader's own flags.
 */
export function articleFeed(call: ReadCall<Input<'feed'> | Input<'tagFeed'>, undefined>): Promise<Page<ArticleView> | Serialized<Page<ArticleView>>> {
  return publicFeedAnswer(call, publicFeed(call.db, call.input));
}

/** GET article/user_articles: a member's articles (their pending ones too, to them and moderators). */
export function userArticles({ db, caller, input }: ReadCall<Input<'ofUser'>, undefined>): Promise<Page<ArticleView>> {
  return userArticlePage(db, input, caller);
}

/** GET article/{id}: the article for whoever may see it; a browser's read (its user agent known) counts one view. */
export async function articleDetail({ ctx, db, caller, input }: ReadCall<Input<'detail'>, undefined>): Promise<ArticleView> {
  const visit = { ip: caller.origin.ip, userAgent: caller.origin.userAgent, dedup: ctx.viewDedup };
  const article = await readArticle(db, input.id, caller, visit);
  // Bare links shown as embeds or cards from the preview cache (ADR 0030); no query without one.
  const [content] = await decorateContents(ctx, db, [article.content ?? ''], caller.locale);
  return { ...article, content: content! };
}

/** GET article/edit/{id}: the raw fields, the row loaded and its rule passed. */
export function articleForEdit({ db, target }: ReadCall<Input<'forEdit'>, ArticleRow>): Promise<ArticleEditView> {
  return articleEditFields(db, target);
}

/** The tags most used by published articles (the /articles sidebar); none while the module is off. */
export async function articleTags({ db, settings, input }: ReadCall<Input<'tags'>, undefined>): Promise<TagView[]> {
  if (articlesClosed(settings, 'read')) return [];
  return popularArticleTags(db, input.limit);
}

/** The newest published articles (the sidebars); none while the module is off. */
export async function latestArticles({ db, settings, caller, input }: ReadCall<Input<'latest'>, undefined>): Promise<ArticleView[]> {
  if (articlesClosed(settings, 'read')) return [];
  return (await articleFeedPage(db, { limit: input.limit }, caller)).results;
}

/** What a new article's write hands to its presentation: the row and its tags as written. */
export interface CreatedArticle {
  row: ArticleRow;
  tags: TagRef[];
}

/** POST article/create, inside the transaction: the content made ready, then the article, its counts and facts. */
export async function createArticle({ scope, ctx, settings, input, caller }: WriteCall<Input<'create'>, undefined>): Promise<CreatedArticle> {
  const prepared = await prepareArticle(input, { ...(await writeMeta(ctx, settings, scope.db)), images: await uploadImageFacts(scope.db, uploadAddressesIn(input.content)) });
  const { origin } = caller;
  const posted = { ip: origin.ip, userAgent: origin.userAgent, location: origin.location(), now: caller.now };
  return createArticleRow(scope, memberOf(caller), prepared, { settings, origin: posted });
}

/** The new article as its author sees it, presented from what was written (no query). */
export async function presentCreated({ caller }: ReadCall<Input<'create'>, undefined>, created: CreatedArticle): Promise<ArticleView> {
  return presentArticle(created.row, writtenRelations(memberOf(caller), created.row.id, created.tags), caller, true);
}

/** POST article/edit/{id}, inside the transaction, on the row loaded locked and its rule passed. */
export async function editArticle({ scope, ctx, settings, input, caller, target }: WriteCall<Input<'edit'>, ArticleRow>): Promise<null> {
  const prepared = await prepareArticle(input, { ...(await writeMeta(ctx, settings, scope.db)), images: await uploadImageFacts(scope.db, uploadAddressesIn(input.content)) });
  await editArticleRow(scope, target, memberOf(caller), prepared, actorOf(caller));
  return null;
}

/** The article after an edit or a recommendation, as its reader sees it (no view counted). */
export function presentChanged({ db, caller, input }: ReadCall<{ id: number }, ArticleRow>): Promise<ArticleView> {
  return readArticle(db, input.id, caller);
}

/** POST article/delete/{id} (soft), inside the transaction: a moderator's delete tells the author and is audited. */
export async function deleteArticle({ scope, caller, target }: WriteCall<Input<'delete'>, ArticleRow>): Promise<null> {
  await setPostStatus(scope, postRef(target), CONTENT_STATUS.deleted, actorOf(caller));
  return null;
}

/** POST article/recommend/{id}, inside the transaction: audited, the author told once; the same state again changes nothing. */
export async function recommendArticle({ scope, caller, input, target }: WriteCall<Input<'recommend'>, ArticleRow>): Promise<null> {
  await recommendPost(scope, { ...postRef(target), recommended: target.recommend === 1 }, input.recommend, actorOf(caller), NOT_FOUND);
  return null;
}

/** POST article/comment_rules/{id}: moderators, inside the transaction (lock and slow mode, issue 28). */
export async function setArticleCommentRules({ scope, caller, input, target }: WriteCall<Input<'commentRules'>, ArticleRow>): Promise<null> {
  await setCommentRules(scope, postRef(target), { locked: input.locked, slowModeSeconds: input.slowModeSeconds }, actorOf(caller), NOT_FOUND);
  return null;
}
