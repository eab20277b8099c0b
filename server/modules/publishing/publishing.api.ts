/**
 * The publishing feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 */
export { postKind } from './publishing.kind';
export { POST_TABLES, lockedPostRef } from './publishing.moderation';
export { displayTitle, postHead, presentPost } from './publishing.presenter';
export { cachedFeedAnswer, cachedFeedPage, postRelations, writtenRelations, type PostRelations, type PublicFeed } from './publishing.read';
export { countPostsByStatus, findAuthoredPostsPage, findBusiestAuthors, findPostBodies, findPostHeads, findPostTitles, findPostsByStatus, findPostsForSitemap, maxPostId, type AuthorSet, type PostTable } from './publishing.repository';
export { postStats } from './publishing.stats';
export { countPostView } from './publishing.views';
export { actorOf, createPost, editPost, editablePost, followBans, recommendPost, setPostStatus, type PostOrigin, type PostRef, type PostWrite } from './publishing.writes';
