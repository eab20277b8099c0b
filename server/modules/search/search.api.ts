/** The search feature's public surface (ADR 0015): what other features may use. */
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/database';
import type { DB } from '../../db/schema';
import { rebuildTermRows } from './search.mysql.repository';

/**
 * Tables that are an engine's own index over search_documents, never copied between databases
 * (a backup, issue 33): MariaDB's `search_terms`. SQLite's FTS5 tables are its own too.
 */
export const ENGINE_INDEX_TABLES: readonly string[] = ['search_terms'];

/**
 * After search_documents was loaded as rows (a restore): the engine's own index rebuilt from them.
 * SQLite's FTS5 (triggers) and PostgreSQL's generated tsv follow by themselves; MariaDB's term
 * rows are written here. Answers how many documents were indexed (0 where nothing was needed).
 */
export async function rebuildEngineIndex(db: Kysely<DB>): Promise<number> {
  return dialectOf(db) === 'mysql' ? rebuildTermRows(db) : 0;
}
