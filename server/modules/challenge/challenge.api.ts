/**
 * The challenge feature's public surface: the guard a form's action declares to require a solved
 * proof-of-work challenge (sign-up, the password reset request).
 */
export { requireSolvedChallenge } from './challenge.usecases';
