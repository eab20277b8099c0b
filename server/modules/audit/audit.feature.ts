/**
 * The audit log of moderation: every moderator's delete and every recommend/sticky switch is a
 * row written in the same transaction as the change it records (handlers of the facts).
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
  },
};
