/**
 * Indexes for the hourly sweep of expired rows (server/modules/auth/sweep.ts):
 *   user_tokens_expire_idx  (expire_time)
 *   email_codes_expire_idx  (expire_time)
 * Without them every sweep read both tables whole, and on MySQL a scanning DELETE locks each row
 * it reads, holding up sign-ins and verifications while it runs. Frozen: never edit.
 */
import { dialectOf } from '../database';
import type { AnyDb } from './ddl';

const INDEXES = [
  ['user_tokens_expire_idx', 'user_tokens'],
  ['email_codes_expire_idx', 'email_codes'],
] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const [name, table] of INDEXES) await db.schema.createIndex(name).on(table).column('expire_time').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name, table] of INDEXES) {
    // MySQL names the table in DROP INDEX; SQLite and PostgreSQL refuse it.
    const drop = db.schema.dropIndex(name);
    await (dialectOf(db) === 'mysql' ? drop.on(table) : drop).execute();
  }
}
