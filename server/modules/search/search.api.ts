/**
 * The search feature's public surface (ADR 0015, DESIGN convention 13): what other features may
 * use of it. The importer (issue 33) rebuilds the index once its rows are in, as `npm run reindex`
 * does; a restore (issue 33) rebuilds the engine's own index over the restored documents.
 */
export { rebuildEngineIndex, reindexAll, type InTransaction, type ReindexReport } from './search.index';

/**
 * Tables that are an engine's own index over search_documents, never copied between databases
 * (a backup, issue 33): MariaDB's `search_terms`. SQLite's FTS5 tables are its own too.
 */
export const ENGINE_INDEX_TABLES: readonly string[] = ['search_terms'];
