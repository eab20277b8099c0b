/**
 * Web Push: the member's devices (actions) and what follows a site message the member takes by
 * push — a job of the message's own transaction that pushes it to each device (push.jobs.ts).
 */
import type { Feature } from '../../kernel/feature';
import { pushActionList } from './push.actions';
import { pushDeviceJob, pushMessageJob } from './push.jobs';
import { pushDirectJob } from './push.direct';
import { withDevices } from './push.service';
import type { WriteScope } from '../../kernel/events';
import { deleteDevicesOf } from './push.repository';

/** One `push.message` job per gathered message whose recipient has a device (one read for all). */
async function enqueueOwedPushes(owed: Array<{ messageId: number; to: number }>, scope: WriteScope): Promise<void> {
  const devices = await withDevices(
    scope.db,
    owed.map((message) => message.to),
  );
  for (const { messageId, to } of owed) if (devices.has(to)) await scope.enqueue(pushMessageJob, { messageId });
}

export const pushFeature: Feature = {
  name: 'push',
  actions: pushActionList,
  jobs: [pushMessageJob, pushDeviceJob, pushDirectJob],
  setup(ctx) {
    // An erased member (issue 29): their devices' subscriptions go.
    ctx.events.onWrite('user.erased', 'push', ({ userId }, { db }) => deleteDevicesOf(db, userId));

    // A message the member takes by push owes one, if they have a device: a job of the same
    // transaction, so a rolled-back write pushes nothing and a committed one is never lost. The
    // write's messages are gathered (a reply owes two) and their recipients' devices read once,
    // just before the commit.
    ctx.events.onWrite('message.sent', 'push', ({ messageId, to, push }, scope) => {
      if (push) scope.gather('push:devices', { messageId, to }, enqueueOwedPushes);
      return Promise.resolve();
    });
  },
};
