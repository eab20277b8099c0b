/** Sign-in and the account's security: sign-up, sessions, password reset, e-mail and password changes. */
import type { Feature } from '../../kernel/feature';
import { authActionList } from './auth.actions';
import { deleteEmailCodesOf } from './email-codes.repository';
import { deleteTokensOf, deleteTokensOfUser } from './tokens.repository';
import { sessionActionList } from './sessions.actions';
import { attackAlertJob, resetMailJob, sweepSchedule, verifyMailJob } from './auth.jobs';

export const authFeature: Feature = {
  name: 'auth',
  actions: [...authActionList, ...sessionActionList],
  jobs: [verifyMailJob, resetMailJob, attackAlertJob],
  schedules: [sweepSchedule],
  setup(ctx) {
    // A new member with an e-mail gets its verification link at once: posting needs a verified
    // address (spec §5), and a member who must first find the resend button often never does.
    // The mail is a job of the sign-up's own transaction: it is sent after the answer, retried
    // when the mail server fails, and not lost to a crash; the banner's "resend" stays the way back.
    ctx.events.onWrite('user.signedUp', 'auth', async ({ userId, email, locale }, scope) => {
      if (email) await scope.enqueue(verifyMailJob, { userId, locale });
    });
    // A member who adds a second factor may end every other session (issue 29): a device that
    // signed in before the factor existed stays out until it signs in again, with it.
    ctx.events.onWrite('security.factorAdded', 'auth', async ({ userId, endOtherSessions, keepTokenHash }, scope) => {
      if (endOtherSessions) await deleteTokensOfUser(scope.db, userId, keepTokenHash ?? undefined);
    });
    // An erased account (issue 29): its sessions (with their IP addresses and browsers) and its
    // e-mail codes go with it.
    ctx.events.onWrite('user.erased', 'auth', async ({ userId }, { db }) => {
      await deleteTokensOf(db, userId);
      await deleteEmailCodesOf(db, userId);
    });
  },
};
