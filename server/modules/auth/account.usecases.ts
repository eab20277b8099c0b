/**
 * A member's account security: e-mail, password, verification; one use case per action
 * (auth.actions.ts declares who may call each and its limit). Reachable to a banned member.
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { authActions } from '../../../common/actions/auth';
import type { CurrentUser } from '../../../common/views/user';
import type { VerifiedEmail } from '../../../common/views/auth';
import type { UserRow } from '../../db/schema';
import { siteBaseUrl } from '../../http/site-address';
import { errors } from '../../infra/errors';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { memberOf } from '../../kernel/caller';
import { presentCurrentUser } from '../users/users.api';
import { sendAccountMail } from './account-mail';
import { checkCurrentPassword, hasPassword, replacePassword, setEmail as changeEmail, setFirstPassword, verifyEmailWithCode } from './account.service';
import { hashPassword } from './password';

type Input<K extends keyof typeof authActions> = ParsedInputOf<(typeof authActions)[K]>;

/** Every account write answers the member as they now see themselves. */
export async function presentAccount({ caller }: ReadCall<unknown, undefined>, updated: UserRow): Promise<CurrentUser> {
  return presentCurrentUser(updated, { now: caller.now });
}

/** POST user/set_email, inside the transaction. */
export function setEmail({ scope, caller, input }: WriteCall<Input<'setEmail'>, undefined>): Promise<UserRow> {
  return changeEmail(scope.db, memberOf(caller), input.email, { now: caller.now, ip: caller.origin.ip });
}

/** Before set_password's transaction: refused when a password is set (before a hash is spent), else the new one hashed. */
export async function hashFirstPassword({ caller, input }: ReadCall<Input<'setPassword'>, undefined>): Promise<string> {
  if (hasPassword(memberOf(caller))) throw errors.forbidden('errors.account.passwordAlreadySet');
  return hashPassword(input.password);
}

/** POST user/set_password, inside the transaction (which checks again that none is set). */
export function setPassword({ scope, caller, prepared: passwordHash }: WriteCall<Input<'setPassword'>, undefined, string>): Promise<UserRow> {
  return setFirstPassword(scope.db, memberOf(caller), passwordHash, { now: caller.now, ip: caller.origin.ip });
}

/** Before update_password's transaction: the current password checked (400 on `oldPassword`), the new one hashed. */
export async function checkPasswordChange({ caller, input }: ReadCall<Input<'updatePassword'>, undefined>): Promise<string> {
  await checkCurrentPassword(memberOf(caller), input.oldPassword);
  return hashPassword(input.password);
}

/** POST user/update_password, inside the transaction: this session stays; every other ends unless the member unticked it. */
export function updatePassword({ scope, caller, input, prepared: passwordHash }: WriteCall<Input<'updatePassword'>, undefined, string>): Promise<UserRow> {
  return replacePassword(scope.db, memberOf(caller), passwordHash, { now: caller.now, ip: caller.origin.ip, keepToken: caller.session?.token ?? null, endOthers: input.endOtherSessions });
}

/**
 * POST user/send_verify_email: a link to the member's unverified address, sent before the answer
 * (a failure is 502, and leaves no live code behind). Not a transaction: none is held across SMTP.
 */
export async function sendVerifyEmail({ ctx, db, caller }: ReadCall<Input<'sendVerifyEmail'>, undefined>): Promise<null> {
  const user = memberOf(caller);
  if (!user.email) throw errors.badRequest('errors.account.emailNotSet');
  if (user.email_verified) throw errors.badRequest('errors.account.emailAlreadyVerified');
  try {
    // Sent before the answer, not as a job: the member waits for it, and a failure is theirs to see (ADR 0022).
    await sendAccountMail(ctx, db, { kind: 'verify', user, locale: caller.locale, baseUrl: siteBaseUrl(ctx.config) });
  } catch (error) {
    ctx.log.error({ err: error, userId: user.id }, 'verification mail failed');
    throw errors.other(502, 'errors.account.sendMailFailed');
  }
  return null;
}

/** POST user/verify_email, inside the transaction: the link used once, the address it was sent to verified. */
export function verifyEmail({ scope, caller, input }: WriteCall<Input<'verifyEmail'>, undefined>): Promise<VerifiedEmail> {
  return verifyEmailWithCode(scope.db, input.token, caller.now);
}
