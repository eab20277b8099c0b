/** A member's own data (issue 29): what asking for the erasure of one's account takes. */
import { z } from '../zod';

/** The export link's token: 43 base64url characters (32 random bytes). */
export const exportTokenSchema = z.object({
  token: z.string({ error: 'accountData.errors.linkInvalid' }).regex(/^[A-Za-z0-9_-]{20,64}$/, 'accountData.errors.linkInvalid'),
});

/**
 * POST account/delete: the member's password when their account has one (checked by the server),
 * and an explicit confirmation (the dialog's box).
 */
export const deletionRequestSchema = z.object({
  password: z.string({ error: 'accountData.errors.password' }).max(256, 'accountData.errors.password').default(''),
  confirm: z.literal(true, { error: 'accountData.errors.confirm' }),
});
export type DeletionRequest = z.input<typeof deletionRequestSchema>;
