/**
 * Private conversations (issue 28 part 1): starting one (a one-to-one found again by its pair
 * key), sending, the list, a conversation's page, reading, muting, leaving, the member's
 * setting, and what staff may do through a report. Every write records a fact; its side effects
 * (live delivery, push, e-mail, audit) are listeners in conversations.feature.ts.
 */
import type { Kysely } from 'kysely';
import { CONTENT_STATUS, CONVERSATION_LIMITS, type ContentType, type WhoMayStart } from '../../../common/constants';
import type { ConversationDetail, ConversationMember, ConversationMessageView, ConversationStaffView, ConversationStarted, ConversationState, ConversationSummary } from '../../../common/views/conversation';
import type { ConversationMemberRow, ConversationRow, DB, UserRow } from '../../db/schema';
import { errors, type MessageRef } from '../../infra/errors';
import type { WriteScope } from '../../kernel/events';
import { decodeIdCursor, pageOf, type Page } from '../../kernel/paging';
import { hasVisibleContent, htmlToText, renderHtml, shortText } from '../content/content.api';
import { findUsersByIds } from '../users/users.api';
import {
  bumpConversation,
  countUnreadConversations,
  findConversation,
  findConversationByPair,
  findListPage,
  findMembers,
  findMembersWithUsers,
  findMembership,
  findMessagesPage,
  findMessageWithAuthor,
  findWhoMayStart,
  insertConversation,
  insertMembers,
  insertMessage,
  lockConversation,
  markReadUpTo,
  MEMBER_STATE,
  MESSAGE_KIND,
  setMessageStatus,
  spreadMessage,
  updateMembership,
  upsertWhoMayStart,
  type ListRow,
  type MemberWithUser,
  type MessageWithAuthor,
} from './conversations.repository';
import { firstFailing, SEND_RULES, staffMayRead, START_RULES, whoMayStartOf } from './conversations.rules';

export const CONVERSATION_NOT_FOUND = 'conversation.errors.notFound';

// ---------------------------------------------------------------------------------------------
// Presenting

function presentMember(row: Pick<MemberWithUser, 'user_id' | 'nickname' | 'username' | 'avatar' | 'state'>): ConversationMember {
  return { id: row.user_id, nickname: row.nickname, username: row.username, avatar: row.avatar, left: row.state === MEMBER_STATE.left };
}

export function presentMessage(row: MessageWithAuthor): ConversationMessageView {
  const removed = row.status !== CONTENT_STATUS.published;
  const author =
    row.user_id === null || row.nickname === null
      ? null
      : presentMember({ user_id: row.user_id, nickname: row.nickname, username: row.username, avatar: row.avatar ?? '', state: row.author_state ?? MEMBER_STATE.listed });
  return {
    id: row.id,
    conversationId: row.conversation_id,
    kind: row.kind === MESSAGE_KIND.left ? 'left' : 'text',
    author,
    contentHtml: removed ? '' : row.content_html,
    removed,
    createTime: row.create_time,
  };
}

function excerptOf(html: string): string {
  return shortText(htmlToText(html), CONVERSATION_LIMITS.excerptMax);
}

// ---------------------------------------------------------------------------------------------
// Access

/** A member's own conversation: 404 when there is none, 403 when they take no part (or left the group). */
export async function participation(db: Kysely<DB>, conversationId: number, userId: number, options: { lock: boolean } = { lock: false }): Promise<{ conversation: ConversationRow; membership: ConversationMemberRow }> {
  const conversation = options.lock ? await lockConversation(db, conversationId) : await findConversation(db, conversationId);
  if (!conversation) throw errors.notFound(CONVERSATION_NOT_FOUND);
  const membership = await findMembership(db, conversationId, userId);
  if (!membership || membership.state === MEMBER_STATE.left) throw errors.forbidden('conversation.errors.notParticipant');
  return { conversation, membership };
}

// ---------------------------------------------------------------------------------------------
// Writing a message

export interface MessageInput {
  content: string;
  contentType: ContentType;
}

/** The comments' pipeline: sanitized HTML, its text, the same emptiness and picture rules (400 naming the field). */
function renderMessage(input: MessageInput, siteOrigin: string | null): { html: string; text: string } {
  const html = renderHtml(input.content, input.contentType, { siteOrigin });
  const rendered = { html, text: htmlToText(html) };
  const fields: Record<string, MessageRef> = {};
  if (!hasVisibleContent(rendered)) fields.content = 'conversation.validation.contentRequired';
  else if ((html.match(/<img\b/gi) ?? []).length > CONVERSATION_LIMITS.imagesMax) fields.content = { key: 'topic.validation.imagesTooMany', params: { max: CONVERSATION_LIMITS.imagesMax } };
  if (Object.keys(fields).length > 0) throw errors.validation(fields);
  return rendered;
}

