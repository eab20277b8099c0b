/**
 * The security settings' use cases, one per action (security.actions.ts declares who may call
 * each, its limit and its answer): TOTP set up, confirmed and turned off; recovery codes
 * regenerated; passkeys added, renamed, removed; an admin's reset for a member who lost their
 * device. The sign-in routes that open sessions are the auth feature's (they call security.api).
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { securityActions } from '../../../common/actions/security';
import type { RecoveryCodes, SecurityView, TotpSetup, WebAuthnOptions } from '../../../common/views/security';
import { errors } from '../../infra/errors';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { memberOf } from '../../kernel/caller';
import { addPasskey, registrationOptions, relyingParty } from './passkeys';
import { deletePasskeyRow, findTotp, memberExists, putPendingTotp, renamePasskeyRow, takeTotpStep } from './security.repository';
import { forgetSecurityOf, newRecoveryCodes, requireCode, securityStateOf, sha256, turnTotpOff } from './security.service';
import { matchTotpStep, newTotpSecret, totpUri } from './totp';

type Input<K extends keyof typeof securityActions> = ParsedInputOf<(typeof securityActions)[K]>;

type AnyCall = Pick<ReadCall<unknown, unknown>, 'caller' | 'settings'>;

function stateFor(db: ReadCall<unknown, unknown>['db'], { caller, settings }: AnyCall): Promise<SecurityView> {
  return securityStateOf(db, memberOf(caller), settings.requireStaffTwoFactor);
}

/** The session this call came with, hashed as the tokens are (SHA-256 hex): the one that stays. */
function keepTokenHash(call: AnyCall): string | null {
  return call.caller.session ? sha256(call.caller.session.token) : null;
}

/** GET user/security. */
export function securityState(call: ReadCall<Input<'state'>, undefined>): Promise<SecurityView> {
  return stateFor(call.db, call);
}

/** POST user/security/totp/setup: a new secret (an unconfirmed one is replaced); 409 while TOTP is on. */
export async function setUpTotp({ scope, caller, settings }: WriteCall<Input<'totpSetup'>, undefined>): Promise<TotpSetup> {
  const member = memberOf(caller);
  const secret = await newTotpSecret();
  if (!(await putPendingTotp(scope.db, member.id, secret, caller.now))) throw errors.conflict('security.errors.totpAlreadyOn');
  const uri = await totpUri(secret, member.username || member.nickname, settings.siteTitle || 'Sabai');
  const { toString } = await import('qrcode');
  const qrSvg = await toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qrSvg };
}

/** POST user/security/totp/confirm: the first code turns TOTP on; ten recovery codes. */
export async function confirmTotp(call: WriteCall<Input<'totpConfirm'>, undefined>): Promise<RecoveryCodes> {
  const { scope, caller, input } = call;
  const member = memberOf(caller);
  const pending = await findTotp(scope.db, member.id);
  if (!pending) throw errors.conflict('security.errors.totpNotStarted');
  if (pending.confirmed) throw errors.conflict('security.errors.totpAlreadyOn');
  const step = await matchTotpStep(pending.secret, input.code, caller.now);
  if (step === null || !(await takeTotpStep(scope.db, member.id, step, caller.now, true))) throw errors.validation({ code: 'security.errors.wrongCode' });
  const codes = await newRecoveryCodes(scope.db, member.id, caller.now);
  await scope.emit('security.factorAdded', { userId: member.id, factor: 'totp', endOtherSessions: input.endOtherSessions, keepTokenHash: keepTokenHash(call) });
  return { codes, security: await stateFor(scope.db, call) };
}

/** POST user/security/totp/disable: with a current code (or a recovery code). */
export async function disableTotp(call: WriteCall<Input<'totpDisable'>, undefined>): Promise<SecurityView> {
  const { scope, caller, input } = call;
  const member = memberOf(caller);
  await requireCode(scope.db, member.id, input.code, caller.now);
  await turnTotpOff(scope.db, member.id);
  return stateFor(scope.db, call);
}

/** POST user/security/recovery_codes: ten new codes with a current code. */
export async function regenerateRecoveryCodes(call: WriteCall<Input<'regenerateRecoveryCodes'>, undefined>): Promise<RecoveryCodes> {
  const { scope, caller, input } = call;
  const member = memberOf(caller);
  await requireCode(scope.db, member.id, input.code, caller.now);
  const codes = await newRecoveryCodes(scope.db, member.id, caller.now);
  return { codes, security: await stateFor(scope.db, call) };
}

/** POST user/security/passkey/options: WebAuthn options to add a passkey. */
export async function passkeyOptions({ scope, ctx, caller, settings }: WriteCall<Input<'passkeyOptions'>, undefined>): Promise<WebAuthnOptions> {
  const member = memberOf(caller);
  return { options: await registrationOptions(scope.db, relyingParty(ctx, settings.siteTitle), { id: member.id, username: member.username || `member-${member.id}`, nickname: member.nickname }, caller.now) };
}

/** POST user/security/passkey/add. */
export async function addPasskeyOfMember(call: WriteCall<Input<'passkeyAdd'>, undefined>): Promise<SecurityView> {
  const { scope, ctx, caller, settings, input } = call;
  const member = memberOf(caller);
  await addPasskey(scope.db, relyingParty(ctx, settings.siteTitle), member.id, input, caller.now);
  await scope.emit('security.factorAdded', { userId: member.id, factor: 'passkey', endOtherSessions: input.endOtherSessions, keepTokenHash: keepTokenHash(call) });
  return stateFor(scope.db, call);
}

/** POST user/security/passkey/rename: one's own passkey, else 404. */
export async function renamePasskey(call: WriteCall<Input<'passkeyRename'>, undefined>): Promise<SecurityView> {
  const { scope, caller, input } = call;
  if (!(await renamePasskeyRow(scope.db, memberOf(caller).id, input.id, input.name))) throw errors.notFound('security.errors.passkeyNotFound');
  return stateFor(scope.db, call);
}

/** POST user/security/passkey/remove: one's own passkey, else 404. */
export async function removePasskey(call: WriteCall<Input<'passkeyRemove'>, undefined>): Promise<SecurityView> {
  const { scope, caller, input } = call;
  if (!(await deletePasskeyRow(scope.db, memberOf(caller).id, input.id))) throw errors.notFound('security.errors.passkeyNotFound');
  return stateFor(scope.db, call);
}

/** POST admin/two_factor/reset: a member's factors removed (they lost their device); their sessions stay. */
export async function resetMemberSecurity({ scope, input }: WriteCall<Input<'adminReset'>, undefined>): Promise<null> {
  if (!(await memberExists(scope.db, input.userId))) throw errors.notFound();
  await forgetSecurityOf(scope.db, input.userId);
  return null;
}
