/**
 * Trust levels (issue 28, ADR 0027): the `trust_levels` table kept by listeners of the facts that
 * move a level — a sign-up (its row), a post or comment published, a like received — and an hourly
 * job for what time alone moves (account age; a score moved by check-ins). A hand-set level is
 * audited.
 */
import { requireDb } from '../../context';
import type { Feature } from '../../kernel/feature';
import { defineSchedule } from '../../kernel/jobs';
import { recordAudit } from '../audit/audit.api';
import { trustActionList } from './trust.actions';
import { addLikesReceived, findTrustFacts } from './trust.repository';
import { mayRise, raiseByAge, raiseTrust, startTrust } from './trust.service';
import { deleteTrustOf } from './trust.repository';

export const trustSweepSchedule = defineSchedule({
  name: 'trust.raise',
  everyMs: 60 * 60_000,
  run: async (ctx) => {
    const db = requireDb(ctx);
    await raiseByAge(db, (await ctx.settings.get(db)).trust, ctx.clock.now());
  },
});

export const trustFeature: Feature = {
  name: 'trust',
  actions: trustActionList,
  schedules: [trustSweepSchedule],
  setup(ctx) {
    // An erased member (issue 29): their trust level goes.
    ctx.events.onWrite('user.erased', 'trust', ({ userId }, { db }) => deleteTrustOf(db, userId));

    // Every new member starts with a row, at the level their facts reach (0 with the defaults).
    ctx.events.onWrite('user.signedUp', 'trust', async ({ userId }, scope) => {
      const user = await findTrustFacts(scope.db, userId);
      if (user) await startTrust(scope.db, { ...user, likes_received: 0 }, (await scope.ctx.settings.get(scope.db)).trust, scope.now);
    });
    // A post (topic, tweet, article) going out counts for its author.
    ctx.events.onWrite('content.placementChanged', 'trust', async ({ before, after }, scope) => {
      if (!after.counted || before.counted || !mayRise(scope, after.userId)) return;
      await raiseTrust(scope.db, after.userId, (await scope.ctx.settings.get(scope.db)).trust, scope.now);
    });
    // A comment going out (a new one, or a held one approved) counts for its author: their facts
    // are read unless this write already saw their level cannot rise (mayRise: one read fewer).
    ctx.events.onWrite('comment.countsMoved', 'trust', async ({ deltas }, scope) => {
      const { trust } = await scope.ctx.settings.get(scope.db);
      for (const [userId, delta] of deltas) if (delta > 0 && mayRise(scope, userId)) await raiseTrust(scope.db, userId, trust, scope.now);
    });
    // A like on a member's post or comment by someone else (given or taken back).
    ctx.events.onWrite('reaction.changed', 'trust', async ({ reaction, on, actorId, item }, scope) => {
      if (reaction !== 'like' || actorId === item.ownerId) return;
      const counted = await addLikesReceived(scope.db, item.ownerId, on ? 1 : -1);
      if (on && counted > 0) await raiseTrust(scope.db, item.ownerId, (await scope.ctx.settings.get(scope.db)).trust, scope.now);
    });
    ctx.events.onWrite('trust.changed', 'trust', async ({ userId, from, to, locked, actor }, { db, now }) => {
      await recordAudit(db, { actorId: actor.id, action: locked ? 'trust.set' : 'trust.cleared', targetType: 'user', targetId: userId, detail: { from, to }, ip: actor.ip, time: now });
    });
  },
};