async function refuse(rule: { refusal: string }, otherId: number | undefined, db: Kysely<DB>): Promise<never> {
  const [other] = otherId ? await findUsersByIds(db, [otherId]) : [];
  throw errors.forbidden(rule.refusal, { name: other?.nickname ?? '' });
}

/**
 * Puts a message (or a "left" notice) into a conversation whose row the write holds, moves every
 * member's row, and records `conversation.messageSent` for the others still in it.
 */
async function postMessage(scope: WriteScope, conversationId: number, senderId: number, message: { kind: number; content: string; contentType: string; html: string; text: string }): Promise<ConversationMessageView> {
  const { db, now } = scope;
  const id = await insertMessage(db, { conversation_id: conversationId, user_id: senderId, kind: message.kind, content: message.content, content_type: message.contentType, content_html: message.html }, now);
  await bumpConversation(db, conversationId, id, now);
  await spreadMessage(db, conversationId, senderId, id, now);
  const members = await findMembers(db, conversationId);
  const recipients = members.filter((m) => m.user_id !== senderId && m.state !== MEMBER_STATE.left).map((m) => ({ userId: Number(m.user_id), muted: m.muted === 1 }));
  await scope.emit('conversation.messageSent', { conversationId, messageId: id, senderId, kind: message.kind === MESSAGE_KIND.left ? 'left' : 'text', text: message.text, recipients });
  const written = await findMessageWithAuthor(db, id);
  if (!written) throw errors.notFound(CONVERSATION_NOT_FOUND);
  return presentMessage(written);
}

/** The send rules on a conversation the sender takes part in (403 with the first failing rule's message). */
async function checkSend(db: Kysely<DB>, conversation: ConversationRow, senderId: number): Promise<void> {
  const members = await findMembers(db, conversation.id);
  const otherIds = members.filter((m) => m.user_id !== senderId && m.state !== MEMBER_STATE.left).map((m) => Number(m.user_id));
  const active = await findUsersByIds(db, otherIds);
  const activeOtherIds = active.filter((u) => u.status === 0).map((u) => u.id);
  const failed = await firstFailing(db, SEND_RULES, { senderId, conversationId: conversation.id, isGroup: conversation.pair_key === null, otherIds, activeOtherIds });
  if (failed) await refuse(failed, conversation.pair_key === null ? undefined : otherIds[0], db);
}

/** POST conversation/{id}/send, inside the write. */
export async function sendMessage(scope: WriteScope, sender: UserRow, conversationId: number, input: MessageInput, siteOrigin: string | null): Promise<ConversationMessageView> {
  const rendered = renderMessage(input, siteOrigin);
  const { conversation } = await participation(scope.db, conversationId, sender.id, { lock: true });
  await checkSend(scope.db, conversation, sender.id);
  return postMessage(scope, conversation.id, sender.id, { kind: MESSAGE_KIND.text, content: input.content, contentType: input.contentType, ...rendered });
}

function pairKeyOf(a: number, b: number): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

/**
 * POST conversation/start, inside the write: the others must be active members (404), never the
 * starter (400); one other: their existing one-to-one is used again (the send rules), else a new
 * conversation (the start rules, for each of them) with its first message.
 */
export async function startConversation(scope: WriteScope, starter: UserRow, input: MessageInput & { userIds: readonly number[] }, siteOrigin: string | null): Promise<ConversationStarted> {
  const { db, now } = scope;
  const otherIds = [...new Set(input.userIds)];
  if (otherIds.includes(starter.id)) throw errors.validation({ userIds: 'conversation.validation.self' });
  const rendered = renderMessage(input, siteOrigin);
  const others = (await findUsersByIds(db, otherIds)).filter((user) => user.status === 0);
  if (others.length !== otherIds.length) throw errors.notFound('errors.account.userNotFound');
  const message = { kind: MESSAGE_KIND.text, content: input.content, contentType: input.contentType, ...rendered };

  const single = otherIds.length === 1 ? otherIds[0]! : null;
  const pairKey = single === null ? null : pairKeyOf(starter.id, single);
  if (pairKey !== null) {
    const existing = await findConversationByPair(db, pairKey);
    if (existing) {
      const locked = await lockConversation(db, existing.id);
      if (locked) {
        await checkSend(db, locked, starter.id);
        return { id: locked.id, reused: true, message: await postMessage(scope, locked.id, starter.id, message) };
      }
    }
  }
  for (const recipientId of otherIds) {
    const failed = await firstFailing(db, START_RULES, { starterId: starter.id, recipientId });
    if (failed) await refuse(failed, recipientId, db);
  }
  const id = await insertConversation(db, starter.id, pairKey, now);
  await insertMembers(db, id, [starter.id, ...otherIds], now);
  return { id, reused: false, message: await postMessage(scope, id, starter.id, message) };
}

