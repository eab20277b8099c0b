/**
 * Topic as the API and the pages see it (API.md "Topic"). Fields are listed one by one: never the
 * IP, the user agent or the unsanitized source (edit fields aside, which go to the author or a
 * moderator only). `title` is plain text, answered raw: every page and feed escapes it.
 */
import { describeIpLocation } from '../../../common/ip-location';
import type { TopicEditView, TopicImage, TopicView } from '../../../common/views/topic';
import type { NodeRow, TopicRow, UserRow } from '../../db/schema';
import { presentNode } from '../nodes/nodes.presenter';
import type { TagRef } from '../tags/tags.presenter';
import { presentPublicUser } from '../users/users.presenter';
import type { TopicListRow } from './topics.repository';
import { parseImageList } from '../content/images';

// The shapes live in common/views (the pages read them too); named here for the server's imports.
export type { TopicEditView, TopicImage, TopicView };

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
