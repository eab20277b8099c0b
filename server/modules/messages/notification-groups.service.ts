/**
 * Notification groups (issue 27): the rows of the notifications page. While unread, messages of
 * one item and kind gather in one row — "Alice and 3 others liked your topic", "5 new comments
 * on …" — the newest actor first; the unread badge counts rows; marking a row read marks every
 * message in it; once read, the next event opens a new row. A message of a kind that never
 * gathers (a moderator's decision, a mention) is a row of its own.
 */
import type { Kysely } from 'kysely';
import { GROUPED_TYPES, MESSAGE_LIMITS, NOTIFICATION_LIMITS, type Locale, type MessageType } from '../../../common/constants';
import { translator, type TFunction } from '../../../common/i18n';
import type { MessageView, NotificationGroupView } from '../../../common/views/message';
import type { DB, MessageRow, NotificationGroupRow } from '../../db/schema';
import type { WriteScope } from '../../kernel/events';
import { decodeIdCursor, pageOf, type Page } from '../../kernel/paging';
import { findUsersByIds, presentPublicUser } from '../users/users.api';
import { isMessageType, messageTitle, parseParams, presentMessage } from './messages.presenter';
import {
  closeGroupsWithoutUnread,
  countUnreadGroups,
  findGroup,
  findGroupMessages,
  findGroupsPage,
  findMessagesByIds,
  findOpenGroupLocked,
  growGroup,
  insertOpenGroup,
  markGroupsRead,
  setMessageGroup,
} from './notification-groups.repository';

export interface GroupedMessage {
  messageId: number;
  to: number;
  from: number | null;
  type: MessageType;
  entity: { type: string; id: number };
  /** The item a message about a comment gathers on (the topic commented on), else its entity. */
  about?: { type: string; id: number };
}

/**
 * What gathers a message with others: its type and the item it is about (every follower in one
 * row); null for a type that never gathers.
 */
export function groupKeyOf(message: Pick<GroupedMessage, 'type' | 'entity' | 'about'>): string | null {
  if (!GROUPED_TYPES.has(message.type)) return null;
  if (message.type === 'follow') return 'follow';
  const about = message.about ?? message.entity;
  return `${message.type}:${about.type}:${about.id}`;
}

function parseIds(json: string): number[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
  } catch {
    return [];
  }
}

/** The newest actor first, each once, at most a few. */
export function withNewestActor(actorIds: readonly number[], actor: number | null): number[] {
  if (actor === null) return [...actorIds];
  return [actor, ...actorIds.filter((id) => id !== actor)].slice(0, NOTIFICATION_LIMITS.groupActors);
}

/** A group opened by another write between our look and our insert is looked for again, this many times. */
const FILE_ATTEMPTS = 3;

/**
 * Puts a message just written into its row, inside the write: a type that never gathers opens a
 * row of its own (its key names the message); else the open row of its item and kind grows —
 * locked, so two messages at once count both — or a new row opens. At most three statements,
 * none of which reads more than one row (and one index entry), however large the row has grown.
 */
