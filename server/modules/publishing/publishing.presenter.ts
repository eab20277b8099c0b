/**
 * What every post kind presents alike: its head (for comments, likes, messages, page tags) and
 * the fields TopicView and ArticleView share, listed one by one (never the IP, the user agent or
 * the unsanitized source). A kind's presenter adds its own fields.
 */
import { TOPIC_LIMITS } from '../../../common/constants';
import { describeIpLocation } from '../../../common/ip-location';
import type { ArticleView } from '../../../common/views/article';
import type { TopicView } from '../../../common/views/topic';
import type { CountedKind } from '../../kernel/content-events';
import type { ContentHead } from '../../kernel/kinds';
import { shortText } from '../content/content.api';
import { presentPublicUser } from '../users/users.api';
import type { PostRelations } from './publishing.read';

/** A post's display title: its title, or (a tweet) its opening words. */
export function displayTitle(row: { title: string; summary: string }): string {
  return row.title || shortText(row.summary, TOPIC_LIMITS.displayTitleMax);
}

/** A post's head from its row's few columns; `title` is the kind's display title (a tweet's opening words). */
export function postHead(
  type: CountedKind,
  row: { id: number; user_id: number; status: number; title: string; summary: string; comments_locked?: number; slow_mode_seconds?: number },
  title = row.title,
): ContentHead {
  const head: ContentHead = { type, id: row.id, ownerId: row.user_id, status: row.status, title, excerpt: row.summary, url: `/${type}/${row.id}`, root: { type, id: row.id } };
  // A head read with its comment rules (a post kind's `load`) carries them: a comment's write reads the row once.
  if (row.comments_locked !== undefined && row.slow_mode_seconds !== undefined) head.commentRules = { locked: row.comments_locked === 1, slowModeSeconds: row.slow_mode_seconds };
  return head;
}

/** The columns the shared fields come from (a list row: no bodies; a detail row adds `content_html`). */
export interface PostRow {
  id: number;
  user_id: number;
  title: string;
  summary: string;
  content_type: string;
  status: number;
  recommend: number;
  comments_locked: number;
  slow_mode_seconds: number;
  view_count: number;
  comment_count: number;
  like_count: number;
  favorite_count: number;
  ip_country: string;
  ip_region: string;
  create_time: number;
  update_time: number;
  last_comment_time: number;
  last_comment_user_id: number | null;
  content_html?: string;
}

/** The fields every post view shares: those TopicView and ArticleView both have (the compiler keeps them in step). */
export type PostView = Pick<TopicView, keyof TopicView & keyof ArticleView>;

/** The last commenter, from the page's batch of users (postRelations loads them with the authors). */
function lastCommenter(row: PostRow, relations: PostRelations): PostView['lastCommentUser'] {
  const user = row.last_comment_user_id === null ? undefined : relations.users.get(row.last_comment_user_id);
  return user ? { id: user.id, nickname: user.nickname } : null;
}

/** The shared fields of one post of a page (its author, tags and the viewer's flags from `relations`); `content` on a detail only. */
export function presentPost(row: PostRow, relations: PostRelations, context: { now: number; locale: string }, detail = false): PostView {
  const user = relations.users.get(row.user_id);
  const view: PostView = {
    id: row.id,
    title: row.title,
    summary: row.summary,
    contentType: row.content_type,
    tags: relations.tags.get(row.id) ?? [],
    user: user ? presentPublicUser(user, { now: context.now }) : null,
    status: row.status,
    recommend: row.recommend === 1,
    commentsLocked: row.comments_locked === 1,
    slowModeSeconds: row.slow_mode_seconds,
    viewCount: row.view_count,
    commentCount: row.comment_count,
    likeCount: row.like_count,
    favoriteCount: row.favorite_count,
    ipLocation: describeIpLocation(row.ip_country, row.ip_region, context.locale),
    createTime: row.create_time,
    updateTime: row.update_time,
    lastCommentTime: row.last_comment_time,
    lastCommentUser: lastCommenter(row, relations),
    liked: relations.flags.liked.has(row.id),
    favorited: relations.flags.favorited.has(row.id),
  };
  if (detail && row.content_html !== undefined) view.content = row.content_html;
  return view;
}
