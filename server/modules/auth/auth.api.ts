/**
 * The auth feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 */
export { mailTarget } from './account-mail';
export { hashPassword, verifyPassword } from './password';
export { noteSessionUse, sessionForToken, userForToken } from './tokens.service';
export { finishSignIn, openSession, secondFactorPath, signInAnswer, signInRedirect, startSignIn, SECOND_FACTOR_PATH, type SignInMethod, type SignInOutcome } from './finish-signin';
export { setSessionCookie, startSession, type OpenedSession } from './session';
