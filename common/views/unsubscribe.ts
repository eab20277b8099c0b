/** What an unsubscribe link names (issue 27): one kind's e-mails, or the digest, of one member. */
import { z } from '../zod';
import { NOTIFICATION_KINDS } from '../constants';

export const unsubscribeTargetSchema = z.enum([...NOTIFICATION_KINDS, 'digest']);
export type UnsubscribeTargetView = z.infer<typeof unsubscribeTargetSchema>;

/** The page's question: what will be turned off, and for whom. */
export const unsubscribePreviewSchema = z
  .strictObject({
    target: unsubscribeTargetSchema,
    /** The member's display name, so a forwarded mail's reader sees whose setting it is. */
    nickname: z.string(),
  })
  .meta({ id: 'UnsubscribePreview' });
export type UnsubscribePreview = z.infer<typeof unsubscribePreviewSchema>;

/** What was turned off. */
export const unsubscribedSchema = z.strictObject({ target: unsubscribeTargetSchema }).meta({ id: 'Unsubscribed' });
export type Unsubscribed = z.infer<typeof unsubscribedSchema>;
