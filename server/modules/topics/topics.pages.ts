/**
 * The topics' slice of `context.site` (DESIGN convention 11): the topic pages' feeds, detail,
 * hidden content and edit fields, and a profile's topics, through the same use cases as the JSON
 * routes. A refused read comes back as a value (`attemptForPage`).
 */
import type { AppContext } from '../../context';
import { attemptForPage, pageCaller, pageViewerContext, type PageSlice } from '../../kernel/pages';
import { tagTopicFeed, topicDetail, topicFeed, topicForEdit, topicHiddenContent, userTopics } from './topics.usecases';

export function topicPages(ctx: AppContext): PageSlice {
  const as = pageViewerContext.bind(null, ctx);
  return {
    topics: {
      feed: (viewer, params) => attemptForPage(viewer, () => topicFeed(ctx, as(viewer), params)),
      tagFeed: (viewer, params) => attemptForPage(viewer, () => tagTopicFeed(ctx, as(viewer), params)),
      detail: (viewer, id, visit) => attemptForPage(viewer, () => topicDetail(ctx, pageCaller(ctx, viewer, visit), id, { countView: visit !== undefined })),
      hiddenContent: (viewer, id) => attemptForPage(viewer, () => topicHiddenContent(ctx, as(viewer), id)),
      forEdit: (viewer, id) => attemptForPage(viewer, () => topicForEdit(ctx, as(viewer), id)),
    },
    people: {
      topics: (viewer, userId, cursor) => attemptForPage(viewer, () => userTopics(ctx, as(viewer), { userId, cursor })),
    },
  };
}
