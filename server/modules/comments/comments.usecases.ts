/**
 * The comment use cases, one function per action (comments.actions.ts declares who may call each,
 * its limit and its answer): the JSON API and the page loaders run the same ones.
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { commentActions } from '../../../common/actions/comments';
import type { UserCommentView } from '../../../common/views/comment';
import { publicOrigin } from '../../http/site-address';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { actorOf, memberOf } from '../../kernel/caller';
import type { Page } from '../../kernel/paging';
import type { CommentView } from './comments.presenter';
import type { Kysely } from 'kysely';
import type { Locale } from '../../../common/constants';
import type { CommentRow, DB } from '../../db/schema';
import { decorateContents } from '../embeds/embeds.api';
import type { AppContext } from '../../context';
import { commentPage, createComment as writeComment, deleteComment as removeComment, presentNewComment, replyPage, userCommentPage, type CreatedComment } from './comments.service';

type Input<K extends keyof typeof commentActions> = ParsedInputOf<(typeof commentActions)[K]>;

/** GET comment/comments: a page of an item's comments, each with its first replies. */
export async function commentList({ db, ctx, input, caller }: ReadCall<Input<'list'>, undefined>): Promise<Page<CommentView>> {
  return withPreviews(ctx, db, await commentPage(db, ctx.kinds, input, caller), caller.locale);
}

/** GET comment/replies: a page of one comment's replies. */
export async function replyList({ db, ctx, input, caller }: ReadCall<Input<'replies'>, undefined>): Promise<Page<CommentView>> {
  return withPreviews(ctx, db, await replyPage(db, ctx.kinds, input, caller), caller.locale);
}

/** The page's comments and their first replies with bare links shown as embeds or cards (ADR 0030): one query for the page, none without a bare link. */
async function withPreviews(ctx: AppContext, db: Kysely<DB>, page: Page<CommentView>, locale: Locale): Promise<Page<CommentView>> {
  const all = page.results.flatMap((comment) => [comment, ...(comment.replies ?? [])]);
  const decorated = await decorateContents(ctx, db, all.map((comment) => comment.content), locale);
  const byComment = new Map(all.map((comment, index) => [comment, decorated[index]!]));
  const redo = (comment: CommentView): CommentView => {
    const content = byComment.get(comment)!;
    return content === comment.content ? comment : { ...comment, content };
  };
  return { ...page, results: page.results.map((comment) => (comment.replies ? { ...redo(comment), replies: comment.replies.map(redo) } : redo(comment))) };
}

/** GET comment/user_comments: a page of a member's comments, newest first, each with its post's title and link. */
export function userComments({ db, ctx, input, caller }: ReadCall<Input<'ofUser'>, undefined>): Promise<Page<UserCommentView>> {
  return userCommentPage(db, ctx.kinds, input, caller);
}

/** POST comment/create, inside the transaction: the comment, its counts and facts. */
export function createComment({ scope, ctx, input, caller }: WriteCall<Input<'create'>, undefined>): Promise<CreatedComment> {
  const { origin } = caller;
  const meta = { now: caller.now, siteOrigin: publicOrigin(ctx.config), ip: origin.ip, userAgent: origin.userAgent, location: origin.location() };
  return writeComment(scope, memberOf(caller), input, meta);
}

/** The new comment as its author sees it (at most one query: a quoted reply's author). */
export function presentCreated({ db, caller }: ReadCall<Input<'create'>, undefined>, created: CreatedComment): Promise<CommentView> {
  return presentNewComment(db, created, memberOf(caller), caller);
}

/** POST comment/delete/{id}, inside the transaction, the comment loaded and its rule passed. */
export async function deleteComment({ scope, target, caller }: WriteCall<Input<'delete'>, CommentRow>): Promise<null> {
  await removeComment(scope, target, actorOf(caller));
  return null;
}
