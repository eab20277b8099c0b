/** All SQL touching `notification_groups` (and the messages' `group_id`). */
import type { Compilable, Kysely } from 'kysely';
import { MESSAGE_STATUS } from '../../../common/constants';
import { dialectOf } from '../../db/database';
import { prepared } from '../../db/prepared';
import type { DB, MessageRow, NotificationGroupRow } from '../../db/schema';

export interface NewGroup {
  user_id: number;
  group_key: string;
  type: string;
  entity_type: string;
  entity_id: number;
  last_message_id: number;
  actor_ids: string;
  actor_count: number;
  now: number;
}

// Every message filed runs some of these (a reply files two): built once per engine (db/prepared.ts).
const openGroupInserted = prepared((db, p: NewGroup) => {
  const query = db.insertInto('notification_groups').values({
    user_id: p.user_id,
    group_key: p.group_key,
    open_key: p.group_key,
    type: p.type,
    entity_type: p.entity_type,
    entity_id: p.entity_id,
    last_message_id: p.last_message_id,
    message_count: 1,
    actor_count: p.actor_count,
    actor_ids: p.actor_ids,
    status: MESSAGE_STATUS.unread,
    create_time: p.now,
    update_time: p.now,
  });
  switch (dialectOf(db)) {
    case 'mysql':
      return query.ignore() as Compilable<{ id?: number }>;
    case 'postgres':
      return query.onConflict((oc) => oc.columns(['user_id', 'open_key']).doNothing()).returning('id');
    case 'sqlite':
      return query.orIgnore().returning('id');
  }
});
const openGroupLocked = prepared((db, p: { userId: number; openKey: string; actorId: number }) => {
  const query = db
    .selectFrom('notification_groups')
    .selectAll()
    // Whether this actor is in the group already (an index probe, messages_group_actor_idx): asked with the row, not after it.
    .select((eb) => eb.exists(eb.selectFrom('messages').select('messages.id').whereRef('messages.group_id', '=', 'notification_groups.id').where('messages.from_id', '=', p.actorId)).as('actor_in'))
    .where('user_id', '=', p.userId)
    .where('open_key', '=', p.openKey);
  return dialectOf(db) === 'sqlite' ? query : query.forUpdate();
});
const groupGrown = prepared((db, p: { groupId: number; messageId: number; actorIds: string; actorsAdded: number; now: number }) =>
  db
    .updateTable('notification_groups')
    .set((eb) => ({
      last_message_id: p.messageId,
      message_count: eb('message_count', '+', 1),
      actor_ids: p.actorIds,
      actor_count: eb('actor_count', '+', p.actorsAdded),
      update_time: p.now,
    }))
    .where('id', '=', p.groupId),
);
const messageGroupSet = prepared((db, p: { messageId: number; groupId: number }) => db.updateTable('messages').set({ group_id: p.groupId }).where('id', '=', p.messageId));

/**
 * Opens a group under its key unless one is open already (the unique (user_id, open_key) index
 * decides, so two messages at once cannot open two). Answers the new group's id, or null.
 */
export async function insertOpenGroup(db: Kysely<DB>, group: NewGroup): Promise<number | null> {
  const result = await openGroupInserted.run(db, group);
  if (dialectOf(db) === 'mysql') return Number(result.numAffectedRows ?? 0n) > 0 ? Number(result.insertId) : null;
  const row = result.rows[0];
  return row?.id !== undefined ? Number(row.id) : null;
}

/**
 * The member's open (unread) group under `openKey`, locked for the rest of the write (SQLite
 * serializes writes), with whether `actorId` acted in it already (null: nobody's message; no
 * member has id 0).
 */
export async function findOpenGroupLocked(db: Kysely<DB>, userId: number, openKey: string, actorId: number | null): Promise<(NotificationGroupRow & { actorIn: boolean }) | undefined> {
  const row = await openGroupLocked.first(db, { userId, openKey, actorId: actorId ?? 0 });
  if (!row) return undefined;
  const { actor_in: actorIn, ...group } = row;
  // 0/1 on SQLite and MySQL, a boolean on PostgreSQL.
  return { ...group, actorIn: Boolean(Number(actorIn)) };
}

