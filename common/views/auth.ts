/** Sign-in and the account's security (API.md "Sign-in and account"): the answers of the auth actions. */
import { z } from '../zod';
import { currentUserSchema } from './user';

/** POST login/signup and login/signin: the member, the session token (also set as the cookie), where to go next. */
export const sessionSchema = z.strictObject({
  user: currentUserSchema,
  token: z.string(),
  /** A path of this site (`safeRedirect`): the page the visitor was on, else home. */
  redirect: z.string(),
}).meta({ id: 'Session' });
export type SessionAnswer = z.infer<typeof sessionSchema>;

/**
 * POST login/signin (and any way in whose first step is done) when the member has a second
 * factor: no session yet. `redirect` is the second step's page (`/user/signin/second-factor?
 * ticket=…`), so a client that only follows `redirect` still lands there; `ticket` is what the
 * second step (POST login/second_factor) takes, good for 5 minutes and one use.
 */
export const secondFactorNeededSchema = z.strictObject({
  secondFactor: z.literal(true),
  ticket: z.string(),
  redirect: z.string(),
}).meta({ id: 'SecondFactorNeeded' });
export type SecondFactorNeeded = z.infer<typeof secondFactorNeededSchema>;

/** POST login/signin: a session (`token` and the cookie), or the second step asked first. */
export const signInAnswerSchema = z.union([sessionSchema, secondFactorNeededSchema]).meta({ id: 'SignInAnswer' });
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

/** POST user/verify_email: the address the link verified. */
export const verifiedEmailSchema = z.strictObject({ email: z.string() }).meta({ id: 'VerifiedEmail' });
export type VerifiedEmail = z.infer<typeof verifiedEmailSchema>;
