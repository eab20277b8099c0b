/**
 * Sign-in providers (issue 29, ADR 0035): a member's accounts at LINE, Google, GitHub, WeChat or
 * an OpenID Connect provider, each a way in to their account here:
 *   user_identities              one provider account linked to one member: the provider's id
 *                                (line | google | github | wechat | oidc), its subject (the
 *                                stable id the provider gives: OIDC `sub`, GitHub's numeric id,
 *                                WeChat's unionid or openid), what it said at the last sign-in
 *                                (e-mail, whether it vouched for it, name, picture)
 *   user_identities_subject_uq   (provider, subject) unique: one provider account, one member
 *   user_identities_user_idx     (user_id) a member's linked providers
 * Frozen: never edit.
 */
import { reference, tableOptions, withId, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await tableOptions(
    db,
    withId(db, db.schema.createTable('user_identities'))
      .addColumn('user_id', 'bigint', (c) => reference('users')(c.notNull()))
      .addColumn('provider', 'varchar(32)', (c) => c.notNull())
      .addColumn('subject', 'varchar(255)', (c) => c.notNull())
      .addColumn('email', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('email_verified', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('display_name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
      .addColumn('avatar', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
      .addColumn('create_time', 'bigint', (c) => c.notNull())
      .addColumn('update_time', 'bigint', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('user_identities_subject_uq').on('user_identities').unique().columns(['provider', 'subject']).execute();
  await db.schema.createIndex('user_identities_user_idx').on('user_identities').columns(['user_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('user_identities').ifExists().execute();
}
