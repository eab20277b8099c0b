/**
 * The SQL of private conversations (issue 28): conversations, their members, their messages and
 * the members' "who may start" setting. Nothing else reads or writes these tables.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { ConversationMemberRow, ConversationMessageRow, ConversationRow } from '../../db/schema';
import { insertReturningId, lockedRead } from '../../db/helpers';

/** `state` of a member row. */
export const MEMBER_STATE = { listed: 0, hidden: 1, left: 2 } as const;
/** `kind` of a message row. */
export const MESSAGE_KIND = { text: 0, left: 1 } as const;

export function findConversation(db: Kysely<DB>, id: number): Promise<ConversationRow | undefined> {
  return db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The conversation's row locked for the rest of the write (messages into it queue). */
export function lockConversation(db: Kysely<DB>, id: number): Promise<ConversationRow | undefined> {
  return lockedRead(db, db.selectFrom('conversations').selectAll().where('id', '=', id));
}

export function findConversationByPair(db: Kysely<DB>, pairKey: string): Promise<ConversationRow | undefined> {
  return db.selectFrom('conversations').selectAll().where('pair_key', '=', pairKey).executeTakeFirst();
}

export async function insertConversation(db: Kysely<DB>, starterId: number, pairKey: string | null, now: number): Promise<number> {
  return insertReturningId(db, 'conversations', { starter_id: starterId, pair_key: pairKey, last_message_id: 0, last_message_time: 0, message_count: 0, create_time: now, update_time: now });
}

export async function insertMembers(db: Kysely<DB>, conversationId: number, userIds: readonly number[], now: number): Promise<void> {
  await db
    .insertInto('conversation_members')
    .values(userIds.map((user_id) => ({ conversation_id: conversationId, user_id, state: MEMBER_STATE.listed, muted: 0, last_message_id: 0, last_read_id: 0, unread_count: 0, create_time: now, update_time: now })))
    .execute();
}

export function findMembership(db: Kysely<DB>, conversationId: number, userId: number): Promise<ConversationMemberRow | undefined> {
  return db.selectFrom('conversation_members').selectAll().where('conversation_id', '=', conversationId).where('user_id', '=', userId).executeTakeFirst();
}

export function findMembers(db: Kysely<DB>, conversationId: number): Promise<ConversationMemberRow[]> {
  return db.selectFrom('conversation_members').selectAll().where('conversation_id', '=', conversationId).orderBy('id').execute();
}

export interface MemberWithUser {
  conversation_id: number;
  user_id: number;
  state: number;
  nickname: string;
  username: string | null;
  avatar: string;
}

/** The members of these conversations with their names, in the order they joined: one query for a whole page. */
export async function findMembersWithUsers(db: Kysely<DB>, conversationIds: readonly number[]): Promise<MemberWithUser[]> {
  if (conversationIds.length === 0) return [];
  const rows = await db
    .selectFrom('conversation_members as cm')
    .innerJoin('users as u', 'u.id', 'cm.user_id')
    .select(['cm.conversation_id', 'cm.user_id', 'cm.state', 'u.nickname', 'u.username', 'u.avatar'])
    .where('cm.conversation_id', 'in', [...new Set(conversationIds)])
    .orderBy('cm.conversation_id')
    .orderBy('cm.id')
    .execute();
  return rows.map((row) => ({ ...row, conversation_id: Number(row.conversation_id), user_id: Number(row.user_id) }));
}

export async function insertMessage(
  db: Kysely<DB>,
  values: { conversation_id: number; user_id: number; kind: number; content: string; content_type: string; content_html: string },
  now: number,
): Promise<number> {
  return insertReturningId(db, 'conversation_messages', { ...values, status: 0, create_time: now, update_time: now });
}

export async function bumpConversation(db: Kysely<DB>, id: number, messageId: number, now: number): Promise<void> {
  await db
    .updateTable('conversations')
    .set({ last_message_id: messageId, last_message_time: now, message_count: sql<number>`message_count + 1`, update_time: now })
    .where('id', '=', id)
    .execute();
}

/**
 * A new message in the members' rows: the sender has read up to it; every other member still in
 * the conversation has one more unread; everyone still in it sees it at the top of their list (a
 * hidden one-to-one comes back). A text from `senderId` in a one-to-one also brings back the
 * sender's own hidden row.
 */
export async function spreadMessage(db: Kysely<DB>, conversationId: number, senderId: number, messageId: number, now: number): Promise<void> {
  await db
    .updateTable('conversation_members')
    .set({ last_message_id: messageId, last_read_id: messageId, unread_count: 0, state: MEMBER_STATE.listed, update_time: now })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', senderId)
    .where('state', '<>', MEMBER_STATE.left)
    .execute();
  await db
    .updateTable('conversation_members')
    .set({ last_message_id: messageId, unread_count: sql<number>`unread_count + 1`, state: MEMBER_STATE.listed, update_time: now })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '<>', senderId)
    .where('state', '<>', MEMBER_STATE.left)
    .execute();
}

