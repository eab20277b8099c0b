/**
 * The articles feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 *
 * - the module switch (`articlesClosed`) and its guard for actions that read articles (search, RSS);
 * - pages of articles presented for a reader (RSS, search hits), and articles by id (search);
 * - what the search index's rebuild reads.
 */
export { articleReadsOpen, articlesClosed } from './articles.kind';
export { articleFeedPage, articlesByIds, articlesForIndex, assembleArticles, highestArticleId } from './articles.service';
/** The importer's entry point (issue 33): an article as it was on another forum. */
export { importArticle, type ImportedArticle } from './articles.import';
