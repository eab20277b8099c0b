/**
 * The audit log of moderation: every moderator's delete, review decision and restore, every
 * recommend/sticky switch, every ban and unban is a row written in the same transaction as the
 * change it records (handlers of the facts).
 */
import type { Feature } from '../../features';
import { moderationMove } from '../../kernel/content-events';
import { recordAudit } from './audit.service';

export const auditFeature: Feature = {
  name: 'audit',
  setup(ctx) {
    // A moderator's move of content: delete, reject (with the reason told), approve, restore.
    ctx.events.onWrite('content.statusChanged', 'audit', async (change, { db, now }) => {
      const move = moderationMove(change);
      if (!move) return;
      const { head, from, actor, review } = change;
      await recordAudit(db, {
        actorId: actor.id,
        action: `${head.type}.${move}`,
        targetType: head.type,
        targetId: head.id,
        detail: { authorId: head.ownerId, previousStatus: from, ...(review?.reason ? { reason: review.reason } : {}) },
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
    ctx.events.onWrite('user.banned', 'audit', async ({ user, until, reason, previousUntil, hideContent, actor }, { db, now }) => {
      const detail = { until, reason, previousUntil, ...(hideContent ? { hideContent } : {}) };
      await recordAudit(db, { actorId: actor.id, action: 'user.ban', targetType: 'user', targetId: user.id, detail, ip: actor.ip, time: now });
    });
    ctx.events.onWrite('user.roleChanged', 'audit', async ({ user, from, to, actor }, { db, now }) => {
      await recordAudit(db, { actorId: actor.id, action: 'user.role', targetType: 'user', targetId: user.id, detail: { from, to }, ip: actor.ip, time: now });
    });
    ctx.events.onWrite('user.emailVerified', 'audit', async ({ user, email, actor }, { db, now }) => {
      await recordAudit(db, { actorId: actor.id, action: 'user.verifyEmail', targetType: 'user', targetId: user.id, detail: { email }, ip: actor.ip, time: now });
    });
    // Forbidden words: what was added, changed (and from what) or removed.
    ctx.events.onWrite('words.changed', 'audit', async ({ change, word, before, actor }, { db, now }) => {
      const detail = { pattern: word.pattern, kind: word.kind, action: word.action, ...(before ? { previousPattern: before.pattern, previousKind: before.kind, previousAction: before.action } : {}) };
      await recordAudit(db, { actorId: actor.id, action: `word.${change}`, targetType: 'word', targetId: word.id, detail, ip: actor.ip, time: now });
    });
    // Settings: who changed which keys (not the values: the SMTP password is one of them).
    ctx.events.onWrite('settings.changed', 'audit', async ({ keys, actor }, { db, now }) => {
      await recordAudit(db, { actorId: actor.id, action: 'settings.update', targetType: 'settings', targetId: null, detail: { keys: keys.join(', ') }, ip: actor.ip, time: now });
    });
    // The back office's site content (issue 17): which node, tag, link or notice, what was done, by whom.
    ctx.events.onWrite('site.catalogChanged', 'audit', async ({ what, id, action, detail, actor }, { db, now }) => {
      await recordAudit(db, { actorId: actor.id, action: `${what}.${action}`, targetType: what, targetId: id, detail, ip: actor.ip, time: now });
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
