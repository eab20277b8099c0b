/**
 * Moderation (issue 16): bans, roles and the back office's reads, and what a moderator's hand on
 * content or on a member sets off, as this feature's listeners: the author or member is told
 * (a site message) and the move is audited, both in the transaction of the move.
 */
import type { MessageType } from '../../../common/constants';
import type { Feature } from '../../kernel/feature';
import { moderationMove, type ModerationMove } from '../../kernel/content-events';
import { isAuditContentType, type AUDIT_CONTENT_FLAGS, type AUDIT_CONTENT_MOVES, type AuditContentType } from '../../../common/audit';
import { forgetAuditIpsOf, recordAudit } from '../audit/audit.api';
import { notify } from '../messages/messages.api';
import { moderationActionList } from './moderation.actions';

/** The message a moderator's review or restore sends its author. */
const MOVE_MESSAGES: Record<Exclude<ModerationMove, 'delete'>, MessageType> = { approve: 'approved', reject: 'rejected', restore: 'restored' };

/**
 * The audit action of a move or flag of a content kind: one of common/audit.ts's, so each has its
 * label. A kind missing there is a programming error, found by that kind's first moderation test.
 */
function contentAuditAction<V extends (typeof AUDIT_CONTENT_MOVES)[number] | (typeof AUDIT_CONTENT_FLAGS)[number]>(type: string, verb: V): `${AuditContentType}.${V}` {
  if (!isAuditContentType(type)) throw new Error(`No audit action for the content kind "${type}": add it to AUDIT_CONTENT_TYPES (common/audit.ts)`);
  return `${type}.${verb}`;
}

export const moderationFeature: Feature = {
  name: 'moderation',
  actions: moderationActionList,
  setup(ctx) {
    // An erased member (issue 29): the IP addresses the audit log kept of their acts are cleared.
    ctx.events.onWrite('user.erased', 'moderation', ({ userId }, { db }) => forgetAuditIpsOf(db, userId));

    const { events } = ctx;

    // A moderator's move of content: delete, reject (with the reason told), approve, restore.
    // Someone else's content tells its author (a comment: on which item); every move is audited.
    events.onWrite('content.statusChanged', 'moderation', async (change, scope) => {
      const move = moderationMove(change);
      if (!move) return;
      const { head, from, actor, text, review } = change;
      await recordAudit(scope.db, {
        actorId: actor.id,
        action: contentAuditAction(head.type, move),
        targetType: head.type,
        targetId: head.id,
        detail: { authorId: head.ownerId, previousStatus: from, ...(review?.reason ? { reason: review.reason } : {}) },
        ip: actor.ip,
        time: scope.now,
      });
      if (actor.id === head.ownerId) return;
      const entity = { type: head.type, id: head.id };
      if (move === 'delete') {
        await notify(scope, { to: head.ownerId, from: null, type: 'deleted', title: head.title, content: text, url: head.rootHead?.url ?? '', entity, eventKey: `deleted:${head.type}:${head.id}` });
        return;
      }
      // Each decision is its own message: an item approved, deleted and restored tells each time.
      await notify(scope, { to: head.ownerId, from: null, type: MOVE_MESSAGES[move], title: head.title, content: review?.reason ?? '', url: head.url, entity });
    });

    // A recommend or sticky switch is audited; a recommendation tells the author (unless they recommended it themself).
    events.onWrite('content.flagged', 'moderation', async ({ head, flag, on, actor, seconds }, scope) => {
      await recordAudit(scope.db, { actorId: actor.id, action: contentAuditAction(head.type, flag), targetType: head.type, targetId: head.id, detail: { [flag]: flag === 'slowMode' ? (seconds ?? 0) : on, authorId: head.ownerId }, ip: actor.ip, time: scope.now });
      if (flag !== 'recommend' || !on || actor.id === head.ownerId) return;
      await notify(scope, { to: head.ownerId, from: null, type: 'recommended', title: head.title, url: head.url, entity: { type: head.type, id: head.id }, eventKey: `recommended:${head.type}:${head.id}` });
    });

    // A ban tells the member until when and why (the title is written in their language when
    // read); who, whom, until when and why is audited.
    events.onWrite('user.banned', 'moderation', async ({ user, until, reason, previousUntil, hideContent, actor }, scope) => {
      await notify(scope, { to: user.id, from: null, type: 'banned', content: reason, params: { until }, entity: { type: 'user', id: user.id } });
      const detail = { until, reason, previousUntil, ...(hideContent ? { hideContent } : {}) };
      await recordAudit(scope.db, { actorId: actor.id, action: 'user.ban', targetType: 'user', targetId: user.id, detail, ip: actor.ip, time: scope.now });
    });
    // Lifting a ban tells the member they may write again.
    events.onWrite('user.unbanned', 'moderation', async ({ user, previousUntil, reason, actor }, scope) => {
      await notify(scope, { to: user.id, from: null, type: 'system', params: { notice: 'unbanned' }, entity: { type: 'user', id: user.id } });
      await recordAudit(scope.db, { actorId: actor.id, action: 'user.unban', targetType: 'user', targetId: user.id, detail: { previousUntil, previousReason: reason }, ip: actor.ip, time: scope.now });
    });
    events.onWrite('user.roleChanged', 'moderation', async ({ user, from, to, actor }, { db, now }) => {
      await recordAudit(db, { actorId: actor.id, action: 'user.role', targetType: 'user', targetId: user.id, detail: { from, to }, ip: actor.ip, time: now });
    });
    events.onWrite('user.emailVerified', 'moderation', async ({ user, email, actor }, { db, now }) => {
      await recordAudit(db, { actorId: actor.id, action: 'user.verifyEmail', targetType: 'user', targetId: user.id, detail: { email }, ip: actor.ip, time: now });
    });
  },
};