// ---------------------------------------------------------------------------------------------
// Reading

function summaryOf(row: ListRow, members: readonly MemberWithUser[], readerId: number): ConversationSummary {
  const others = members.filter((m) => m.conversation_id === row.conversation_id && m.user_id !== readerId && m.state !== MEMBER_STATE.left);
  // The starter first (who began it is who the reader knows it by), then in joining order.
  others.sort((a, b) => Number(b.user_id === row.starter_id) - Number(a.user_id === row.starter_id));
  const author = members.find((m) => m.conversation_id === row.conversation_id && m.user_id === row.message_user_id);
  const lastMessage =
    row.message_time === null
      ? null
      : {
          id: row.last_message_id,
          kind: row.message_kind === MESSAGE_KIND.left ? ('left' as const) : ('text' as const),
          authorId: row.message_user_id,
          authorName: author?.nickname ?? '',
          excerpt: row.message_status === CONTENT_STATUS.published ? excerptOf(row.message_html ?? '') : '',
          createTime: row.message_time,
        };
  return { id: row.conversation_id, isGroup: row.pair_key === null, members: others.map(presentMember), lastMessage, unreadCount: row.unread_count, muted: row.muted === 1 };
}

/** GET conversation/list: two queries whatever the page's length. */
export async function conversationList(db: Kysely<DB>, userId: number, cursor: string | undefined): Promise<Page<ConversationSummary>> {
  const limit = CONVERSATION_LIMITS.listPage;
  const rows = await findListPage(db, userId, decodeIdCursor(cursor), limit + 1);
  const page = pageOf(rows, limit, (row) => [row.last_message_id]);
  const members = await findMembersWithUsers(db, page.results.map((row) => row.conversation_id));
  return { ...page, results: page.results.map((row) => summaryOf(row, members, userId)) };
}

/** GET conversation/{id}: the members (with names) and the reader's state. */
export async function conversationDetail(db: Kysely<DB>, conversation: ConversationRow, membership: ConversationMemberRow): Promise<ConversationDetail> {
  const members = await findMembersWithUsers(db, [conversation.id]);
  return {
    id: conversation.id,
    isGroup: conversation.pair_key === null,
    members: members.map(presentMember),
    muted: membership.muted === 1,
    unreadCount: membership.unread_count,
    lastReadId: Number(membership.last_read_id),
    lastMessageId: Number(conversation.last_message_id),
  };
}

/** GET conversation/{id}/messages: newest first, one query a page. */
export async function messagePage(db: Kysely<DB>, conversationId: number, cursor: string | undefined, afterId: number | undefined): Promise<Page<ConversationMessageView>> {
  const limit = CONVERSATION_LIMITS.messagesPage;
  const rows = await findMessagesPage(db, conversationId, { beforeId: decodeIdCursor(cursor), afterId: afterId ?? null }, limit + 1);
  const page = pageOf(rows, limit, (row) => [row.id]);
  return { ...page, results: page.results.map(presentMessage) };
}

export async function unreadConversations(db: Kysely<DB>, userId: number): Promise<number> {
  return (await countUnreadConversations(db, [userId])).get(userId) ?? 0;
}

/** The badge of several members at once (live delivery: one query for all recipients). */
export function unreadConversationsOf(db: Kysely<DB>, userIds: readonly number[]): Promise<Map<number, number>> {
  return countUnreadConversations(db, userIds);
}

// ---------------------------------------------------------------------------------------------
// The reader's own state

/** POST conversation/{id}/read. */
export async function markConversationRead(scope: WriteScope, conversation: ConversationRow, userId: number, upTo: number | undefined): Promise<number> {
  const last = Number(conversation.last_message_id);
  await markReadUpTo(scope.db, conversation.id, userId, Math.min(upTo ?? last, last), scope.now);
  await scope.emit('conversation.stateChanged', { userId, conversationId: conversation.id });
  return unreadConversations(scope.db, userId);
}

/** POST conversation/{id}/mute. */
export async function setMuted(scope: WriteScope, conversationId: number, userId: number, muted: boolean): Promise<ConversationState> {
  await updateMembership(scope.db, conversationId, userId, { muted: muted ? 1 : 0 }, scope.now);
  await scope.emit('conversation.stateChanged', { userId, conversationId });
  return { id: conversationId, muted, left: false };
}

/**
 * POST conversation/{id}/leave. A group: the member is out for good (no more messages, gone from
 * their list) and the others get a notice "X left". A one-to-one: it leaves the member's list
 * until the next message from either side brings it back (Discourse's archive, NodeBB's leave).
 */
