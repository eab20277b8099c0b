/**
 * Moderating topics: delete (soft, by the author or a moderator), status changes, and the
 * moderator switches recommend and sticky. Messages to the author and audit rows are handlers of
 * the facts recorded here (`content.statusChanged`, `topic.flagged`).
 */
import { CONTENT_STATUS, TOPIC_LIMITS } from '../../../common/constants';
import type { TopicRow, UserRow } from '../../db/schema';
import { ErrorCode } from '../../../common/errors';
import { AppError, errors } from '../../http/errors';
import type { Actor, WriteScope } from '../../kernel/events';
import { isModerator } from '../../policy/permissions';
import { findTagIdsOfTopic } from '../tags/tags.repository';
import { topicHead } from './topics.kind';
import { changeTopicStatus, countStickyTopics, updateTopic } from './topics.repository';

/**
 * Sets a topic's status, keeping counters in step (`topic.placementChanged`) and telling the
 * rest (`content.statusChanged`: messages, audit, caches). Run inside a write, on a row read with
 * `editableTopic(…, {lock})`. Answers whether the status changed (false: it already had it, or
 * another writer changed it since `row` was read).
 */
export async function setTopicStatus(scope: WriteScope, row: TopicRow, status: number, actor: Actor): Promise<boolean> {
  const { db, now } = scope;
  if (row.status === status) return false;
  // Conditional on the status read: a writer that lost a race (its row was stale) moves nothing.
  if (!(await changeTopicStatus(db, row.id, row.status, status, now))) return false;
  const tagIds = await findTagIdsOfTopic(db, row.id);
  const base = { userId: row.user_id, nodeId: row.node_id, tagIds };
  await scope.emit('topic.placementChanged', {
    topicId: row.id,
    before: { ...base, counted: row.status === CONTENT_STATUS.published },
    after: { ...base, counted: status === CONTENT_STATUS.published },
  });
  await scope.emit('content.statusChanged', { head: topicHead(row), from: row.status, to: status, actor, text: '' });
  return true;
}

export interface ModerationMeta {
  now: number;
  ip: string;
}

/**
 * POST topic/delete/{id} (soft), inside the route's transaction, on the locked row. A moderator's
 * delete is audited; a delete that changed nothing (already deleted) writes nothing.
 */
export async function deleteTopic(scope: WriteScope, row: TopicRow, actor: UserRow, meta: ModerationMeta): Promise<void> {
  await setTopicStatus(scope, row, CONTENT_STATUS.deleted, { id: actor.id, moderator: isModerator(actor), ip: meta.ip });
}

/**
 * Refuses a new sticky topic once `stickyMax` published ones are pinned (409, field `sticky`):
 * the latest feed shows every sticky topic above its first page, so the cap keeps that block
 * short. Two moderators pinning at the same moment may pass it by one; the feed still shows all.
 */
async function assertStickyRoom(db: WriteScope['db']): Promise<void> {
  if ((await countStickyTopics(db)) < TOPIC_LIMITS.stickyMax) return;
  const message = { key: 'topic.validation.stickyLimit', params: { max: TOPIC_LIMITS.stickyMax } };
  throw new AppError(409, ErrorCode.Conflict, message.key, message.params, { sticky: message });
}

/**
 * POST topic/recommend/{id} and topic/sticky/{id}: moderators only, audited. Asking for the state
 * the topic already has changes nothing (no new time, so a second "recommend" does not push the
 * topic back to the top; no audit row, no message).
 */
export async function setTopicFlag(scope: WriteScope, row: TopicRow, actor: UserRow, flag: 'recommend' | 'sticky', on: boolean, meta: ModerationMeta): Promise<void> {
  const { db } = scope;
  if (row.status === CONTENT_STATUS.deleted) throw errors.notFound('topic.errors.notFound');
  const value = on ? 1 : 0;
  if (row[flag] === value) return;
  if (flag === 'sticky' && on) await assertStickyRoom(db);
  const time = on ? meta.now : 0;
  if (flag === 'recommend') await updateTopic(db, row.id, { recommend: value, recommend_time: time, update_time: meta.now });
  else await updateTopic(db, row.id, { sticky: value, sticky_time: time, update_time: meta.now });
  await scope.emit('topic.flagged', { head: topicHead(row), flag, on, actor: { id: actor.id, moderator: true, ip: meta.ip } });
}
