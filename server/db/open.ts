import type { DbConfig } from '../config';
import { createDatabase, type Database, type OpenOptions } from './database';
import { migrateToLatest } from './migrate';

/** Opens the database and brings its schema up to date (migrations run at every start). */
export async function openDatabase(config: DbConfig, options: OpenOptions = {}): Promise<Database> {
  const db = createDatabase(config, options);
  try {
    await migrateToLatest(db);
    return db;
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
