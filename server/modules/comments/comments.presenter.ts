/**
 * Comment as the API and the pages see it (API.md "Comment"). Fields listed one by one: never
 * the IP, the user agent or the unsanitized source.
 */
import { COMMENT_LIMITS, CONTENT_STATUS } from '../../../common/constants';
import { describeIpLocation, type IpLocationView } from '../../../common/ip-location';
import type { CommentRow, UserRow } from '../../db/schema';
import { htmlToText, summarize } from '../content/content.service';
import { parseImageList, type TopicImage } from '../topics/topics.presenter';
import { presentPublicUser, type PublicUser } from '../users/users.presenter';

/** The reply a reply answers, shown above it. */
export interface CommentQuote {
  id: number;
  user: PublicUser | null;
  /** Plain-text excerpt ('' when the quoted reply was deleted). */
  content: string;
  deleted: boolean;
}

/** Plain text cut to `max` graphemes; short text (the usual case) skips the segmenter. */
export function shortText(text: string, max: number): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length <= max ? collapsed : summarize(collapsed, max);
}

export interface CommentView {
  id: number;
  entityType: string;
  entityId: number;
  /** The top-level comment a reply sits under; null for a top-level comment. */
  parentId: number | null;
  /** Sanitized HTML. */
  content: string;
  contentType: string;
  imageList: TopicImage[];
  user: PublicUser | null;
  quote: CommentQuote | null;
  likeCount: number;
  replyCount: number;
  ipLocation: IpLocationView | null;
  /** 0 published, 1 deleted. */
  status: number;
  createTime: number;
  liked: boolean;
  /** Top-level comments in comment/comments: the first replies (≤ 3); `replyCount` says how many in all. */
  replies?: CommentView[];
}

export interface CommentRelations {
  users: ReadonlyMap<number, UserRow>;
  quotes: ReadonlyMap<number, CommentRow>;
  liked: ReadonlySet<number>;
}

export interface CommentPresentContext {
  now: number;
  locale: string;
}

function quoteOf(row: CommentRow, relations: CommentRelations, context: CommentPresentContext): CommentQuote | null {
  if (row.quote_id === null) return null;
  const quoted = relations.quotes.get(row.quote_id);
  if (!quoted || quoted.status !== CONTENT_STATUS.published) return { id: row.quote_id, user: null, content: '', deleted: true };
  const author = relations.users.get(quoted.user_id);
  return {
    id: quoted.id,
    user: author ? presentPublicUser(author, { now: context.now }) : null,
    content: shortText(htmlToText(quoted.content_html), COMMENT_LIMITS.quoteMax),
    deleted: false,
  };
}

export function presentComment(row: CommentRow, relations: CommentRelations, context: CommentPresentContext): CommentView {
  const author = relations.users.get(row.user_id);
  return {
    id: row.id,
    entityType: row.entity_type,
    entityId: row.entity_id,
    parentId: row.parent_id,
    content: row.content_html,
    contentType: row.content_type,
    imageList: parseImageList(row.image_list),
    user: author ? presentPublicUser(author, { now: context.now }) : null,
    quote: quoteOf(row, relations, context),
    likeCount: row.like_count,
    replyCount: row.reply_count,
    ipLocation: describeIpLocation(row.ip_country, row.ip_region, context.locale),
    status: row.status,
    createTime: row.create_time,
    liked: relations.liked.has(row.id),
  };
}
