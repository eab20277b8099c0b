/**
 * The member's language (issue 27, the e-mail digest): `users.locale`, the locale of their last
 * signed-in request (kept current at most once an hour, with `last_seen_time`), so a mail is
 * written in the language they read the site in. '' = not known yet: mails fall back to the
 * site's language. Frozen: never edit.
 */
import type { AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('locale', 'varchar(16)', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('locale').execute();
}
