/**
 * Loader helpers of the topic pages (server only). They read the topics' declared actions
 * (`context.read`, DESIGN convention 11) and turn a refused read into the error page with the
 * service's own message.
 */
import { data, type AppLoadContext } from 'react-router';
import type { ReadContract } from '../../../common/actions/contract';
import type { PageViewer } from '../../../common/load-context';
import { parseId } from '../../../common/validation/fields';
import type { FollowedPost } from '../../../common/views/follow';
import type { Page, PageResult } from '../../../common/views/page';
import type { FeedSource } from '~/components/content/keyset-feed';
import type { FeedTopic, TopicPage, TopicView } from './types';
import '~/lib/load-context';

export function viewerOf(context: AppLoadContext): PageViewer {
  return { user: context.user, locale: context.locale };
}

/** The value, or the error page (404/403…) showing the translated message. */
export function unwrap<T>(result: PageResult<T>): T {
  if (!result.ok) throw data(result.message, { status: result.status });
  return result.data;
}

/** A path id in canonical decimal (the API's rule: common/validation/fields.ts), or the 404 page. */
export function pathId(value: string | undefined, notFound: string): number {
  const id = parseId(value);
  if (id === null) throw data(notFound, { status: 404 });
  return id;
}

/** The site's origin for canonical and og:url links: the configured address, never the request's Host. */
export function originOf(context: AppLoadContext): string {
  return context.site.origin();
}

/** A feed entry as the list pages' loaders send it: only what TopicItem shows (a third of a TopicView). */
export function feedTopic(topic: TopicView): FeedTopic {
  const { id, type, title, summary, sticky, recommend, createTime, lastCommentTime, lastCommentUser, imageList, tags, viewCount, commentCount, likeCount, user, node } = topic;
  return {
    id,
    type,
    title,
    summary,
    sticky,
    recommend,
    createTime,
    lastCommentTime,
    lastCommentUser: lastCommentUser && { id: lastCommentUser.id, nickname: lastCommentUser.nickname },
    imageList,
    tags,
    viewCount,
    commentCount,
    likeCount,
    user: user && { id: user.id, nickname: user.nickname, avatar: user.avatar, smallAvatar: user.smallAvatar },
    node: node && { id: node.id, name: node.name },
  };
}

export function feedPage(page: Page<TopicView>): TopicPage {
  return { results: page.results.map(feedTopic), cursor: page.cursor, hasMore: page.hasMore };
}

/**
 * A page of `topic/topics` that is not the followed members' (nodeId −2, topics and articles
 * mixed, which names each entry's kind): only topics, as the feed pages read it.
 */
export function topicsOnly(page: Page<TopicView | FollowedPost>): Page<TopicView> {
  return { ...page, results: page.results.filter((entry): entry is TopicView => !('entityType' in entry)) };
}

/** Where a feed's "Load more" asks for the next pages: the declared read's path, and its query besides the cursor. */
export function feedSource(action: ReadContract, query: FeedSource['query']): FeedSource {
  if (!action.path) throw new Error(`${action.name} has no route to load more from`);
  return { path: action.path, query };
}

/**
 * What an item page's loader starts from: the reader, the path's id (or the 404 page with the
 * kind's `notFound` message) and the visit to count (the browser's IP and user agent).
 */
export function itemRequest(context: AppLoadContext, request: Request, rawId: string | undefined, notFound: string) {
  return {
    viewer: viewerOf(context),
    id: pathId(rawId, notFound),
    visit: { ip: context.clientIp, userAgent: request.headers.get('user-agent') ?? '' },
  };
}
