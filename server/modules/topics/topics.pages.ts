/**
 * The topics' slice of `context.site` (DESIGN convention 11): the topic pages' feeds, detail,
 * hidden content and edit fields, and a profile's topics, through the same use cases as the JSON
 * routes. A refused read comes back as a value (`attemptForPage`).
 */
import type { AppContext } from '../../context';
import { attemptForPage, pageCaller, pageRead, type PageSlice } from '../../kernel/pages';
import { tagTopicFeed, topicDetail, topicFeed, topicForEdit, topicHiddenContent, userTopicCountsOf, userTopics } from './topics.usecases';

export function topicPages(ctx: AppContext): PageSlice {
  return {
    topics: {
      feed: pageRead(ctx, topicFeed),
      tagFeed: pageRead(ctx, tagTopicFeed),
      detail: (viewer, id, visit) => attemptForPage(viewer, () => topicDetail(ctx, pageCaller(ctx, viewer, visit), id, { countView: visit !== undefined })),
      hiddenContent: pageRead(ctx, topicHiddenContent),
      forEdit: pageRead(ctx, topicForEdit),
    },
    people: {
      topics: pageRead(ctx, (c, viewer, userId: number, cursor?: string, type?: number) => userTopics(c, viewer, { userId, cursor, ...(type !== undefined ? { type } : {}) })),
      topicCounts: pageRead(ctx, userTopicCountsOf),
    },
  };
}
