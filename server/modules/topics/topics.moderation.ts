/**
 * Moderating topics: delete (soft, by the author or a moderator), status changes, and the
 * moderator switches recommend and sticky, by the post rules of publishing.writes.ts. Messages to
 * the author and audit rows are handlers of the facts recorded there (`content.statusChanged`,
 * `content.flagged`).
 */
import { CONTENT_STATUS, TOPIC_LIMITS } from '../../../common/constants';
import type { TopicRow } from '../../db/schema';
import { ErrorCode } from '../../../common/errors';
import { AppError, errors } from '../../infra/errors';
import type { Actor, WriteScope } from '../../kernel/events';
import { recommendPost, setPostStatus, type PostRef } from '../publishing/publishing.api';
import { topicHead } from './topics.kind';
import { countStickyTopics, updateTopic } from './topics.repository';

export function postRef(row: TopicRow): PostRef {
  return { kind: 'topic', table: 'topics', row, head: topicHead(row), nodeId: row.node_id };
}

/**
 * POST topic/delete/{id} (soft), inside the write's transaction, on the locked row (counters,
 * messages, audit, caches: `setPostStatus`). A moderator's delete is audited; a delete that
 * changed nothing (already deleted) writes nothing.
 */
export async function deleteTopic(scope: WriteScope, row: TopicRow, actor: Actor): Promise<void> {
  await setPostStatus(scope, postRef(row), CONTENT_STATUS.deleted, actor);
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
export async function setTopicFlag(scope: WriteScope, row: TopicRow, moderator: Actor, flag: 'recommend' | 'sticky', on: boolean): Promise<void> {
  if (flag === 'recommend') return recommendPost(scope, { ...postRef(row), recommended: row.recommend === 1 }, on, moderator, 'topic.errors.notFound');
  if (row.status === CONTENT_STATUS.deleted) throw errors.notFound('topic.errors.notFound');
  if (row.sticky === (on ? 1 : 0)) return;
  if (on) await assertStickyRoom(scope.db);
  await updateTopic(scope.db, row.id, { sticky: on ? 1 : 0, sticky_time: on ? scope.now : 0, update_time: scope.now });
  await scope.emit('content.flagged', { head: topicHead(row), flag, on, actor: moderator });
}
