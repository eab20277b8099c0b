/**
 * Private conversations between members (issue 28 part 1):
 *   conversations              one conversation: who started it, `pair_key` ("<low id>:<high id>")
 *                              for a one-to-one (unique, so starting one again with the same
 *                              member finds it; NULL for a group), the newest message's id and
 *                              time, how many messages
 *   conversation_members       one participant: `state` 0 in the list, 1 hidden (left a
 *                              one-to-one: back with the next message), 2 left (a group: gone
 *                              for good); `last_message_id` copied from the conversation (the
 *                              member's list pages by it); `last_read_id` and `unread_count`
 *                              (messages of others since the last read); `muted`
 *   conversation_members_uq    (conversation_id, user_id) unique
 *   conversation_members_list_idx (user_id, state, last_message_id)  the list, newest first
 *   conversation_messages      a message: its author (NULL for a notice "X left"), `kind` 0 text,
 *                              1 a member left; content as written and as sanitized HTML;
 *                              `status` CONTENT_STATUS (1: removed by staff)
 *   conversation_messages_conv_idx (conversation_id, id)  a conversation's page
 *   conversation_prefs         who may start a conversation with the member (`everyone`,
 *                              `following`, `nobody`); no row: everyone
 * Frozen: never edit.
 */
import { longText, reference, tableOptions, withId, withTimes, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('conversations'))
        .addColumn('starter_id', 'bigint', (c) => reference('users')(c.notNull()))
        .addColumn('pair_key', 'varchar(48)')
        .addColumn('last_message_id', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_message_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('message_count', 'integer', (c) => c.notNull().defaultTo(0)),
    ),
  ).execute();
  await db.schema.createIndex('conversations_pair_uq').on('conversations').unique().column('pair_key').execute();

  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('conversation_members'))
        .addColumn('conversation_id', 'bigint', (c) => reference('conversations')(c.notNull()))
        .addColumn('user_id', 'bigint', (c) => reference('users')(c.notNull()))
        .addColumn('state', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('muted', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_message_id', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_read_id', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('unread_count', 'integer', (c) => c.notNull().defaultTo(0)),
    ),
  ).execute();
  await db.schema.createIndex('conversation_members_uq').on('conversation_members').unique().columns(['conversation_id', 'user_id']).execute();
  await db.schema.createIndex('conversation_members_list_idx').on('conversation_members').columns(['user_id', 'state', 'last_message_id']).execute();

  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('conversation_messages'))
        .addColumn('conversation_id', 'bigint', (c) => reference('conversations')(c.notNull()))
        .addColumn('user_id', 'bigint', (c) => reference('users', 'set null')(c))
        .addColumn('kind', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('content', longText(db), (c) => c.notNull())
        .addColumn('content_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('content_html', longText(db), (c) => c.notNull())
        .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0)),
    ),
  ).execute();
  await db.schema.createIndex('conversation_messages_conv_idx').on('conversation_messages').columns(['conversation_id', 'id']).execute();

  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('conversation_prefs'))
        .addColumn('user_id', 'bigint', (c) => reference('users')(c.notNull()))
        .addColumn('who_may_start', 'varchar(16)', (c) => c.notNull()),
    ),
  ).execute();
  await db.schema.createIndex('conversation_prefs_user_uq').on('conversation_prefs').unique().column('user_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('conversation_prefs').execute();
  await db.schema.dropTable('conversation_messages').execute();
  await db.schema.dropTable('conversation_members').execute();
  await db.schema.dropTable('conversations').execute();
}
