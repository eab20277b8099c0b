/**
 * The topic shapes the pages receive (API.md "Topic"): common/views, which the server's
 * presenters fill too, so loaders (in-process, through `context.site`) and the JSON API agree.
 */
import type { NodeView } from '../../../common/views/node';
import type { TagRef, TagView } from '../../../common/views/tag';
import type { TopicEditView, TopicImage, TopicView } from '../../../common/views/topic';
import type { PublicUser } from '../../../common/views/user';

export type { NodeView, TagRef, TagView, TopicEditView, TopicImage, TopicView };

/**
 * What a feed entry shows (TopicItem), and all a list page's loader sends of each topic: the
 * author and node as links, no reader state, no edit times. "Load more" appends the API's full
 * TopicViews, which fit it as they are.
 */
export type FeedTopic = Pick<TopicView, 'id' | 'type' | 'title' | 'summary' | 'sticky' | 'recommend' | 'createTime' | 'lastCommentTime' | 'lastCommentUser' | 'imageList' | 'tags' | 'viewCount' | 'commentCount' | 'likeCount'> & {
  user: Pick<PublicUser, 'id' | 'nickname' | 'avatar' | 'smallAvatar'> | null;
  node: Pick<NodeView, 'id' | 'name'> | null;
};

/** A keyset page of feed entries (API.md "Lists"). */
export interface TopicPage {
  results: FeedTopic[];
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

