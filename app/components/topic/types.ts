/**
 * The topic shapes the pages receive (API.md "Topic"): common/views, which the server's
 * presenters fill too, so loaders (in-process, through `context.site`) and the JSON API agree.
 */
import type { NodeView } from '../../../common/views/node';
import type { TagRef, TagView } from '../../../common/views/tag';
import type { TopicEditView, TopicImage, TopicView } from '../../../common/views/topic';

export type { NodeView, TagRef, TagView, TopicEditView, TopicImage, TopicView };

/** A keyset page (API.md "Lists"). */
export interface TopicPage {
  results: TopicView[];
  cursor: string;
  hasMore: boolean;
}

/** What `GET topic/hide_content` answers (and the topic page's loader). */
export interface HiddenContentView {
  exists: boolean;
  show: boolean;
  content: string;
}

/** The feeds of GET topic/topics by `nodeId` (API.md): 0 latest, −1 recommended, −2 followed users. */
export const FEED = { latest: 0, recommended: -1, followed: -2 } as const;

