/**
 * The conversation use cases, one function per action (conversations.actions.ts declares who may
 * call each, its limit, its target and its answer), for the JSON routes and the page loaders alike.
 */
import type { Kysely } from 'kysely';
import type { conversationActions } from '../../../common/actions/conversations';
import type { ParsedInputOf } from '../../../common/actions/contract';
import type {
  ConversationDetail,
  ConversationMessageView,
  ConversationSettingsView,
  ConversationStaffView,
  ConversationStarted,
  ConversationState,
  ConversationSummary,
  ConversationUnread,
} from '../../../common/views/conversation';
import type { ConversationMemberRow, ConversationRow, DB } from '../../db/schema';
import { errors } from '../../infra/errors';
import { publicOrigin } from '../../http/site-address';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { memberOf, type Caller } from '../../kernel/caller';
import type { Page } from '../../kernel/paging';
import { findConversation } from './conversations.repository';
import {
  CONVERSATION_NOT_FOUND,
  conversationDetail,
  conversationList,
  leaveConversation,
  markConversationRead,
  messagePage,
  participation,
  removeMessage,
  sendMessage,
  setMuted,
  setWhoMayStart,
  staffView,
  startConversation,
  unreadConversations,
  whoMayStartWith,
} from './conversations.service';

type Input<K extends keyof typeof conversationActions> = ParsedInputOf<(typeof conversationActions)[K]>;

/** The target of a member's route: their own participation (404 no conversation, 403 not theirs). */
export interface Participation {
  conversation: ConversationRow;
  membership: ConversationMemberRow;
}

export function loadParticipation(db: Kysely<DB>, input: { id: number }, caller: Caller, options: { lock: boolean }): Promise<Participation> {
  return participation(db, input.id, memberOf(caller).id, options);
}

/** The target of a staff read: the conversation, whoever takes part (the staff rules decide after). */
export async function loadConversation(db: Kysely<DB>, input: { id: number }): Promise<ConversationRow> {
  const conversation = await findConversation(db, input.id);
  if (!conversation) throw errors.notFound(CONVERSATION_NOT_FOUND);
  return conversation;
}

/** POST conversation/start, inside the write. */
export function start({ ctx, scope, caller, input }: WriteCall<Input<'start'>, undefined>): Promise<ConversationStarted> {
  return startConversation(scope, memberOf(caller), input, publicOrigin(ctx.config));
}

/** POST conversation/{id}/send, inside the write (the participation is checked again, locked, by the service). */
export function send({ ctx, scope, caller, input }: WriteCall<Input<'send'>, Participation>): Promise<ConversationMessageView> {
  return sendMessage(scope, memberOf(caller), input.id, input, publicOrigin(ctx.config));
}

/** GET conversation/list. */
export function list({ db, caller, input }: ReadCall<Input<'list'>, undefined>): Promise<Page<ConversationSummary>> {
  return conversationList(db, memberOf(caller).id, input.cursor);
}

/** GET conversation/{id}. */
export function detail({ db, target }: ReadCall<Input<'detail'>, Participation>): Promise<ConversationDetail> {
  return conversationDetail(db, target.conversation, target.membership);
}

/** GET conversation/{id}/messages. */
export function messages({ db, input, target }: ReadCall<Input<'messages'>, Participation>): Promise<Page<ConversationMessageView>> {
  return messagePage(db, target.conversation.id, input.cursor, input.after);
}

/** POST conversation/{id}/read. */
export async function markRead({ scope, caller, input, target }: WriteCall<Input<'markRead'>, Participation>): Promise<ConversationUnread> {
  return { conversations: await markConversationRead(scope, target.conversation, memberOf(caller).id, input.upTo) };
}

/** POST conversation/{id}/mute. */
export function mute({ scope, caller, input, target }: WriteCall<Input<'mute'>, Participation>): Promise<ConversationState> {
  return setMuted(scope, target.conversation.id, memberOf(caller).id, input.muted);
}

/** POST conversation/{id}/leave. */
export function leave({ scope, target }: WriteCall<Input<'leave'>, Participation>): Promise<ConversationState> {
  return leaveConversation(scope, target.conversation, target.membership);
}

/** GET conversation/unread_count. */
export async function unreadCount({ db, caller }: ReadCall<Input<'unreadCount'>, undefined>): Promise<ConversationUnread> {
  return { conversations: await unreadConversations(db, memberOf(caller).id) };
}

/** GET conversation/settings. */
export async function settings({ db, caller }: ReadCall<Input<'settings'>, undefined>): Promise<ConversationSettingsView> {
  return { whoMayStart: await whoMayStartWith(db, memberOf(caller).id) };
}

/** POST conversation/settings. */
export async function updateSettings({ scope, caller, input }: WriteCall<Input<'updateSettings'>, undefined>): Promise<ConversationSettingsView> {
  return { whoMayStart: await setWhoMayStart(scope.db, memberOf(caller).id, input.whoMayStart, scope.now) };
}

/** POST admin/conversation/{id}/view: staff, through a report only (STAFF_ACCESS_RULES). */
export function staffRead({ scope, caller, target }: WriteCall<Input<'staffView'>, ConversationRow>): Promise<ConversationStaffView> {
  return staffView(scope, target, memberOf(caller).id, caller.origin.ip);
}

/** POST admin/conversation/message/{id}/remove: staff, through a report only. */
export function staffRemove({ scope, caller, input }: WriteCall<Input<'removeMessage'>, undefined>): Promise<ConversationMessageView> {
  return removeMessage(scope, input.id, memberOf(caller).id, caller.origin.ip);
}
