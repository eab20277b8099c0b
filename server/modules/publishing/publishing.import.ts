/**
 * What every post kind's import shares (the importer, issue 33): the columns of a post brought in
 * from another forum as it was there (its author, time, views, recommendation), its content made
 * safe by this site's own pipeline (content.api `renderContent`: markdown rendered, HTML
 * sanitized; the site's uploads with their sizes), counters left at zero for the recount.
 */
import type { Kysely } from 'kysely';
import type { ContentType } from '../../../common/constants';
import type { DB } from '../../db/schema';
import { hasVisibleContent, renderContent } from '../content/content.api';
import { uploadAddressesIn, uploadImageFacts } from '../uploads/uploads.api';
import { recountPostCounters, type PostTable } from './publishing.repository';

/** A post as the other forum kept it (the kind adds its own fields). */
export interface ImportedPost {
  userId: number;
  title: string;
  content: string;
  contentType: ContentType;
  recommend: boolean;
  recommendTime: number;
  viewCount: number;
  ip: string;
  userAgent: string;
  createTime: number;
  updateTime: number;
}

/** The content rendered as a write here renders it; null when it shows nothing (nothing to import). */
export async function renderImported(db: Kysely<DB>, content: string, contentType: ContentType, siteOrigin: string | null, extraImages: readonly string[] = []): Promise<ReturnType<typeof renderContent> | null> {
  const images = await uploadImageFacts(db, [...uploadAddressesIn(content), ...extraImages]);
  const rendered = renderContent(content, contentType, { siteOrigin, images });
  return hasVisibleContent(rendered) ? rendered : null;
}

/** The columns every post kind's table shares, for an imported post: as it was, nothing counted yet. */
export function importedPostColumns(post: ImportedPost) {
  return {
    user_id: post.userId,
    status: 0,
    recommend: post.recommend ? 1 : 0,
    recommend_time: post.recommend ? post.recommendTime : 0,
    view_count: post.viewCount,
    comment_count: 0,
    like_count: 0,
    favorite_count: 0,
    last_comment_time: post.createTime,
    last_comment_user_id: null,
    comments_locked: 0,
    slow_mode_seconds: 0,
    ip: post.ip.slice(0, 64),
    ip_country: '',
    ip_region: '',
    user_agent: post.userAgent.slice(0, 255),
    create_time: post.createTime,
    update_time: post.updateTime,
  };
}

/** Every post's counts of one kind (comments and the last of them, likes, favorites), from the rows. */
export function recountPosts(db: Kysely<DB>, table: PostTable, kind: string): Promise<void> {
  return recountPostCounters(db, table, kind);
}
