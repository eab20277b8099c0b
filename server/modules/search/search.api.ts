/** The search feature's public surface (ADR 0015): what other features may use. */
export { rebuildEngineIndex } from './search.index';

/**
 * Tables that are an engine's own index over search_documents, never copied between databases
 * (a backup, issue 33): MariaDB's `search_terms`. SQLite's FTS5 tables are its own too.
 */
export const ENGINE_INDEX_TABLES: readonly string[] = ['search_terms'];
