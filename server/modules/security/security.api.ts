/**
 * The security feature's public surface (issue 29): what other features may use of it.
 *   - auth's `finishSignIn` asks `needsSecondFactor` and opens a ticket (`openTicket`); its second
 *     step checks and redeems it (`checkTicket`, `redeemTicket`); passkey sign-in
 *     (`passkeySignInOptions`, `verifyPasskeySignIn`);
 *   - the staff requirement: `staffMustEnrol`;
 *   - account deletion: `forgetSecurityOf`; "never unlink the last way in": `hasPasskey`.
 */
export { checkTicket, forgetSecurityOf, hasPasskey, hasSecondFactor, needsSecondFactor, openTicket, redeemTicket, TICKET_TTL_MS, type CheckedTicket } from './security.service';
export { authenticationOptions as passkeySignInOptions, relyingParty, verifyPasskeySignIn } from './passkeys';
export { staffMustEnrol } from './staff-gate';
