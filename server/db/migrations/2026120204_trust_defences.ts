/**
 * Defences against spam and abuse (issue 28, part 4): trust levels, the proof-of-work challenge's
 * spent solutions, and IP and network bans. Frozen: never edit.
 *   trust_levels            one row per member the trust feature has judged (a missing row is a
 *                           member from before trust levels: level 1, ADR 0027)
 *     .level                0 new, 1 basic, 2 member
 *     .locked               1: set by staff by hand, automatic changes leave it alone
 *     .likes_received       likes on the member's posts and comments (counted from the day the
 *                           row exists), one of the facts a level is computed from
 *     .set_by               the staff member who set it by hand (null: computed)
 *   challenge_uses          a proof-of-work solution spent once: its challenge's nonce, unique,
 *                           kept until the challenge expires (a replay is refused in any process)
 *   ip_bans                 a single address or a CIDR range (IPv4, IPv6), banned until
 *                           `expire_time` (0 forever), with its reason and who added it
 */
import { reference, tableOptions, withId, withTimes, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await tableOptions(
    db,
    withTimes(
      db.schema
        .createTable('trust_levels')
        .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('likes_received', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('set_by', 'bigint', (c) => reference('users', 'set null')(c)),
    ),
  ).execute();

  await tableOptions(
    db,
    db.schema
      .createTable('challenge_uses')
      .addColumn('nonce', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('expire_time', 'bigint', (c) => c.notNull())
      .addColumn('create_time', 'bigint', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('challenge_uses_expire').on('challenge_uses').column('expire_time').execute();

  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('ip_bans'))
        .addColumn('cidr', 'varchar(64)', (c) => c.notNull())
        .addColumn('reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('expire_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'bigint', (c) => reference('users', 'set null')(c)),
    ),
  ).execute();
  await db.schema.createIndex('ip_bans_cidr_uq').on('ip_bans').unique().column('cidr').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('ip_bans').ifExists().execute();
  await db.schema.dropTable('challenge_uses').ifExists().execute();
  await db.schema.dropTable('trust_levels').ifExists().execute();
}