export async function updateMembership(
  db: Kysely<DB>,
  conversationId: number,
  userId: number,
  change: Partial<Pick<ConversationMemberRow, 'state' | 'muted' | 'last_read_id' | 'unread_count'>>,
  now: number,
): Promise<void> {
  await db.updateTable('conversation_members').set({ ...change, update_time: now }).where('conversation_id', '=', conversationId).where('user_id', '=', userId).execute();
}

/** Read up to `upTo`: the unread count becomes the others' messages after it (one statement). */
export async function markReadUpTo(db: Kysely<DB>, conversationId: number, userId: number, upTo: number, now: number): Promise<void> {
  await db
    .updateTable('conversation_members')
    .set({
      last_read_id: sql<number>`case when last_read_id > ${upTo} then last_read_id else ${upTo} end`,
      unread_count: sql<number>`(select count(*) from conversation_messages m where m.conversation_id = ${conversationId} and m.id > ${upTo} and (m.user_id is null or m.user_id <> ${userId}))`,
      update_time: now,
    })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .execute();
}

export interface ListRow {
  conversation_id: number;
  muted: number;
  unread_count: number;
  last_message_id: number;
  pair_key: string | null;
  starter_id: number;
  message_kind: number | null;
  message_user_id: number | null;
  message_html: string | null;
  message_status: number | null;
  message_time: number | null;
}

/** A page of a member's listed conversations, newest message first (keyset on the message id). */
export async function findListPage(db: Kysely<DB>, userId: number, beforeMessageId: number | null, count: number): Promise<ListRow[]> {
  let query = db
    .selectFrom('conversation_members as cm')
    .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
    .leftJoin('conversation_messages as m', 'm.id', 'cm.last_message_id')
    .select([
      'cm.conversation_id',
      'cm.muted',
      'cm.unread_count',
      'cm.last_message_id',
      'c.pair_key',
      'c.starter_id',
      'm.kind as message_kind',
      'm.user_id as message_user_id',
      'm.content_html as message_html',
      'm.status as message_status',
      'm.create_time as message_time',
    ])
    .where('cm.user_id', '=', userId)
    .where('cm.state', '=', MEMBER_STATE.listed);
  if (beforeMessageId !== null) query = query.where('cm.last_message_id', '<', beforeMessageId);
  const rows = await query.orderBy('cm.last_message_id', 'desc').limit(count).execute();
  return rows.map((row) => ({
    ...row,
    conversation_id: Number(row.conversation_id),
    last_message_id: Number(row.last_message_id),
    starter_id: Number(row.starter_id),
    message_user_id: row.message_user_id === null ? null : Number(row.message_user_id),
    message_time: row.message_time === null ? null : Number(row.message_time),
  }));
}

export interface MessageWithAuthor extends ConversationMessageRow {
  nickname: string | null;
  username: string | null;
  avatar: string | null;
  author_state: number | null;
}

