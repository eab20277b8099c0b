/**
 * A member's own data (issue 29, ADR 0039): the archive of it, and the erasure of the account
 * after a grace period. Its fact `user.erased` is heard by every feature that keeps rows about
 * members; its own rows (archives, the schedule) it deletes in the erasure itself.
 */
import type { Feature } from '../../kernel/feature';
import './account-data.events';
import { accountDataActionList } from './account-data.actions';
import { archiveSweepSchedule, deletionMailJob, erasureSchedule, exportJob } from './account-data.jobs';
import { cancelDeletion } from './account-data.service';

export const accountDataFeature: Feature = {
  name: 'account-data',
  actions: accountDataActionList,
  jobs: [exportJob, deletionMailJob],
  schedules: [erasureSchedule, archiveSweepSchedule],
  setup(ctx) {
    // Signing in within the erasure's grace period cancels it (issue 29): the member came back.
    ctx.events.onWrite('user.signedIn', 'account-data', async ({ userId }, { db }) => {
      await cancelDeletion(db, userId);
    });
  },
};
