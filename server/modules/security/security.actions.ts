/**
 * The security feature's actions (issue 29): a member's own second factors, and an admin's reset
 * of a member's. Every code check is limited per member, counting failures only (a right code
 * clears the count), so a stolen session cannot guess its way to turning TOTP off.
 */
import { securityActions } from '../../../common/actions/security';
import { nothingSchema } from '../../../common/views/page';
import { recoveryCodesSchema, securityViewSchema, totpSetupSchema, webAuthnOptionsSchema } from '../../../common/views/security';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import {
  addPasskeyOfMember,
  confirmTotp,
  disableTotp,
  passkeyOptions,
  regenerateRecoveryCodes,
  removePasskey,
  renamePasskey,
  resetMemberSecurity,
  securityState,
  setUpTotp,
} from './security.usecases';

const OWN_SECURITY = 'account security: a banned member still keeps their account safe';

/** Wrong codes per member: 10 in 15 minutes; a right one clears the count. */
const codeChecks = limit.perUser({ name: 'security:code', max: 10, windowMs: 15 * 60_000 }, { stage: 'beforeInput', onSuccess: 'reset' });
/** New secrets and WebAuthn challenges per member: rows written on each call. */
const setups = limit.perUser({ name: 'security:setup', max: 30, windowMs: 60 * 60_000 });

export const securityActionList = [
  readAction(securityActions.state, { who: who.reader(), answer: securityViewSchema, personal: true, run: securityState }),
  writeAction(securityActions.totpSetup, { who: who.member(OWN_SECURITY), limit: setups, answer: totpSetupSchema, run: setUpTotp }),
  writeAction(securityActions.totpConfirm, { who: who.member(OWN_SECURITY), limit: codeChecks, answer: recoveryCodesSchema, run: confirmTotp }),
  writeAction(securityActions.totpDisable, { who: who.member(OWN_SECURITY), limit: codeChecks, answer: securityViewSchema, run: disableTotp }),
  writeAction(securityActions.regenerateRecoveryCodes, { who: who.member(OWN_SECURITY), limit: codeChecks, answer: recoveryCodesSchema, run: regenerateRecoveryCodes }),
  writeAction(securityActions.passkeyOptions, { who: who.member(OWN_SECURITY), limit: setups, answer: webAuthnOptionsSchema, run: passkeyOptions }),
  writeAction(securityActions.passkeyAdd, { who: who.member(OWN_SECURITY), limit: setups, answer: securityViewSchema, run: addPasskeyOfMember }),
  writeAction(securityActions.passkeyRename, { who: who.member(OWN_SECURITY), limit: limit.none('a name of one’s own passkey, rewritten in place'), answer: securityViewSchema, run: renamePasskey }),
  writeAction(securityActions.passkeyRemove, { who: who.member(OWN_SECURITY), limit: limit.none('one’s own passkey removed: nothing grows'), answer: securityViewSchema, run: removePasskey }),
  writeAction(securityActions.adminReset, { who: who.staff('user:resetSecurity'), limit: limit.none('an admin’s decision on one member'), answer: nothingSchema, run: resetMemberSecurity }),
];
