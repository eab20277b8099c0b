/** A member's phone as the API answers it (issue 29). Never a code. */
import { z } from '../zod';

/** GET/POST user/phone…: the member's verified number (E.164) or null, and whether removing it would leave them a way in. */
export const memberPhoneViewSchema = z.strictObject({
  phone: z.string().nullable(),
  /** False when the phone is the member's only way in (no password, no e-mail). */
  removable: z.boolean(),
}).meta({ id: 'MemberPhoneView' });
export type MemberPhoneView = z.infer<typeof memberPhoneViewSchema>;

/** POST …/send_code: when another code may be asked for (ms from now), the same whether or not the number has an account. */
export const smsCodeSentViewSchema = z.strictObject({ cooldownMs: z.number() }).meta({ id: 'SmsCodeSentView' });
export type SmsCodeSentView = z.infer<typeof smsCodeSentViewSchema>;
