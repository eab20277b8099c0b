/**
 * Notifications that reach members away from the site (issue 27):
 *   messages.group_id        the notification group the message belongs to (0 before this)
 *   messages_group_idx       (group_id, id)  a group's members, newest first
 *   messages_group_actor_idx (group_id, from_id)  has this member acted in the group already
 *   notification_groups      one row of the notifications page: while unread, messages of one
 *                            item and kind gather in one group ("Alice and 3 others liked…");
 *                            `open_key` is the grouping key while the group is unread and NULL
 *                            once read (a new event then opens a new group); the newest actors
 *                            (JSON ids, newest first), how many actors and messages, the newest
 *                            message's id
 *   notification_groups_open_uq   (user_id, open_key) unique: one open group per key
 *   notification_groups_user_idx  (user_id, last_message_id)  the page, newest first
 *   notification_groups_unread_idx (user_id, status)  the unread badge
 *   notification_prefs       a member's choice per kind × channel (web, email, push), only where
 *                            they chose; the defaults live in common/constants.ts. The digest
 *                            is kind `digest`, channel `email`, `enabled` its period in days
 *                            (0 off, 1 daily, 7 weekly)
 *   push_subscriptions       one browser's Web Push subscription: its endpoint (and SHA-256 of
 *                            it, unique), keys, the language it was made in
 *   site_secrets             values the site keeps and never shows (the VAPID key pair)
 *   digest_sends             (user_id, period) unique: a period's digest claimed once
 *   users.last_seen_time     when the member last used the site (updated at most hourly;
 *                            filled from their newest session's last use)
 * Existing messages become groups of one; members who asked for reply mails keep them as
 * the comment and reply kinds' e-mail choice. Frozen: never edit.
 */
import { sql } from 'kysely';
import { dialectOf } from '../database';
import { tableOptions, withId, withTimes, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('messages').addColumn('group_id', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('messages_group_idx').on('messages').columns(['group_id', 'id']).execute();
  await db.schema.createIndex('messages_group_actor_idx').on('messages').columns(['group_id', 'from_id']).execute();
  await db.schema.alterTable('users').addColumn('last_seen_time', 'bigint', (c) => c.notNull().defaultTo(0)).execute();

  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('notification_groups'))
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('group_key', 'varchar(160)', (c) => c.notNull())
        .addColumn('open_key', 'varchar(160)')
        .addColumn('type', 'varchar(32)', (c) => c.notNull())
        .addColumn('entity_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('entity_id', 'bigint', (c) => c.notNull())
        .addColumn('last_message_id', 'bigint', (c) => c.notNull())
        .addColumn('message_count', 'integer', (c) => c.notNull())
        .addColumn('actor_count', 'integer', (c) => c.notNull())
        .addColumn('actor_ids', 'varchar(255)', (c) => c.notNull())
        .addColumn('status', 'smallint', (c) => c.notNull()),
    ),
  ).execute();
  await db.schema.createIndex('notification_groups_open_uq').on('notification_groups').unique().columns(['user_id', 'open_key']).execute();
  await db.schema.createIndex('notification_groups_user_idx').on('notification_groups').columns(['user_id', 'last_message_id']).execute();
  await db.schema.createIndex('notification_groups_unread_idx').on('notification_groups').columns(['user_id', 'status']).execute();

  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('notification_prefs'))
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('channel', 'varchar(8)', (c) => c.notNull())
        .addColumn('enabled', 'smallint', (c) => c.notNull()),
    ),
  ).execute();
  await db.schema.createIndex('notification_prefs_uq').on('notification_prefs').unique().columns(['user_id', 'kind', 'channel']).execute();

  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('push_subscriptions'))
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('endpoint', 'text', (c) => c.notNull())
        .addColumn('endpoint_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('p256dh', 'varchar(128)', (c) => c.notNull())
        .addColumn('auth', 'varchar(64)', (c) => c.notNull())
        .addColumn('locale', 'varchar(16)', (c) => c.notNull())
        .addColumn('user_agent', 'varchar(255)', (c) => c.notNull())
        .addColumn('last_success_time', 'bigint', (c) => c.notNull().defaultTo(0)),
    ),
  ).execute();
  await db.schema.createIndex('push_subscriptions_endpoint_uq').on('push_subscriptions').unique().column('endpoint_hash').execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();

  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('site_secrets'))
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull()),
    ),
  ).execute();
  await db.schema.createIndex('site_secrets_name_uq').on('site_secrets').unique().column('name').execute();

  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('digest_sends'))
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('period', 'varchar(16)', (c) => c.notNull()),
    ),
  ).execute();
  await db.schema.createIndex('digest_sends_uq').on('digest_sends').unique().columns(['user_id', 'period']).execute();

  await backfillGroups(db);
  await keepReplyMails(db);
  await noteLastSessions(db);
}

/** A member's last visit before this was recorded: their newest session's last use, if any. */
async function noteLastSessions(db: AnyDb): Promise<void> {
  await sql`update users set last_seen_time = coalesce((select max(t.update_time) from user_tokens t where t.user_id = users.id), 0)`.execute(db);
}

/** Each existing message becomes a group of one, unread groups open under a key of their own. */
async function backfillGroups(db: AnyDb): Promise<void> {
  const key = dialectOf(db) === 'mysql' ? sql`concat('m:', id)` : sql`'m:' || cast(id as varchar(20))`;
  const open = dialectOf(db) === 'mysql' ? sql`case when status = 0 then concat('m:', id) end` : sql`case when status = 0 then 'm:' || cast(id as varchar(20)) end`;
  await sql`insert into notification_groups (user_id, group_key, open_key, type, entity_type, entity_id, last_message_id, message_count, actor_count, actor_ids, status, create_time, update_time)
    select user_id, ${key}, ${open}, type, entity_type, entity_id, id, 1,
      case when from_id is null then 0 else 1 end,
      case when from_id is null then '[]' else ${dialectOf(db) === 'mysql' ? sql`concat('[', from_id, ']')` : sql`'[' || cast(from_id as varchar(20)) || ']'`} end,
      status, create_time, update_time from messages`.execute(db);
  await sql`update messages set group_id = (select g.id from notification_groups g where g.user_id = messages.user_id and g.last_message_id = messages.id)`.execute(db);
}

/** Members who asked for reply mails keep them: e-mail on for comments on their posts and replies. */
async function keepReplyMails(db: AnyDb): Promise<void> {
  for (const kind of ['comment', 'reply']) {
    await sql`insert into notification_prefs (user_id, kind, channel, enabled, create_time, update_time)
      select id, ${kind}, 'email', 1, update_time, update_time from users where reply_mail = 1`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['digest_sends', 'site_secrets', 'push_subscriptions', 'notification_prefs', 'notification_groups']) await db.schema.dropTable(table).execute();
  for (const index of ['messages_group_actor_idx', 'messages_group_idx']) {
    const dropIndex = db.schema.dropIndex(index);
    await (dialectOf(db) === 'mysql' ? dropIndex.on('messages') : dropIndex).execute();
  }
  await db.schema.alterTable('messages').dropColumn('group_id').execute();
  await db.schema.alterTable('users').dropColumn('last_seen_time').execute();
}

