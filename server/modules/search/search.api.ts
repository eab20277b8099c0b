/**
 * The search feature's public surface (DESIGN convention 13): what other features may use of it.
 * The importer (issue 33) rebuilds the index once its rows are in, as `npm run reindex` does.
 */
export { reindexAll, type InTransaction, type ReindexReport } from './search.index';