/** Adds a message to a group: its newest message, one more message, the actors as they now are. */
export async function growGroup(db: Kysely<DB>, groupId: number, change: { messageId: number; actorIds: string; newActor: boolean; now: number }): Promise<void> {
  await groupGrown.run(db, { groupId, messageId: change.messageId, actorIds: change.actorIds, actorsAdded: change.newActor ? 1 : 0, now: change.now });
}

export async function setMessageGroup(db: Kysely<DB>, messageId: number, groupId: number): Promise<void> {
  await messageGroupSet.run(db, { messageId, groupId });
}

/** The badge: a member's unread groups. */
export async function countUnreadGroups(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notification_groups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', MESSAGE_STATUS.unread)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One keyset page of a member's groups, newest activity first; `beforeId` is the last `last_message_id` seen. */
export async function findGroupsPage(db: Kysely<DB>, userId: number, beforeId: number | null, limit: number, unreadOnly = false): Promise<NotificationGroupRow[]> {
  let query = db.selectFrom('notification_groups').selectAll().where('user_id', '=', userId);
  if (unreadOnly) query = query.where('status', '=', MESSAGE_STATUS.unread);
  if (beforeId !== null) query = query.where('last_message_id', '<', beforeId);
  return query.orderBy('last_message_id', 'desc').limit(limit).execute();
}

export async function findGroup(db: Kysely<DB>, userId: number, groupId: number): Promise<NotificationGroupRow | undefined> {
  return db.selectFrom('notification_groups').selectAll().where('user_id', '=', userId).where('id', '=', groupId).executeTakeFirst();
}

/** The newest message of each group (its text, quote and link are the row's). */
export async function findMessagesByIds(db: Kysely<DB>, ids: readonly number[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('messages').selectAll().where('id', 'in', [...new Set(ids)]).execute();
}

/** One keyset page of a group's messages, newest first. */
export async function findGroupMessages(db: Kysely<DB>, userId: number, groupId: number, beforeId: number | null, limit: number): Promise<MessageRow[]> {
  let query = db.selectFrom('messages').selectAll().where('user_id', '=', userId).where('group_id', '=', groupId).where('status', '<>', MESSAGE_STATUS.muted);
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** Marks the member's named groups read, and every message in them; answers how many groups changed. */
export async function markGroupsRead(db: Kysely<DB>, userId: number, groupIds: readonly number[] | 'all', now: number): Promise<number> {
  if (groupIds !== 'all' && groupIds.length === 0) return 0;
  let groups = db.updateTable('notification_groups').set({ status: MESSAGE_STATUS.read, open_key: null, update_time: now }).where('user_id', '=', userId).where('status', '=', MESSAGE_STATUS.unread);
  let messages = db.updateTable('messages').set({ status: MESSAGE_STATUS.read, update_time: now }).where('user_id', '=', userId).where('status', '=', MESSAGE_STATUS.unread);
  if (groupIds !== 'all') {
    const ids = [...new Set(groupIds)];
    groups = groups.where('id', 'in', ids);
    messages = messages.where('group_id', 'in', ids);
  }
  await messages.execute();
  const result = await groups.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * After messages were marked read one by one (the older messages page): a group none of whose
 * messages is unread any more is read too, and closes.
 */
export async function closeGroupsWithoutUnread(db: Kysely<DB>, userId: number, now: number): Promise<void> {
  await db
    .updateTable('notification_groups')
    .set({ status: MESSAGE_STATUS.read, open_key: null, update_time: now })
    .where('user_id', '=', userId)
    .where('status', '=', MESSAGE_STATUS.unread)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('messages').select('messages.id').whereRef('messages.group_id', '=', 'notification_groups.id').where('messages.status', '=', MESSAGE_STATUS.unread))),
    )
    .execute();
}
