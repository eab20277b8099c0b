/**
 * The audit log of moderation: every moderator's delete, every recommend/sticky switch, every ban
 * and unban is a row written in the same transaction as the change it records (handlers of the facts).
 */
import { CONTENT_STATUS } from '../../../common/constants';
import type { Feature } from '../../features';
import { recordAudit } from './audit.service';

export const auditFeature: Feature = {
  name: 'audit',
  setup(ctx) {
    ctx.events.onWrite('content.statusChanged', 'audit', async ({ head, from, to, actor }, { db, now }) => {
      if (!actor.moderator || to !== CONTENT_STATUS.deleted) return;
      await recordAudit(db, {
        actorId: actor.id,
        action: `${head.type}.delete`,
        targetType: head.type,
        targetId: head.id,
        detail: { authorId: head.ownerId, previousStatus: from },
        ip: actor.ip,
        time: now,
      });
    });
    ctx.events.onWrite('content.flagged', 'audit', async ({ head, flag, on, actor }, { db, now }) => {
      await recordAudit(db, {
        actorId: actor.id,
        action: `${head.type}.${flag}`,
        targetType: head.type,
        targetId: head.id,
        detail: { [flag]: on, authorId: head.ownerId },
        ip: actor.ip,
        time: now,
      });
    });
    // Bans and unbans: who, whom, until when, and why (the reason the member was told).
    ctx.events.onWrite('user.banned', 'audit', async ({ user, until, reason, previousUntil, actor }, { db, now }) => {
      await recordAudit(db, { actorId: actor.id, action: 'user.ban', targetType: 'user', targetId: user.id, detail: { until, reason, previousUntil }, ip: actor.ip, time: now });
    });
    // VIP decisions (issue 18): which order, whose, the plan, the amount and hash checked, and the outcome.
    ctx.events.onWrite('vip.activated', 'audit', async ({ order, until, previousUntil, actor }, { db, now }) => {
      await recordAudit(db, { actorId: actor.id, action: 'vip.activate', targetType: 'user', targetId: order.userId, detail: { orderId: order.id, plan: order.plan, amount: order.amount, txHash: order.txHash, until, previousUntil }, ip: actor.ip, time: now });
    });
    ctx.events.onWrite('vip.rejected', 'audit', async ({ order, reason, actor }, { db, now }) => {
      await recordAudit(db, { actorId: actor.id, action: 'vip.reject', targetType: 'user', targetId: order.userId, detail: { orderId: order.id, plan: order.plan, amount: order.amount, txHash: order.txHash, reason }, ip: actor.ip, time: now });
    });
    ctx.events.onWrite('user.unbanned', 'audit', async ({ user, previousUntil, reason, actor }, { db, now }) => {
      await recordAudit(db, { actorId: actor.id, action: 'user.unban', targetType: 'user', targetId: user.id, detail: { previousUntil, reason }, ip: actor.ip, time: now });
    });
  },
};
