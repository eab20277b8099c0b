/**
 * Who may start a conversation, send into one, and (staff) read one: each a list of named
 * predicates, so a rule of another feature is one more line here (issue 28: blocks, trust
 * levels, reports). A start or a send passes when EVERY rule passes; the first that fails
 * answers 403 with its own translated message (`refusal`, an i18n key; `{name}` is the member
 * refused). Staff access is the other way round: it is GRANTED by any rule (a report of the
 * conversation), so with no rule at all staff read nothing (403).
 */
import type { Kysely } from 'kysely';
import { WHO_MAY_START, type WhoMayStart } from '../../../common/constants';
import type { DB } from '../../db/schema';
import { isBlockedBetween } from '../blocks/blocks.api';
import { followsMember } from '../follows/follows.api';
import { hasReportOnConversation } from '../reports/reports.api';
import { trustLevelOf } from '../trust/trust.api';
import { findWhoMayStart } from './conversations.repository';

/** A starter and one member they want to talk to (each of a group's, one at a time). */
export interface StartCheck {
  starterId: number;
  recipientId: number;
}

/** A sender and the conversation they write into. */
export interface SendCheck {
  senderId: number;
  conversationId: number;
  isGroup: boolean;
  /** The other members still in it. */
  otherIds: readonly number[];
  /** Those of them whose account is still active. */
  activeOtherIds: readonly number[];
}

export interface Rule<C> {
  /** The rule's name (logs, tests). */
  name: string;
  /** The i18n key of the 403's message; `{name}` is the other member's nickname. */
  refusal: string;
  passes(db: Kysely<DB>, check: C): boolean | Promise<boolean>;
}

export function whoMayStartOf(value: string | undefined): WhoMayStart {
  return (WHO_MAY_START as readonly string[]).includes(value ?? '') ? (value as WhoMayStart) : 'everyone';
}

/**
 * Starting a conversation with a member (a new one-to-one, or each member of a new group): the
 * starter has left level 0 (trust levels: a new account cannot start conversations, spam's
 * first move), neither has blocked the other, and the member's own setting lets them in.
 */
export const START_RULES: Array<Rule<StartCheck>> = [
  {
    // A new member (level 0) may answer a conversation others started, not start one.
    name: 'trusted',
    refusal: 'conversation.errors.trustLevel',
    passes: async (db, { starterId }) => (await trustLevelOf(db, starterId)) >= 1,
  },
  {
    name: 'notBlocked',
    refusal: 'conversation.errors.blocked',
    passes: async (db, { starterId, recipientId }) => !(await isBlockedBetween(db, starterId, recipientId)),
  },
  {
    // The member's own setting (`/user/profile/account`): everyone, members they follow, nobody.
    name: 'recipientSetting',
    refusal: 'conversation.errors.notAccepting',
    async passes(db, { starterId, recipientId }) {
      const setting = whoMayStartOf((await findWhoMayStart(db, [recipientId])).get(recipientId));
      if (setting === 'everyone') return true;
      if (setting === 'nobody') return false;
      return followsMember(db, recipientId, starterId);
    },
  },
];

/**
 * Sending into an existing conversation (a one-to-one found again by `conversation/start` too):
 * a one-to-one takes no more messages once either member blocked the other, or once the other
 * account is gone. A group goes on: a block hides nothing there, as on the forum's pages.
 */
export const SEND_RULES: Array<Rule<SendCheck>> = [
  {
    // A one-to-one whose other member's account is gone (deleted, deactivated) takes no more messages.
    name: 'otherStillHere',
    refusal: 'conversation.errors.otherGone',
    passes: (_db, { isGroup, otherIds, activeOtherIds }) => isGroup || (otherIds.length > 0 && activeOtherIds.length === otherIds.length),
  },
  {
    name: 'notBlocked',
    refusal: 'conversation.errors.blocked',
    passes: async (db, { isGroup, senderId, otherIds }) => isGroup || otherIds[0] === undefined || !(await isBlockedBetween(db, senderId, otherIds[0])),
  },
];

/**
 * A staff member may read a conversation (and remove its messages) when ANY of these grants it:
 * a report of one of its messages, open or resolved within the reports feature's window
 * (`CONVERSATION_ACCESS_DAYS`). Nothing else: not the role, not a member's request.
 */
export type StaffAccessRule = (db: Kysely<DB>, access: StaffAccess) => boolean | Promise<boolean>;

export interface StaffAccess {
  conversationId: number;
  staffUserId: number;
  /** The write's clock reading (a resolved report's window ends). */
  now: number;
}

export const STAFF_ACCESS_RULES: StaffAccessRule[] = [(db, { conversationId, now }) => hasReportOnConversation(db, conversationId, now)];

/** The first rule of `rules` that `check` fails, or null. */
export async function firstFailing<C>(db: Kysely<DB>, rules: ReadonlyArray<Rule<C>>, check: C): Promise<Rule<C> | null> {
  for (const rule of rules) if (!(await rule.passes(db, check))) return rule;
  return null;
}

/** Whether any staff rule grants the read. */
export async function staffMayRead(db: Kysely<DB>, access: StaffAccess): Promise<boolean> {
  for (const rule of STAFF_ACCESS_RULES) if (await rule(db, access)) return true;
  return false;
}
