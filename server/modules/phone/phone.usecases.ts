/**
 * Phone sign-in and a member's phone (issue 29): one use case per action (phone.actions.ts
 * declares who may call each and its limits). A code is checked in `prepare`, outside the
 * write's transaction, so a wrong try's count commits; the write uses it once.
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { phoneActions } from '../../../common/actions/phone';
import { SMS_CODE } from '../../../common/validation/phone';
import type { MemberPhoneView, SmsCodeSentView } from '../../../common/views/phone';
import type { UserRow } from '../../db/schema';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { memberOf } from '../../kernel/caller';
import type { WriteScope } from '../../kernel/events';
import { finishSignIn, type SignInOutcome } from '../auth/auth.api';
import { checkSmsCode, consumeSmsCode, issueSmsCode, sealCode } from './phone.codes';
import type { SmsCodePurpose, SmsCodeRow } from './phone.repository';
import { bindPhone, memberForPhone, phoneView, unbindPhone } from './phone.service';
import { smsJob } from './phone.jobs';
import type { Caller } from '../../kernel/caller';
import type { SiteSettings } from '../../kernel/actions';

type Input<K extends keyof typeof phoneActions> = ParsedInputOf<(typeof phoneActions)[K]>;

/** A code written and its SMS enqueued in one transaction: it exists exactly when the SMS is owed. */
async function sendCode(scope: WriteScope, caller: Caller, phone: string, purpose: SmsCodePurpose, userId: number): Promise<SmsCodeSentView> {
  const code = await issueSmsCode(scope.db, { phone, purpose, userId }, scope.now);
  await scope.enqueue(smsJob, { to: phone, sealed: await sealCode(scope.db, code, scope.now), locale: caller.locale });
  return { cooldownMs: SMS_CODE.cooldownMs };
}

/** POST login/phone/send_code: the same answer whether or not the number has an account. */
export function sendSignInCode({ scope, caller, input }: WriteCall<Input<'sendSignInCode'>, undefined>): Promise<SmsCodeSentView> {
  return sendCode(scope, caller, input.phone, 'signin', 0);
}

/** Before phone sign-in's transaction: the code checked (a wrong try counted and committed). */
export function checkSignInCode({ db, caller, input }: ReadCall<Input<'signIn'>, undefined>): Promise<SmsCodeRow> {
  return checkSmsCode(db, { phone: input.phone, purpose: 'signin', code: input.code }, caller.now);
}

/**
 * The one place phone sign-in reads `finishSignIn`'s result: a session, or (TOTP on) the second
 * step's ticket, answered by `startSignIn` (phone.actions.ts).
 */
function openSession(scope: WriteScope, caller: Caller, settings: SiteSettings, user: UserRow, redirect: string | undefined): Promise<SignInOutcome> {
  return finishSignIn(scope, caller, settings, user, { method: 'phone', redirect });
}

/** POST login/phone/signin, inside the transaction: the code used once, the member (or a new one), their session. */
export async function signInWithPhone({ scope, caller, settings, input, prepared: code }: WriteCall<Input<'signIn'>, undefined, SmsCodeRow>): Promise<SignInOutcome> {
  await consumeSmsCode(scope.db, code, scope.now);
  const { user, created } = await memberForPhone(scope.db, input.phone, { now: scope.now, locale: caller.locale, ip: caller.origin.ip });
  if (created) await scope.emit('user.signedUp', { userId: user.id, nickname: user.nickname, email: null, locale: caller.locale });
  return openSession(scope, caller, settings, user, input.redirect);
}

/** GET user/phone. */
export function myPhone({ db, caller }: ReadCall<Input<'mine'>, undefined>): Promise<MemberPhoneView> {
  return phoneView(db, memberOf(caller));
}

/** POST user/phone/send_code: a code to the new number, for this member only. */
export function sendBindCode({ scope, caller, input }: WriteCall<Input<'sendBindCode'>, undefined>): Promise<SmsCodeSentView> {
  return sendCode(scope, caller, input.phone, 'bind', memberOf(caller).id);
}

/** Before bind's transaction: the member's own code checked. */
export function checkBindCode({ db, caller, input }: ReadCall<Input<'bind'>, undefined>): Promise<SmsCodeRow> {
  return checkSmsCode(db, { phone: input.phone, purpose: 'bind', code: input.code, userId: memberOf(caller).id }, caller.now);
}

/** POST user/phone/bind, inside the transaction. */
export async function bind({ scope, caller, input, prepared: code }: WriteCall<Input<'bind'>, undefined, SmsCodeRow>): Promise<MemberPhoneView> {
  await consumeSmsCode(scope.db, code, scope.now);
  const user = memberOf(caller);
  await bindPhone(scope.db, user, input.phone, { now: scope.now, ip: caller.origin.ip });
  return phoneView(scope.db, user);
}

/** POST user/phone/remove, inside the transaction. */
export async function remove({ scope, caller }: WriteCall<Input<'remove'>, undefined>): Promise<MemberPhoneView> {
  const user = memberOf(caller);
  await unbindPhone(scope.db, user, { now: scope.now, ip: caller.origin.ip });
  return phoneView(scope.db, user);
}
