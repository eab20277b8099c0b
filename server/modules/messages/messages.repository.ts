/** All SQL touching `messages` (and the users' reply-mail switch). */
import type { Compilable, Kysely } from 'kysely';
import { MESSAGE_STATUS } from '../../../common/constants';
import { dialectOf } from '../../db/database';
import type { DB, MessageRow, UserRow } from '../../db/schema';
import { prepared } from '../../db/prepared';

/** The columns every message is written with (all of them but its group, set once it is filed). */
const MESSAGE_COLUMNS = ['user_id', 'from_id', 'type', 'title', 'content', 'quote_content', 'url', 'entity_type', 'entity_id', 'params', 'event_key', 'status', 'create_time', 'update_time'] as const;
export type MessageValues = Pick<MessageRow, (typeof MESSAGE_COLUMNS)[number]>;

/**
 * Every message written runs this insert (two a reply): built once per engine and per kind of
 * key (db/prepared.ts). A keyed message is skipped when its key is taken.
 */
function messageInsert(keyed: boolean) {
  return prepared((db, p: MessageValues) => {
    const query = db.insertInto('messages').values(Object.fromEntries(MESSAGE_COLUMNS.map((column) => [column, p[column]])) as MessageValues);
    switch (dialectOf(db)) {
      case 'mysql':
        return (keyed ? query.ignore() : query) as Compilable<{ id?: number }>;
      case 'postgres':
        return (keyed ? query.onConflict((oc) => oc.columns(['user_id', 'event_key']).doNothing()) : query).returning('id');
      case 'sqlite':
        return (keyed ? query.orIgnore() : query).returning('id');
    }
  });
}
const messageInserted = { keyed: messageInsert(true), unkeyed: messageInsert(false) };

/**
 * Inserts a message unless the recipient already has one with the same `event_key` (the unique
 * index decides, so concurrent duplicates cannot both land). Answers the new row's id, or null
 * when an earlier message holds the key.
 */
export async function insertMessageIfAbsent(db: Kysely<DB>, values: MessageValues): Promise<number | null> {
  const result = await messageInserted[values.event_key !== null ? 'keyed' : 'unkeyed'].run(db, values);
  if (dialectOf(db) === 'mysql') return Number(result.numAffectedRows ?? 0n) > 0 ? Number(result.insertId) : null;
  const row = result.rows[0];
  return row?.id !== undefined ? Number(row.id) : null;
}

/** Newest unread first. */
export async function findUnread(db: Kysely<DB>, userId: number, limit: number): Promise<MessageRow[]> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', MESSAGE_STATUS.unread)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** One keyset page of a user's messages, newest first; `beforeId` is the last id seen. */
export async function findMessagesPage(db: Kysely<DB>, userId: number, beforeId: number | null, limit: number): Promise<MessageRow[]> {
  let query = db.selectFrom('messages').selectAll().where('user_id', '=', userId).where('status', '<>', MESSAGE_STATUS.muted);
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/**
 * Which of a user's messages to mark read: these ids, or every one up to and including `upTo`
 * (null: all of them).
 */
export type ReadSelection = { ids: readonly number[] } | { upTo: number | null };

/**
 * Marks the selected unread messages of the user read; answers how many changed. Ids of other
 * users' messages match nothing (the user is part of the condition).
 */
export async function markRead(db: Kysely<DB>, userId: number, selection: ReadSelection, now: number): Promise<number> {
  if ('ids' in selection && selection.ids.length === 0) return 0;
  let query = db.updateTable('messages').set({ status: MESSAGE_STATUS.read, update_time: now }).where('user_id', '=', userId).where('status', '=', MESSAGE_STATUS.unread);
  if ('ids' in selection) query = query.where('id', 'in', [...new Set(selection.ids)]);
  else if (selection.upTo !== null) query = query.where('id', '<=', selection.upTo);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Members a notification mail may reach now: a verified address, an account not deleted. */
function mailableUsers(db: Kysely<DB>) {
  return db.selectFrom('users').where('email_verified', '=', 1).where('email', 'is not', null).where('status', '=', 0);
}

/** True when the member has an address a notification mail may go to (asked in the write that owes one). */
export async function hasMailableAddress(db: Kysely<DB>, id: number): Promise<boolean> {
  return (await mailableUsers(db).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function findMailableUsers(db: Kysely<DB>, ids: readonly number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return mailableUsers(db)
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** One message by id (the push job reads the message it announces). */
export async function findMessage(db: Kysely<DB>, id: number): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Everything the messages feature keeps for one member (their account erased, issue 29): their messages, rows and choices. */
export async function deleteMessagesOf(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('messages').where('user_id', '=', userId).execute();
  await db.deleteFrom('notification_groups').where('user_id', '=', userId).execute();
  await db.deleteFrom('notification_prefs').where('user_id', '=', userId).execute();
}
