/**
 * The shapes the comment section, /user/messages and /user/favorites receive (API.md
 * "Comment", "Message", user/favorites): common/views, which the server's presenters fill too,
 * so loaders (in-process, through `context.read`) and the JSON API agree.
 */
import type { CommentQuote, CommentView } from '../../../common/views/comment';
import type { FavoriteView } from '../../../common/views/favorite';
import type { MessageView } from '../../../common/views/message';
import type { Page } from '../../../common/views/page';
import type { PublicUser } from '../../../common/views/user';

export type { CommentView, FavoriteView, MessageView, Page };

/** An author as a comment shows them: avatar, name and unique username, linked to the profile; the VIP badge. */
export type CommentAuthor = Pick<PublicUser, 'id' | 'nickname' | 'username' | 'avatar' | 'smallAvatar' | 'vip'>;

/**
 * What the comment section shows of a comment, and all a page's loader sends: a CommentView
 * whose authors are just links and without its entity (the section knows it). The API's
 * CommentViews ("Load more", replies, a posted comment) fit it as they are.
 */
export type ShownComment = Omit<CommentView, 'entityType' | 'entityId' | 'user' | 'quote' | 'replies'> & {
  user: CommentAuthor | null;
  quote: (Omit<CommentQuote, 'user'> & { user: CommentAuthor | null }) | null;
  replies?: ShownComment[];
};

export type CommentEntityType = 'topic' | 'article';

export function emptyPage<T>(): Page<T> {
  return { results: [], cursor: '', hasMore: false };
}

/** Items merged by id (a page fetched twice, a new one posted locally), oldest first. */
export function mergeById<T extends { id: number }>(current: readonly T[], incoming: readonly T[]): T[] {
  const byId = new Map<number, T>();
  for (const item of current) byId.set(item.id, item);
  for (const item of incoming) if (!byId.has(item.id)) byId.set(item.id, item);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** `#comment-34` → 34; anything else → null. */
export function commentIdFromHash(hash: string): number | null {
  const match = /^#comment-(\d{1,15})$/.exec(hash);
  return match ? Number(match[1]) : null;
}

/** Whether rich text or Markdown holds anything worth posting (text or a picture). */
export function hasContent(value: string, contentType: 'html' | 'markdown'): boolean {
  if (contentType === 'markdown') return value.trim() !== '';
  if (/<img\b/i.test(value)) return true;
  return value.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() !== '';
}

/** Keyset lists shown newest first (messages, favorites): pages merged by id, no duplicates. */
export function mergeNewestFirst<T extends { id: number }>(current: readonly T[], incoming: readonly T[]): T[] {
  return mergeById(current, incoming).reverse();
}
