/**
 * The articles feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 */
export { articlesClosed } from './articles.kind';
export { findArticlesByIds, findArticlesForIndex, lastArticleId } from './articles.repository';
export { articleFeedPage, assembleArticles } from './articles.service';
