/**
 * Comments brought in from another forum (the importer, issue 33): inserted as they were there
 * (author, time, the comment replied under and the reply quoted), the content made safe by this
 * site's pipeline, and every comment's reply and like counts set afterwards. No fact is recorded:
 * nobody is told of a comment written years ago.
 */
import type { Kysely } from 'kysely';
import type { ContentType } from '../../../common/constants';
import type { DB } from '../../db/schema';
import { hasVisibleContent, imageListJson, renderContent } from '../content/content.api';
import { uploadAddressesIn, uploadImageFacts } from '../uploads/uploads.api';
import { insertComment, recountCommentCounters } from './comments.repository';

export interface ImportedComment {
  /** topic | article */
  entityType: string;
  entityId: number;
  userId: number;
  /** The top-level comment this one replies under (null: a top-level comment). */
  parentId: number | null;
  /** The reply it answers, within the same parent (null: none). */
  quoteId: number | null;
  content: string;
  contentType: ContentType;
  images: ReadonlyArray<{ url: string }>;
  ip: string;
  userAgent: string;
  createTime: number;
}

/** Inserts an imported comment; answers its id, or null when it shows nothing (no text, no picture). */
export async function importComment(db: Kysely<DB>, comment: ImportedComment, siteOrigin: string | null): Promise<number | null> {
  const urls = comment.images.map((image) => image.url);
  const facts = await uploadImageFacts(db, [...uploadAddressesIn(comment.content), ...urls]);
  const rendered = renderContent(comment.content, comment.contentType, { siteOrigin, images: facts });
  if (!hasVisibleContent(rendered) && urls.length === 0) return null;
  return insertComment(db, {
    entity_type: comment.entityType,
    entity_id: comment.entityId,
    user_id: comment.userId,
    parent_id: comment.parentId,
    quote_id: comment.quoteId,
    content: comment.content,
    content_type: comment.contentType,
    content_html: rendered.html,
    image_list: imageListJson(comment.images, facts),
    like_count: 0,
    reply_count: 0,
    status: 0,
    ip: comment.ip.slice(0, 64),
    ip_country: '',
    ip_region: '',
    user_agent: comment.userAgent.slice(0, 255),
    create_time: comment.createTime,
    update_time: comment.createTime,
  });
}

/** Every comment's published replies and likes, from the rows (as the live writes would have counted them). */
export function recountComments(db: Kysely<DB>): Promise<void> {
  return recountCommentCounters(db);
}
