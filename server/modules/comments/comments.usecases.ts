/**
 * The comment reads, one function each, for the JSON routes and the page loaders alike. (Create
 * and delete still run their steps in comments.routes.ts: ADR 0011, "What remains".)
 */
import type { CommentableType } from '../../../common/constants';
import { requireDb, type AppContext } from '../../context';
import type { ViewerContext } from '../../kernel/caller';
import type { Page } from '../../kernel/paging';
import type { UserCommentView } from '../../../common/views/comment';
import type { CommentView } from './comments.presenter';
import { commentPage, replyPage, userCommentPage } from './comments.service';

/** GET comment/comments: a page of an item's comments, each with its first replies. */
export function commentList(ctx: AppContext, caller: ViewerContext, query: { entityType: CommentableType; entityId: number; cursor?: string }): Promise<Page<CommentView>> {
  return commentPage(requireDb(ctx), ctx.kinds, query, caller);
}

/** GET comment/replies: a page of one comment's replies. */
export function replyList(ctx: AppContext, caller: ViewerContext, query: { commentId: number; cursor?: string }): Promise<Page<CommentView>> {
  return replyPage(requireDb(ctx), ctx.kinds, query, caller);
}

/** GET comment/user_comments: a page of a member's comments, newest first, each with its post's title and link. */
export function userComments(ctx: AppContext, caller: ViewerContext, query: { userId: number; cursor?: string }): Promise<Page<UserCommentView>> {
  return userCommentPage(requireDb(ctx), ctx.kinds, query, caller);
}