function messagesWithAuthors(db: Kysely<DB>) {
  return db
    .selectFrom('conversation_messages as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('conversation_members as cm', (join) => join.onRef('cm.conversation_id', '=', 'm.conversation_id').onRef('cm.user_id', '=', 'm.user_id'))
    .selectAll('m')
    .select(['u.nickname', 'u.username', 'u.avatar', 'cm.state as author_state']);
}

function normalize(row: MessageWithAuthor): MessageWithAuthor {
  return { ...row, id: Number(row.id), conversation_id: Number(row.conversation_id), user_id: row.user_id === null ? null : Number(row.user_id), create_time: Number(row.create_time) };
}

/** A page of a conversation's messages, newest first: before `beforeId`, or (catching up) after `afterId`. */
export async function findMessagesPage(db: Kysely<DB>, conversationId: number, bounds: { beforeId: number | null; afterId: number | null }, count: number): Promise<MessageWithAuthor[]> {
  let query = messagesWithAuthors(db).where('m.conversation_id', '=', conversationId);
  if (bounds.beforeId !== null) query = query.where('m.id', '<', bounds.beforeId);
  if (bounds.afterId !== null) query = query.where('m.id', '>', bounds.afterId);
  const rows = await query.orderBy('m.id', 'desc').limit(count).execute();
  return rows.map(normalize);
}

export async function findMessageWithAuthor(db: Kysely<DB>, id: number): Promise<MessageWithAuthor | undefined> {
  const row = await messagesWithAuthors(db).where('m.id', '=', id).executeTakeFirst();
  return row ? normalize(row) : undefined;
}

export async function setMessageStatus(db: Kysely<DB>, id: number, status: number, now: number): Promise<void> {
  await db.updateTable('conversation_messages').set({ status, update_time: now }).where('id', '=', id).execute();
}

/** Conversations with unread messages per member (listed, not muted): the header's badge. */
export async function countUnreadConversations(db: Kysely<DB>, userIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('conversation_members')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', 'in', [...new Set(userIds)])
    .where('state', '=', MEMBER_STATE.listed)
    .where('muted', '=', 0)
    .where('unread_count', '>', 0)
    .groupBy('user_id')
    .execute();
  for (const row of rows) out.set(Number(row.user_id), Number(row.n));
  return out;
}

export async function findWhoMayStart(db: Kysely<DB>, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('conversation_prefs').select(['user_id', 'who_may_start']).where('user_id', 'in', [...new Set(userIds)]).execute();
  return new Map(rows.map((row) => [Number(row.user_id), row.who_may_start]));
}

export async function upsertWhoMayStart(db: Kysely<DB>, userId: number, value: string, now: number): Promise<void> {
  const updated = await db.updateTable('conversation_prefs').set({ who_may_start: value, update_time: now }).where('user_id', '=', userId).executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db.insertInto('conversation_prefs').values({ user_id: userId, who_may_start: value, create_time: now, update_time: now }).execute();
}

/**
 * An erased member in conversations (issue 29): their memberships and choice go; their messages
 * stay for the others (under "Deleted member"), or are removed when `removeMessages`.
 */
export async function forgetMemberInConversations(db: Kysely<DB>, userId: number, removeMessages: boolean, deletedStatus: number, now: number): Promise<void> {
  await db.deleteFrom('conversation_members').where('user_id', '=', userId).execute();
  await db.deleteFrom('conversation_prefs').where('user_id', '=', userId).execute();
  if (removeMessages) await db.updateTable('conversation_messages').set({ status: deletedStatus, update_time: now }).where('user_id', '=', userId).where('status', '!=', deletedStatus).execute();
}

/** The messages of every conversation a member is in, oldest first (their archive, issue 29). */
export async function findConversationMessagesOf(db: Kysely<DB>, userId: number, visibleStatus: number): Promise<Array<{ conversation_id: number; id: number; user_id: number | null; content: string; create_time: number }>> {
  return db
    .selectFrom('conversation_messages as m')
    .innerJoin('conversation_members as cm', (join) => join.onRef('cm.conversation_id', '=', 'm.conversation_id').on('cm.user_id', '=', userId))
    .select(['m.conversation_id', 'm.id', 'm.user_id', 'm.content', 'm.create_time'])
    .where('m.status', '=', visibleStatus)
    .where('m.kind', '=', 0)
    .orderBy('m.id')
    .execute();
}
