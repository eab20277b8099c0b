/**
 * Comment as the API and the pages see it (API.md "Comment"). Fields listed one by one: never
 * the IP, the user agent or the unsanitized source.
 */
import { COMMENT_LIMITS, CONTENT_STATUS } from '../../../common/constants';
import { describeIpLocation } from '../../../common/ip-location';
import type { CommentQuote, CommentView } from '../../../common/views/comment';
import type { CommentRow, UserRow } from '../../db/schema';
import { htmlToText, shortText } from '../content/content.api';
import { parseImageList } from '../content/content.api';
import { presentPublicUser } from '../users/users.api';

// The shapes live in common/views (the pages read them too); named here for the server's imports.
export type { CommentQuote, CommentView };

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
