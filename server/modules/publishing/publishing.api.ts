/**
 * The publishing feature's public surface (DESIGN convention 13): the post core every post kind
 * (topics, articles) shares, and what other features read of posts. It holds no actions of its
 * own: the kinds declare theirs and call these.
 *
 * - a kind's shape: `postKind`, `postHead`, `displayTitle`, `presentPost`, `postRelations`,
 *   `writtenRelations`;
 * - public feeds through the micro-cache: `publicFeedAnswer` (one path for the API and the pages);
 * - the post rules of writes: `createPost`, `editPost`, `postForEditor` (404: what an editor may
 *   reach; the action's target rule judges the rest), `setPostStatus`, `recommendPost`,
 *   `followBans`, `actorOf`;
 * - views: `countPostView`; the back office: `POST_TABLES`, `lockedPostRef`, `postStats`;
 * - reads across kinds (publishing.service.ts): sitemaps, the following feed, the back office's
 *   tables, heads.
 */
export { postKind } from './publishing.kind';
export { POST_TABLES, lockedPostRef } from './publishing.moderation';
export { displayTitle, postHead, presentPost } from './publishing.presenter';
export { postRelations, publicFeedAnswer, writtenRelations, type FeedCall, type PostRelations, type PublicFeed } from './publishing.read';
export {
  countPostsByStatus,
  findAuthoredPostsPage,
  findBusiestAuthors,
  findPostBodies,
  findPostHeads,
  findPostTitles,
  findPostsByStatus,
  findPostsForSitemap,
  findTopPostsBetween,
  maxPostId,
  postsWrittenBy,
  type TopPostRow,
  type AuthorSet,
  type PostTable,
} from './publishing.service';
export { postStats } from './publishing.stats';
export { countPostView } from './publishing.views';
export { actorOf, createPost, editPost, followBans, followErasure, postForEditor, recommendPost, setCommentRules, setPostStatus, type PostOrigin, type PostRef, type PostWrite } from './publishing.writes';
/** What the post kinds' import entry points share, and the recount of a kind's counters (the importer, issue 33). */
export { importedPostColumns, recountPosts, renderImported, type ImportedPost } from './publishing.import';