export async function leaveConversation(scope: WriteScope, conversation: ConversationRow, membership: ConversationMemberRow): Promise<ConversationState> {
  const { db, now } = scope;
  const userId = Number(membership.user_id);
  const last = Number(conversation.last_message_id);
  if (conversation.pair_key !== null) {
    await updateMembership(db, conversation.id, userId, { state: MEMBER_STATE.hidden, unread_count: 0, last_read_id: last }, now);
  } else {
    await postMessage(scope, conversation.id, userId, { kind: MESSAGE_KIND.left, content: '', contentType: 'text', html: '', text: '' });
    await updateMembership(db, conversation.id, userId, { state: MEMBER_STATE.left, unread_count: 0 }, now);
  }
  await scope.emit('conversation.stateChanged', { userId, conversationId: conversation.id });
  return { id: conversation.id, muted: membership.muted === 1, left: true };
}

export async function whoMayStartWith(db: Kysely<DB>, userId: number): Promise<WhoMayStart> {
  return whoMayStartOf((await findWhoMayStart(db, [userId])).get(userId));
}

export async function setWhoMayStart(db: Kysely<DB>, userId: number, value: WhoMayStart, now: number): Promise<WhoMayStart> {
  await upsertWhoMayStart(db, userId, value, now);
  return value;
}

// ---------------------------------------------------------------------------------------------
// Staff, through a report

const STAFF_PAGE = 100;

/** 403 unless a staff access rule (a report of it) grants this staff member the conversation. */
export async function assertStaffAccess(scope: WriteScope, conversationId: number, staffId: number): Promise<void> {
  if (!(await staffMayRead(scope.db, { conversationId, staffUserId: staffId, now: scope.now }))) throw errors.forbidden('conversation.errors.staffNoReport');
}

/** POST admin/conversation/{id}/view: members and the newest messages; the read is recorded (audit). */
export async function staffView(scope: WriteScope, conversation: ConversationRow, staffId: number, ip: string): Promise<ConversationStaffView> {
  await assertStaffAccess(scope, conversation.id, staffId);
  const members = await findMembersWithUsers(scope.db, [conversation.id]);
  const rows = await findMessagesPage(scope.db, conversation.id, { beforeId: null, afterId: null }, STAFF_PAGE + 1);
  await scope.emit('conversation.staffRead', { conversationId: conversation.id, staffId, ip });
  return {
    id: conversation.id,
    isGroup: conversation.pair_key === null,
    members: members.map(presentMember),
    messages: rows.slice(0, STAFF_PAGE).map((row) => ({ ...presentMessage(row), contentHtml: row.content_html })),
    hasMore: rows.length > STAFF_PAGE,
  };
}

/** A message as a report sees it (reports.api will call this through conversations.api). */
export interface MessageForReport {
  id: number;
  authorId: number | null;
  conversationId: number;
  excerpt: string;
  /** CONTENT_STATUS: published, or deleted (removed by staff). */
  status: number;
}

export async function messageForReport(db: Kysely<DB>, id: number): Promise<MessageForReport | null> {
  const row = await findMessageWithAuthor(db, id);
  if (!row) return null;
  return { id: row.id, authorId: row.user_id, conversationId: row.conversation_id, excerpt: excerptOf(row.content_html), status: row.status };
}

/**
 * Staff remove a message (a report's decision), inside the caller's write: its text is no longer
 * shown to anyone; the audit's entry is the `conversation.messageRemoved` listener's. Staff
 * access rules apply (403 without a grant). Answers the message as members now see it.
 */
export async function removeMessage(scope: WriteScope, messageId: number, staffId: number, ip: string): Promise<ConversationMessageView> {
  const row = await findMessageWithAuthor(scope.db, messageId);
  if (!row) throw errors.notFound('conversation.errors.messageNotFound');
  await assertStaffAccess(scope, row.conversation_id, staffId);
  if (row.status === CONTENT_STATUS.published) {
    await setMessageStatus(scope.db, messageId, CONTENT_STATUS.deleted, scope.now);
    await scope.emit('conversation.messageRemoved', { conversationId: row.conversation_id, messageId, staffId, authorId: row.user_id, ip });
  }
  return presentMessage({ ...row, status: CONTENT_STATUS.deleted });
}

/** Who takes part in a conversation (reports: who may report it, whom to tell): ids, with who left. */
export async function conversationParticipants(db: Kysely<DB>, conversationId: number): Promise<Array<{ userId: number; left: boolean }>> {
  const members = await findMembers(db, conversationId);
  return members.map((m) => ({ userId: Number(m.user_id), left: m.state === MEMBER_STATE.left }));
}
