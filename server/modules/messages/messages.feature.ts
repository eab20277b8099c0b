/**
 * Site messages: the routes (recent, list, live badge, settings) and every message another
 * feature's fact sends — written inside the fact's transaction, so a rolled-back write sends
 * nothing — plus the reply mail's job in the same transaction, and after the commit the live
 * unread push.
 */
import type { MessageType } from '../../../common/constants';
import type { Feature } from '../../features';
import { moderationMove, type ModerationMove } from '../../kernel/content-events';
import { messagePages } from './messages.pages';
import { replyMailJob } from './messages.jobs';
import { announceUnread, MAILED_TYPES, notify } from './messages.service';
import { messageRoutes } from './messages.routes';

/** The member's membership page (app/lib/paths.ts `membership`). */
const MEMBERSHIP_PAGE = '/user/profile/member';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The message a moderator's review or restore sends its author. */
const MOVE_MESSAGES: Record<Exclude<ModerationMove, 'delete'>, MessageType> = { approve: 'approved', reject: 'rejected', restore: 'restored' };

export const messagesFeature: Feature = {
  name: 'messages',
  api: messageRoutes,
  pages: messagePages,
  jobs: [replyMailJob],
  setup(ctx) {
    const { events } = ctx;

    // A comment tells the author of the comment it replies to, and the item's author (once each).
    events.onWrite('comment.created', 'messages', async ({ id, authorId, item, repliedTo, text }, scope) => {
      const message = { from: authorId, title: item.title, content: text, url: `${item.url}#comment-${id}`, entity: { type: 'comment', id }, eventKey: `comment:${id}` };
      if (repliedTo) await notify(scope, { ...message, to: repliedTo.userId, type: 'comment_reply', quote: repliedTo.text });
      // `on`: the kind commented on, so the title says "your article" where it was one.
      if (item.ownerId !== repliedTo?.userId) await notify(scope, { ...message, to: item.ownerId, type: 'topic_comment', quote: item.excerpt, params: { on: item.type } });
    });

    // The first like or favorite of an item by a member tells its author; taking it back and giving it again does not.
    events.onWrite('reaction.changed', 'messages', async ({ reaction, on, actorId, item }, scope) => {
      if (!on) return;
      await notify(scope, {
        to: item.ownerId,
        from: actorId,
        type: reaction,
        title: item.title,
        quote: item.excerpt,
        url: item.url,
        entity: { type: item.type, id: item.id },
        eventKey: `${reaction}:${item.type}:${item.id}:${actorId}`,
      });
    });

    // A moderator's move of someone else's content tells its author: deleted (a comment: on
    // which item), rejected from review (with the reason), approved, or restored.
    events.onWrite('content.statusChanged', 'messages', async (change, scope) => {
      const { head, actor, text, review } = change;
      const move = moderationMove(change);
      if (!move || actor.id === head.ownerId) return;
      const entity = { type: head.type, id: head.id };
      if (move === 'delete') {
        await notify(scope, { to: head.ownerId, from: null, type: 'deleted', title: head.title, content: text, url: head.rootHead?.url ?? '', entity, eventKey: `deleted:${head.type}:${head.id}` });
        return;
      }
      const type = MOVE_MESSAGES[move];
      // Each decision is its own message: an item approved, deleted and restored tells each time.
      await notify(scope, { to: head.ownerId, from: null, type, title: head.title, content: review?.reason ?? '', url: head.url, entity });
    });

    // A recommendation tells the author (unless they recommended it themself).
    events.onWrite('content.flagged', 'messages', async ({ head, flag, on, actor }, scope) => {
      if (flag !== 'recommend' || !on || actor.id === head.ownerId) return;
      await notify(scope, { to: head.ownerId, from: null, type: 'recommended', title: head.title, url: head.url, entity: { type: head.type, id: head.id }, eventKey: `recommended:${head.type}:${head.id}` });
    });

    // A new follower tells the member, at most once a day per follower: following, unfollowing
    // and following again the same day sends nothing new (the key names the day).
    events.onWrite('follow.changed', 'messages', async ({ followerId, followedId, on }, scope) => {
      if (!on) return;
      const day = Math.floor(scope.now / DAY_MS);
      await notify(scope, { to: followedId, from: followerId, type: 'follow', url: `/user/${followerId}`, entity: { type: 'user', id: followerId }, eventKey: `follow:${followerId}:${day}` });
    });

    // A ban tells the member until when and why (the title is written in their language when read).
    events.onWrite('user.banned', 'messages', async ({ user, until, reason }, scope) => {
      await notify(scope, { to: user.id, from: null, type: 'banned', content: reason, params: { until }, entity: { type: 'user', id: user.id } });
    });

    // Lifting a ban tells the member they may write again (the title is written in their language when read).
    events.onWrite('user.unbanned', 'messages', async ({ user }, scope) => {
      await notify(scope, { to: user.id, from: null, type: 'system', params: { notice: 'unbanned' }, entity: { type: 'user', id: user.id } });
    });
    // VIP (issue 18): the admin's decision, and the reminder before the end (once per end: the
    // key names it). Each links to the membership page; titles are written in the reader's language.
    events.onWrite('vip.activated', 'messages', async ({ order, until }, scope) => {
      await notify(scope, { to: order.userId, from: null, type: 'vip_activated', url: MEMBERSHIP_PAGE, params: { until, plan: order.plan }, entity: { type: 'vip_order', id: order.id }, eventKey: `vip_activated:${order.id}` });
    });
    events.onWrite('vip.rejected', 'messages', async ({ order, reason }, scope) => {
      await notify(scope, { to: order.userId, from: null, type: 'vip_rejected', content: reason, url: MEMBERSHIP_PAGE, params: { plan: order.plan }, entity: { type: 'vip_order', id: order.id }, eventKey: `vip_rejected:${order.id}` });
    });
    events.onWrite('vip.expiring', 'messages', async ({ userId, expireTime }, scope) => {
      await notify(scope, { to: userId, from: null, type: 'vip_expiring', url: MEMBERSHIP_PAGE, params: { until: expireTime }, eventKey: `vip_expiring:${expireTime}` });
    });

    // A reply or a comment owes a reply mail: a job of the same transaction (messages.jobs.ts).
    events.onWrite('message.sent', 'messages', async ({ to, from, type, title, content, url, entityType }, scope) => {
      if (MAILED_TYPES.has(type)) await scope.enqueue(replyMailJob, { to, from, type, title, content, url, entityType });
    });
    events.onCommit('message.sent', 'messages', (message, app) => announceUnread(app, [message.to]));
    events.onCommit('message.read', 'messages', (payload, app) => announceUnread(app, [payload.userId]));
  },
};
