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

/** POST user/verify_email: the address the link verified. */
export const verifiedEmailSchema = z.strictObject({ email: z.string() }).meta({ id: 'VerifiedEmail' });
export type VerifiedEmail = z.infer<typeof verifiedEmailSchema>;
