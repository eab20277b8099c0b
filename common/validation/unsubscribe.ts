/** The one-click unsubscribe's inputs (issue 27): the signed token of a mail's link. */
import { z } from '../zod';

const tokenField = z.string({ error: 'unsubscribe.page.missing' }).trim().min(1, 'unsubscribe.page.missing').max(200, 'unsubscribe.page.invalid');

export const unsubscribeTokenSchema = z.object({ token: tokenField });

/**
 * RFC 8058: a mail provider's one-click POST carries `List-Unsubscribe=One-Click` in its
 * form-encoded body; the page's button sends the same. Anything else is not an unsubscribe.
 */
export const oneClickSchema = z.object({
  token: tokenField,
  'List-Unsubscribe': z.literal('One-Click', { error: 'unsubscribe.page.invalid' }),
});
