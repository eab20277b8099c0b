/**
 * The auth feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 */
export { mailTarget } from './account-mail';
export { hashPassword, verifyPassword } from './password';
export { noteSessionUse, sessionForToken, userForToken } from './tokens.service';
export { finishSignIn, type SignInMethod } from './finish-signin';
export { startSession, type OpenedSession } from './session';
