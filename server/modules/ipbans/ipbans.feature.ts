/**
 * IP and network bans (issue 28): the `ip_bans` table, the back office's list, and `ctx.ipBans`,
 * the in-memory list the action runner checks every call but a GET against (ipbans.list.ts). A
 * change is audited in its transaction and, after the commit, drops this process's list and tells
 * the others over the event bus.
 */
import type { Feature } from '../../kernel/feature';
import { recordAudit } from '../audit/audit.api';
import { ipBansActionList } from './ipbans.actions';

export const ipBansFeature: Feature = {
  name: 'ipbans',
  actions: ipBansActionList,
  setup(ctx) {
    ctx.events.onWrite('ipBan.changed', 'ipbans', async ({ change, ban, actor }, { db, now }) => {
      await recordAudit(db, { actorId: actor.id, action: `ipBan.${change}`, targetType: 'ipBan', targetId: ban.id, detail: { cidr: ban.cidr, reason: ban.reason, expireTime: ban.expireTime }, ip: actor.ip, time: now });
    });
    ctx.events.onCommit('ipBan.changed', 'ipbans', (_payload, app) => {
      app.ipBans.invalidate();
      app.ipBans.announce();
    });
  },
  async start(ctx) {
    // Other processes' changes arrive on the bus (named after the installed forum: not before
    // install; a forum installed without a restart has one process until the next start).
    if (!ctx.state.installed) return () => undefined;
    return ctx.ipBans.connect(ctx.bus, (error) => ctx.log.warn({ err: error }, 'IP ban change not shared'));
  },
};
