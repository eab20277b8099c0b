/**
 * Topic as the API and the pages see it (API.md "Topic"): the fields every post shares
 * (publishing.presenter.ts), and a topic's own: type, node, images, sticky, hidden content.
 * `title` is plain text, answered raw: every page and feed escapes it.
 */
import type { TopicEditView, TopicImage, TopicView } from '../../../common/views/topic';
import type { NodeRow, TopicRow } from '../../db/schema';
import { presentNode } from '../nodes/nodes.api';
import { presentPost } from '../publishing/publishing.api';
import type { PostRelations } from '../publishing/publishing.api';
import type { TopicListRow } from './topics.repository';
import { parseImageList } from '../content/content.api';

// The shapes live in common/views (the pages read them too); named here for the server's imports.
export type { TopicEditView, TopicImage, TopicView };

export interface PresentContext {
  now: number;
  locale: string;
}

type PresentableRow = TopicListRow | (TopicRow & { has_hidden?: number });

export function presentTopic(row: PresentableRow, relations: PostRelations & { node: NodeRow | undefined }, context: PresentContext, detail = false): TopicView {
  return {
    ...presentPost(row, relations, context, detail),
    type: row.type,
    node: relations.node ? presentNode(relations.node) : null,
    imageList: parseImageList(row.image_list),
    sticky: row.sticky === 1,
    hasHiddenContent: 'hide_content' in row ? row.hide_content !== '' : row.has_hidden === 1,
  };
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
