/**
 * The kinds /user/messages groups its messages by: what people said to the reader (comments and
 * replies), what they did (likes, favorites), who followed, and what the site says (notices,
 * moderation, membership). A fixed order, so a group stays where the reader found it last time;
 * newest first inside each.
 */
import type { MessageType } from '../../../common/constants';

export const MESSAGE_GROUPS = ['conversation', 'reaction', 'follow', 'site'] as const;
export type MessageGroup = (typeof MESSAGE_GROUPS)[number];

const GROUP_OF: Record<MessageType, MessageGroup> = {
  topic_comment: 'conversation',
  comment_reply: 'conversation',
  mention: 'conversation',
  quote: 'conversation',
  like: 'reaction',
  favorite: 'reaction',
  follow: 'follow',
  recommended: 'site',
  deleted: 'site',
  approved: 'site',
  rejected: 'site',
  restored: 'site',
  banned: 'site',
  vip_activated: 'site',
  vip_rejected: 'site',
  vip_expiring: 'site',
  system: 'site',
};

/** A type this page does not know yet is a site notice. */
export function groupOf(type: string): MessageGroup {
  return (GROUP_OF as Record<string, MessageGroup | undefined>)[type] ?? 'site';
}

/** The non-empty groups in their fixed order, each keeping the list's (newest first) order. */
export function groupMessages<M extends { type: string }>(messages: readonly M[]): Array<{ group: MessageGroup; messages: M[] }> {
  const byGroup = new Map<MessageGroup, M[]>();
  for (const message of messages) {
    const group = groupOf(message.type);
    byGroup.set(group, [...(byGroup.get(group) ?? []), message]);
  }
  return MESSAGE_GROUPS.flatMap((group) => {
    const list = byGroup.get(group);
    return list ? [{ group, messages: list }] : [];
  });
}
