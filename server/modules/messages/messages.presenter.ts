/**
 * Message as the API and the pages see it (API.md "Message"). The title is written at read time
 * in the reader's language from the message type, the sender's nickname and the stored subject
 * title; a system notice keeps its own title.
 */
import type { TFunction } from '../../../common/translate';
import { MESSAGE_TYPES, type MessageType } from '../../../common/constants';
import type { MessageView } from '../../../common/views/message';
import { formatSiteTime } from '../../../common/site-time';
import type { MessageRow, UserRow } from '../../db/schema';
import { presentPublicUser } from '../users/users.api';

// The shape lives in common/views (the pages read it too); named here for the server's imports.
export type { MessageView };

export type MessageParams = Record<string, string | number | boolean>;

export function parseParams(json: string): MessageParams {
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const out: MessageParams = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[key] = v;
    }
    return out;
  } catch {
    return {};
  }
}

export function isMessageType(value: string): value is MessageType {
  return (MESSAGE_TYPES as readonly string[]).includes(value);
}


function kindOf(entityType: string, allowed: readonly string[]): string {
  return allowed.includes(entityType) ? entityType : allowed[0]!;
}

/** The message's title in the reader's language. */
export function messageTitle(
  t: TFunction,
  locale: string,
  row: Pick<MessageRow, 'type' | 'title' | 'entity_type' | 'params'>,
  fromNickname: string | null,
  /** The site's time zone: the times in a title are written in it. */
  timeZone: string,
): string {
  const params = parseParams(row.params);
  const values = { nickname: fromNickname ?? t('message.someone'), title: row.title || t('message.untitled') };
  const type = isMessageType(row.type) ? row.type : 'system';
  switch (type) {
    case 'like':
      return t(`message.title.like.${kindOf(row.entity_type, ['topic', 'article', 'comment'])}`, values);
    case 'favorite':
      return t(`message.title.favorite.${kindOf(row.entity_type, ['topic', 'article'])}`, values);
    case 'deleted':
      return t(`message.title.deleted.${kindOf(row.entity_type, ['topic', 'article', 'comment'])}`, values);
    case 'approved':
    case 'rejected':
      return t(`message.title.${type}.${kindOf(row.entity_type, ['topic', 'article', 'comment'])}`, values);
    case 'restored':
      return t(`message.title.${type}.${kindOf(row.entity_type, ['topic', 'article'])}`, values);
    case 'banned': {
      const until = Number(params.until ?? -1);
      return until === -1 ? t('message.title.bannedForever') : t('message.title.banned', { until: formatSiteTime(until, locale, timeZone) });
    }
    case 'vip_activated': {
      const until = Number(params.until ?? -1);
      return until === -1 ? t('message.title.vipForever') : t('message.title.vip_activated', { until: formatSiteTime(until, locale, timeZone) });
    }
    case 'vip_rejected':
      return t('vip.message.rejected', { plan: t(`vip.plan.${String(params.plan ?? '1y')}`) });
    case 'vip_expiring':
      return t('vip.message.expiring', { until: formatSiteTime(Number(params.until ?? 0), locale, timeZone) });
    case 'system':
      if (params.notice === 'unbanned') return t('adminUsers.message.unbanned');
      // A report the member made was resolved (reports feature): what staff decided, in the reader's language.
      if (params.notice === 'report') return t(`message.title.report.${kindOf(String(params.outcome ?? ''), ['dismissed', 'removed', 'banned'])}`, values);
      if (params.notice === 'warned') return t('safety.warning.messageTitle');
      // A member's own data (account-data feature, issue 29): the archive is ready; the erasure is scheduled.
      if (params.notice === 'accountExport') return t('accountData.message.exportReady', { time: formatSiteTime(Number(params.expires ?? 0), locale, timeZone) });
      if (params.notice === 'accountDeletion') return t('accountData.message.deletionScheduled', { time: formatSiteTime(Number(params.due ?? 0), locale, timeZone) });
      return row.title || t('message.title.system');
    // Comments and recommendations of an article say so; a topic's keep their own titles.
    case 'topic_comment':
      return t(params.on === 'article' ? 'message.title.articleComment' : 'message.title.topic_comment', values);
    // Mentions and quotes name the post or comment's item: "Alice mentioned you in “Title”".
    case 'mention':
    case 'quote':
      return t(`message.title.${type}`, values);
    case 'recommended':
      return t(row.entity_type === 'article' ? 'message.title.recommendedArticle' : 'message.title.recommended', values);
    default:
      return t(`message.title.${type}`, values);
  }
}

export interface PresentMessageContext {
  t: TFunction;
  locale: string;
  now: number;
  /** The site's time zone. */
  timeZone: string;
}

export function presentMessage(row: MessageRow, from: UserRow | undefined, context: PresentMessageContext): MessageView {
  return {
    id: row.id,
    type: isMessageType(row.type) ? row.type : 'system',
    title: messageTitle(context.t, context.locale, row, from?.nickname ?? null, context.timeZone),
    content: row.content,
    quoteContent: row.quote_content,
    from: from ? presentPublicUser(from, { now: context.now }) : null,
    url: row.url,
    entityType: row.entity_type,
    entityId: row.entity_id,
    status: row.status,
    createTime: row.create_time,
  };
}