export async function fileInGroup(scope: WriteScope, message: GroupedMessage, attempt = 1): Promise<number> {
  const { db, now } = scope;
  const gathering = groupKeyOf(message);
  const key = gathering ?? `m:${message.messageId}`;
  const open = gathering === null ? undefined : await findOpenGroupLocked(db, message.to, key, message.from);
  let groupId: number;
  if (open) {
    const known = parseIds(open.actor_ids);
    const newActor = message.from !== null && !known.includes(message.from) && !open.actorIn;
    await growGroup(db, open.id, { messageId: message.messageId, actorIds: JSON.stringify(withNewestActor(known, message.from)), newActor, now });
    groupId = open.id;
  } else {
    const about = message.about ?? message.entity;
    const actors = message.from === null ? [] : [message.from];
    const opened = await insertOpenGroup(db, {
      user_id: message.to,
      group_key: key,
      type: message.type,
      entity_type: about.type,
      entity_id: about.id,
      last_message_id: message.messageId,
      actor_ids: JSON.stringify(actors),
      actor_count: actors.length,
      now,
    });
    // Another write opened it since we looked: grow that one instead.
    if (opened === null) {
      if (attempt >= FILE_ATTEMPTS) throw new Error(`notification row ${key} for member ${message.to}: opened and closed under us ${attempt} times`);
      return fileInGroup(scope, message, attempt + 1);
    }
    groupId = opened;
  }
  await setMessageGroup(db, message.messageId, groupId);
  return groupId;
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface GroupReader {
  locale: Locale;
  now: number;
  /** The site's time zone. */
  timeZone: string;
}

/** The row's title: its newest message's own, or the gathered form once more than one acted. */
export function groupTitle(t: TFunction, locale: string, group: NotificationGroupRow, latest: MessageRow | undefined, newestActor: string | null, timeZone: string): string {
  const row = latest ?? { type: group.type, title: '', entity_type: group.entity_type, params: '{}' };
  const single = messageTitle(t, locale, row, newestActor, timeZone);
  const values = { nickname: newestActor ?? t('message.someone'), title: latest?.title || t('message.untitled') };
  const others = group.actor_count - 1;
  switch (group.type) {
    case 'like':
    case 'favorite':
      if (others < 1) return single;
      return t(`message.group.${group.type}.${latest?.entity_type === 'comment' ? 'comment' : group.entity_type === 'article' ? 'article' : 'topic'}`, { ...values, count: others });
    case 'follow':
      return others < 1 ? single : t('message.group.follow', { ...values, count: others });
    case 'topic_comment': {
      if (group.message_count < 2) return single;
      const on = parseParams(latest?.params ?? '{}').on === 'article' ? 'article' : 'topic';
      return t(`message.group.topic_comment.${on}`, { ...values, count: group.message_count });
    }
    default:
      return single;
  }
}

/** Presents groups in three queries whatever their number: the rows were read, then their newest messages, then the actors. */
async function presentGroups(db: Kysely<DB>, groups: readonly NotificationGroupRow[], reader: GroupReader): Promise<NotificationGroupView[]> {
  const latest = new Map((await findMessagesByIds(db, groups.map((g) => g.last_message_id))).map((m) => [m.id, m]));
  const actorIds = new Map(groups.map((g) => [g.id, parseIds(g.actor_ids)]));
  const users = new Map((await findUsersByIds(db, [...actorIds.values()].flat())).map((u) => [u.id, u]));
  const t = translator(reader.locale);
  return groups.map((group) => {
    const message = latest.get(group.last_message_id);
    const actors = (actorIds.get(group.id) ?? []).flatMap((id) => {
      const user = users.get(id);
      return user ? [user] : [];
    });
    return {
      id: group.id,
      type: isMessageType(group.type) ? group.type : 'system',
      title: groupTitle(t, reader.locale, group, message, actors[0]?.nickname ?? null, reader.timeZone),
      actors: actors.map((u) => presentPublicUser(u, { now: reader.now })),
      actorCount: group.actor_count,
      messageCount: group.message_count,
      content: message?.content ?? '',
      quoteContent: message?.quote_content ?? '',
      url: message?.url ?? '',
      entityType: group.entity_type,
      entityId: group.entity_id,
      status: group.status,
      updateTime: message?.create_time ?? group.update_time,
    };
  });
}

/** GET user/notifications: a page of the reader's rows, newest activity first. */
export async function groupsPage(db: Kysely<DB>, userId: number, cursor: string | undefined, reader: GroupReader): Promise<Page<NotificationGroupView>> {
  const limit = MESSAGE_LIMITS.pageSize;
  const rows = await findGroupsPage(db, userId, decodeIdCursor(cursor), limit + 1);
  const page = pageOf(rows, limit, (row) => [row.last_message_id]);
  return { results: await presentGroups(db, page.results, reader), cursor: page.cursor, hasMore: page.hasMore };
}

/** GET user/notifications/:id: a row's messages, newest first (null when the row is not the reader's). */
export async function groupMessagesPage(db: Kysely<DB>, userId: number, groupId: number, cursor: string | undefined, reader: GroupReader): Promise<Page<MessageView> | null> {
  if (!(await findGroup(db, userId, groupId))) return null;
  const limit = MESSAGE_LIMITS.pageSize;
  const rows = await findGroupMessages(db, userId, groupId, decodeIdCursor(cursor), limit + 1);
  const page = pageOf(rows, limit, (row) => [row.id]);
  const senders = new Map((await findUsersByIds(db, page.results.flatMap((r) => (r.from_id === null ? [] : [r.from_id])))).map((u) => [u.id, u]));
  const t = translator(reader.locale);
  const results = page.results.map((row) => presentMessage(row, row.from_id === null ? undefined : senders.get(row.from_id), { t, locale: reader.locale, now: reader.now, timeZone: reader.timeZone }));
  return { results, cursor: page.cursor, hasMore: page.hasMore };
}

export { closeGroupsWithoutUnread, countUnreadGroups, markGroupsRead };
