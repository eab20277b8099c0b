/**
 * "Require two-factor for staff" (issue 29, setting `requireStaffTwoFactor`): while it is on, a
 * moderator or admin with neither a confirmed TOTP nor a passkey is refused every staff-only
 * action (403, "set up two-factor first": the back office, moderation) until they enrol; their
 * own settings stay open. Sign-in sends them to the security settings (auth's `finishSignIn`).
 */
import type { Kysely } from 'kysely';
import { isModerator } from '../../../common/policy';
import type { DB } from '../../db/schema';
import { errors } from '../../infra/errors';
import type { SiteSettings, StaffCheck } from '../../kernel/actions';
import { hasSecondFactor } from './security.service';

/** Whether this member is staff the site requires a second factor of, and has none yet. */
export async function staffMustEnrol(db: Kysely<DB>, user: { id: number; role: string }, settings: Pick<SiteSettings, 'requireStaffTwoFactor'>): Promise<boolean> {
  return settings.requireStaffTwoFactor && isModerator(user) && !(await hasSecondFactor(db, user.id));
}

/** The runner's staff check (`ctx.staffChecks`). */
export const requireEnrolledStaff: StaffCheck = async ({ db, caller, settings }) => {
  if (caller.viewer && (await staffMustEnrol(db, caller.viewer, settings))) throw errors.forbidden('security.errors.staffNeedsTwoFactor');
};
