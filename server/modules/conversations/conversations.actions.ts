/**
 * The conversations feature's actions (ADR 0021): who may call each, its limit, its target (the
 * caller's own participation: 404 no such conversation, 403 not theirs) and its answer. Starting
 * and sending are writers' (a ban closes them) with limits of their own; the reader's own state
 * (read, mute, leave, the setting) stays open to a banned member, as their inbox does.
 */
import { conversationActions } from '../../../common/actions/conversations';
import {
  conversationDetailSchema,
  conversationMessageSchema,
  conversationSettingsViewSchema,
  conversationStaffViewSchema,
  conversationStartedSchema,
  conversationStateSchema,
  conversationSummarySchema,
  conversationUnreadSchema,
} from '../../../common/views/conversation';
import { pageOf } from '../../../common/views/page';
import type { RateRule } from '../../infra/rate-limiter';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { detail, leave, list, loadConversation, loadParticipation, markRead, messages, mute, send, settings, staffRead, staffRemove, start, unreadCount, updateSettings } from './conversations.usecases';

/** New conversations per member: a few an hour is a person; dozens is a spammer working a list. */
export const START_RULE: RateRule = { name: 'conversation:start', max: 10, windowMs: 60 * 60_000 };
/** Messages per member: a lively chat stays well under it; a flood does not. */
export const SEND_RULE: RateRule = { name: 'conversation:send', max: 30, windowMs: 60_000 };

const OWN_STATE = 'one’s own conversations’ state: a ban does not close one’s inbox';
const participationTarget = { load: loadParticipation };

export const conversationsActionList = [
  writeAction(conversationActions.start, {
    who: who.writer(),
    // A refused start (a bad field, a member who takes no conversations) costs nothing.
    limit: limit.perUser(START_RULE, { refundOn: [400, 403, 404] }),
    answer: conversationStartedSchema,
    run: start,
  }),
  writeAction(conversationActions.send, {
    who: who.writer(),
    limit: limit.perUser(SEND_RULE, { refundOn: [400, 403, 404] }),
    target: participationTarget,
    answer: conversationMessageSchema,
    run: send,
  }),
  readAction(conversationActions.list, { who: who.reader(), answer: pageOf(conversationSummarySchema), personal: true, run: list }),
  readAction(conversationActions.detail, { who: who.reader(), target: participationTarget, answer: conversationDetailSchema, personal: true, run: detail }),
  readAction(conversationActions.messages, { who: who.reader(), target: participationTarget, answer: pageOf(conversationMessageSchema), personal: true, run: messages }),
  writeAction(conversationActions.markRead, {
    who: who.member(OWN_STATE),
    limit: limit.none('marks one’s own row read: an update of one row, nothing piles up'),
    target: participationTarget,
    answer: conversationUnreadSchema,
    run: markRead,
  }),
  writeAction(conversationActions.mute, {
    who: who.member(OWN_STATE),
    limit: limit.none('one switch of one’s own row: the last write wins, nothing piles up'),
    target: participationTarget,
    answer: conversationStateSchema,
    run: mute,
  }),
  writeAction(conversationActions.leave, {
    who: who.member(OWN_STATE),
    limit: limit.none('leaving is once per conversation (a group’s notice is written once: a left member is no longer a participant)'),
    target: participationTarget,
    answer: conversationStateSchema,
    run: leave,
  }),
  readAction(conversationActions.unreadCount, { who: who.reader(), answer: conversationUnreadSchema, personal: true, run: unreadCount }),
  readAction(conversationActions.settings, { who: who.reader(), answer: conversationSettingsViewSchema, personal: true, run: settings }),
  writeAction(conversationActions.updateSettings, {
    who: who.member('who may message me: a ban does not take away one’s own privacy setting'),
    limit: limit.none('one switch of one’s own row: the last write wins, nothing piles up'),
    answer: conversationSettingsViewSchema,
    run: updateSettings,
  }),
  writeAction(conversationActions.staffView, {
    who: who.staff('content:moderate'),
    limit: limit.none('staff only, granted per reported conversation, each read audited'),
    target: { load: loadConversation },
    answer: conversationStaffViewSchema,
    run: staffRead,
  }),
  writeAction(conversationActions.removeMessage, {
    who: who.staff('content:moderate'),
    limit: limit.none('staff only, granted per reported conversation, each removal audited'),
    answer: conversationMessageSchema,
    run: staffRemove,
  }),
];
