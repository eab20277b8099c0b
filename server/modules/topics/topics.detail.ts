/**
 * One topic: its detail (with the view counted once per visitor per window) and its hidden
 * content, which opens to the author, moderators and whoever has commented.
 */
import { createHash } from 'node:crypto';
import { isbot } from 'isbot';
import type { Kysely } from 'kysely';
import { CONTENT_STATUS, TOPIC_LIMITS } from '../../../common/constants';
import type { HiddenContent } from '../../../common/views/topic';
import type { DB, TopicRow, UserRow } from '../../db/schema';
import type { ViewerContext } from '../../kernel/caller';
import type { DedupStore } from '../../infra/dedup';
import { isModerator } from '../../policy/permissions';
import type { TopicView } from './topics.presenter';
import { assembleTopics, visibleTopic } from './topics.read';
import { incrementTopicViews } from './topics.repository';
import { hasUserCommented } from './topics.seams';

/** One visitor: the signed-in user, else a hash of IP and user agent (no raw IP is kept). */
export function visitorKey(viewer: UserRow | null, ip: string, userAgent: string): string {
  if (viewer) return `u${viewer.id}`;
  return 'a' + createHash('sha256').update(`${ip}\n${userAgent}`).digest('base64url').slice(0, 22);
}

export interface VisitInfo {
  ip: string;
  userAgent: string;
  dedup: DedupStore;
}

/**
 * Counts one view per visitor per `viewWindowMs` on a published topic; bots are not counted.
 * Answers whether this request counted.
 */
export async function countView(db: Kysely<DB>, topic: Pick<TopicRow, 'id' | 'status'>, viewer: UserRow | null, visit: VisitInfo, now: number): Promise<boolean> {
  if (topic.status !== CONTENT_STATUS.published) return false;
  if (!visit.userAgent || isbot(visit.userAgent)) return false;
  const key = `topic:${topic.id}:${visitorKey(viewer, visit.ip, visit.userAgent)}`;
  if (!(await visit.dedup.firstSeen(key, TOPIC_LIMITS.viewWindowMs, now))) return false;
  await incrementTopicViews(db, topic.id);
  return true;
}

/** GET topic/{id}: the topic with its sanitized content; counts the view when `visit` is given. */
export async function topicDetail(db: Kysely<DB>, id: number, context: ViewerContext, visit?: VisitInfo): Promise<TopicView> {
  const row = await visibleTopic(db, id, context.viewer);
  if (visit && (await countView(db, row, context.viewer, visit, context.now))) row.view_count += 1;
  const [view] = await assembleTopics(db, [row], context, true);
  return view!;
}

export type { HiddenContent };

/** Hidden content opens to the author, moderators and anyone who has commented. */
export async function hiddenContentFor(db: Kysely<DB>, row: TopicRow, viewer: UserRow | null): Promise<HiddenContent> {
  const exists = row.hide_content !== '';
  if (!exists) return { exists, show: false, content: '' };
  const show = viewer !== null && (viewer.id === row.user_id || isModerator(viewer) || (await hasUserCommented(db, row.id, viewer.id)));
  return { exists, show, content: show ? row.hide_content_html : '' };
}

export async function topicHiddenContent(db: Kysely<DB>, topicId: number, viewer: UserRow | null): Promise<HiddenContent> {
  return hiddenContentFor(db, await visibleTopic(db, topicId, viewer), viewer);
}
