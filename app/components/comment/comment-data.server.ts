/** What the comment section's loaders send (server only): each comment as the section shows it. */
import type { AppLoadContext } from 'react-router';
import { commentActions } from '../../../common/actions/comments';
import { emptyPage, type CommentAuthor, type CommentEntityType, type CommentView, type Page, type ShownComment } from './types';
import '~/lib/load-context';

function author(user: CommentView['user']): CommentAuthor | null {
  return user && { id: user.id, nickname: user.nickname, username: user.username, avatar: user.avatar, smallAvatar: user.smallAvatar, vip: user.vip };
}

export function shownComment(comment: CommentView): ShownComment {
  // The entity is dropped: the section knows it.
  const { entityType: _entityType, entityId: _entityId, user, quote, replies, ...rest } = comment;
  return {
    ...rest,
    user: author(user),
    quote: quote && { ...quote, user: author(quote.user) },
    ...(replies ? { replies: replies.map(shownComment) } : {}),
  };
}

export function shownCommentPage(page: Page<CommentView>): Page<ShownComment> {
  return { results: page.results.map(shownComment), cursor: page.cursor, hasMore: page.hasMore };
}

/** An item page's first page of comments, as the section shows it; none when the read is refused. */
export async function firstComments(context: AppLoadContext, target: { entityType: CommentEntityType; entityId: number }): Promise<Page<ShownComment>> {
  const result = await context.read(commentActions.list, target);
  return result.ok ? shownCommentPage(result.data) : emptyPage<ShownComment>();
}
