/**
 * Topics and tweets brought in from another forum (the importer, issue 33): inserted as they were
 * there (author, node, time, views, stickiness), their content, hidden part and pictures made
 * safe by this site's pipeline (publishing's `renderImported`). No fact is recorded: the import
 * recounts and rebuilds the search index once at the end.
 */
import type { Kysely } from 'kysely';
import { TOPIC_TYPES } from '../../../common/constants';
import type { DB } from '../../db/schema';
import { imageListJson } from '../content/content.api';
import { importedPostColumns, renderImported, type ImportedPost } from '../publishing/publishing.api';
import { uploadImageFacts } from '../uploads/uploads.api';
import { insertTopic } from './topics.repository';

/** The summary column holds 512 characters (topics.writes.ts caps it the same way). */
const SUMMARY_STORED_MAX = 500;

export interface ImportedTopic extends ImportedPost {
  /** 0 post, 1 tweet. */
  type: number;
  nodeId: number;
  hideContent: string;
  images: ReadonlyArray<{ url: string }>;
  sticky: boolean;
  stickyTime: number;
}

/** Inserts an imported topic; answers its id, or null when it shows nothing (a post without text, a tweet without text or picture). */
export async function importTopic(db: Kysely<DB>, topic: ImportedTopic, siteOrigin: string | null): Promise<number | null> {
  const isPost = topic.type === TOPIC_TYPES.post;
  const imageUrls = topic.images.map((image) => image.url);
  const rendered = await renderImported(db, topic.content, topic.contentType, siteOrigin, imageUrls);
  if (!rendered && (isPost || imageUrls.length === 0)) return null;
  const hidden = topic.hideContent.trim() === '' ? null : await renderImported(db, topic.hideContent, topic.contentType, siteOrigin);
  const facts = await uploadImageFacts(db, imageUrls);
  return insertTopic(db, {
    ...importedPostColumns(topic),
    type: isPost ? TOPIC_TYPES.post : TOPIC_TYPES.tweet,
    node_id: topic.nodeId,
    title: isPost ? topic.title : '',
    content: topic.content,
    content_type: topic.contentType,
    content_html: rendered?.html ?? '',
    summary: [...(rendered?.summary ?? '')].slice(0, SUMMARY_STORED_MAX).join(''),
    image_list: imageListJson(topic.images, facts),
    hide_content: hidden ? topic.hideContent : '',
    hide_content_html: hidden?.html ?? '',
    sticky: topic.sticky ? 1 : 0,
    sticky_time: topic.sticky ? topic.stickyTime : 0,
  });
}
