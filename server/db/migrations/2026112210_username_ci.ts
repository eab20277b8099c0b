/**
 * Usernames are unique regardless of case ("Alice" and "alice" are one name) and sign-in finds
 * them regardless of case. MySQL's users table already compares case-insensitively (collation
 * utf8mb4_unicode_ci, unique index from the foundation); SQLite and PostgreSQL get a unique
 * index on lower(username), which also serves the lookup. Frozen: never edit.
 */
import { sql } from 'kysely';
import { dialectOf } from '../database';
import type { AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  if (dialectOf(db) === 'mysql') return;
  await db.schema.createIndex('users_username_lower_uq').on('users').unique().expression(sql`lower(username)`).execute();
}

export async function down(db: AnyDb): Promise<void> {
  if (dialectOf(db) === 'mysql') return;
  await db.schema.dropIndex('users_username_lower_uq').ifExists().execute();
}
