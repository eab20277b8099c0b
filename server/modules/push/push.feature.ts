/**
 * Web Push: the member's devices (actions) and what follows a site message the member takes by
 * push — a job of the message's own transaction that pushes it to each device (push.jobs.ts).
 */
import type { Feature } from '../../kernel/feature';
import { pushActionList } from './push.actions';
import { pushDeviceJob, pushMessageJob } from './push.jobs';
import { hasDevices } from './push.service';
import { pushDirectJob } from './push.direct';

export const pushFeature: Feature = {
  name: 'push',
  actions: pushActionList,
  jobs: [pushMessageJob, pushDeviceJob, pushDirectJob],
  setup(ctx) {
    // A message the member takes by push owes one, if they have a device: a job of the same
    // transaction, so a rolled-back write pushes nothing and a committed one is never lost.
    ctx.events.onWrite('message.sent', 'push', async ({ messageId, to, push }, scope) => {
      if (!push || !(await hasDevices(scope.db, to))) return;
      await scope.enqueue(pushMessageJob, { messageId });
    });
  },
};
