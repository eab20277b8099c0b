/**
 * Topic as the API and the pages see it (API.md "Topic"). Fields are listed one by one: never the
 * IP, the user agent or the unsanitized source (edit fields aside, which go to the author or a
 * moderator only). `title` is plain text, answered raw: every page and feed escapes it.
 */
import { describeIpLocation, type IpLocationView } from '../../../common/ip-location';
import type { NodeRow, TopicRow, UserRow } from '../../db/schema';
import { presentNode, type NodeView } from '../nodes/nodes.presenter';
import type { TagRef } from '../tags/tags.presenter';
import { presentPublicUser, type PublicUser } from '../users/users.presenter';
import type { TopicListRow } from './topics.repository';

export interface TopicImage {
  url: string;
}

export interface TopicView {
  id: number;
  /** 0 post, 1 tweet. */
  type: number;
  node: NodeView | null;
  title: string;
  summary: string;
  /** Sanitized HTML; detail only. */
  content?: string;
  /** The type the author wrote in (html, markdown, text); `content` is always sanitized HTML. */
  contentType: string;
  tags: TagRef[];
  imageList: TopicImage[];
  user: PublicUser | null;
  /** 0 published, 1 deleted, 2 pending review. */
  status: number;
  sticky: boolean;
  recommend: boolean;
  viewCount: number;
  commentCount: number;
  likeCount: number;
  favoriteCount: number;
  ipLocation: IpLocationView | null;
  createTime: number;
  updateTime: number;
  lastCommentTime: number;
  liked: boolean;
  favorited: boolean;
  hasHiddenContent: boolean;
}

/** What the edit form loads (API.md "raw editable fields"). */
export interface TopicEditView {
  id: number;
  type: number;
  nodeId: number;
  title: string;
  /** Markdown and text: the source. HTML: the stored sanitized HTML (never unsanitized HTML). */
  content: string;
  contentType: string;
  hideContent: string;
  tags: string[];
  imageList: TopicImage[];
  status: number;
}

export function parseImageList(json: string): TopicImage[] {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    const images: TopicImage[] = [];
    for (const item of value) {
      if (item && typeof item === 'object' && typeof (item as { url?: unknown }).url === 'string') images.push({ url: (item as { url: string }).url });
    }
    return images;
  } catch {
    return [];
  }
}

export interface TopicRelations {
  node: NodeRow | undefined;
  user: UserRow | undefined;
  tags: TagRef[];
  liked: boolean;
  favorited: boolean;
}

export interface PresentContext {
  now: number;
  locale: string;
}

type PresentableRow = TopicListRow | (TopicRow & { has_hidden?: number });

export function presentTopic(row: PresentableRow, relations: TopicRelations, context: PresentContext, detail = false): TopicView {
  const hasHidden = 'hide_content' in row ? row.hide_content !== '' : row.has_hidden === 1;
  const view: TopicView = {
    id: row.id,
    type: row.type,
    node: relations.node ? presentNode(relations.node) : null,
    title: row.title,
    summary: row.summary,
    contentType: row.content_type,
    tags: relations.tags,
    imageList: parseImageList(row.image_list),
    user: relations.user ? presentPublicUser(relations.user, { now: context.now }) : null,
    status: row.status,
    sticky: row.sticky === 1,
    recommend: row.recommend === 1,
    viewCount: row.view_count,
    commentCount: row.comment_count,
    likeCount: row.like_count,
    favoriteCount: row.favorite_count,
    ipLocation: describeIpLocation(row.ip_country, row.ip_region, context.locale),
    createTime: row.create_time,
    updateTime: row.update_time,
    lastCommentTime: row.last_comment_time,
    liked: relations.liked,
    favorited: relations.favorited,
    hasHiddenContent: hasHidden,
  };
  if (detail && 'content_html' in row) view.content = row.content_html;
  return view;
}

export function presentTopicForEdit(row: TopicRow, tagNames: string[]): TopicEditView {
  const html = row.content_type === 'html';
  return {
    id: row.id,
    type: row.type,
    nodeId: row.node_id,
    title: row.title,
    content: html ? row.content_html : row.content,
    contentType: row.content_type,
    hideContent: html ? row.hide_content_html : row.hide_content,
    tags: tagNames,
    imageList: parseImageList(row.image_list),
    status: row.status,
  };
}
