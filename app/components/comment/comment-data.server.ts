/** What the comment section's loaders send (server only): each comment as the section shows it. */
import type { CommentAuthor, CommentView, Page, ShownComment } from './types';

function author(user: CommentView['user']): CommentAuthor | null {
  return user && { id: user.id, nickname: user.nickname, username: user.username, avatar: user.avatar, smallAvatar: user.smallAvatar };
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
