/** Inputs of the notifications page and the notification preferences (issue 27). */
import { z } from '../zod';
import { DIGEST_PERIODS, MESSAGE_LIMITS, NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type DigestPeriod, type NotificationChannel, type NotificationKind } from '../constants';
import { cursorField, idField } from './fields';

/** One id, or a list (a form-encoded body sends a single `ids=7` as a string). */
const groupIds = z.preprocess(
  (value) => (typeof value === 'string' || typeof value === 'number' ? [value] : value),
  z.array(idField, { error: 'validation.invalid' }).min(1, 'validation.invalid').max(MESSAGE_LIMITS.markReadMax, 'validation.tooMany'),
);

/** POST user/notifications/read: the rows (groups) to mark read, with every message in them. */
export const markGroupsReadSchema = z.object({ ids: groupIds });

/** GET user/notifications/:id: a group's messages, a page at a time. */
export const groupMessagesQuery = z.object({ id: idField, cursor: cursorField });

const switches = z.strictObject(Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, z.boolean({ error: 'validation.invalid' }).optional()])) as Record<NotificationChannel, z.ZodOptional<z.ZodBoolean>>);

/**
 * POST user/notification_prefs: the switches changed (kind → channel → on), and/or the digest's
 * period in days. What is not sent stays as it is.
 */
export const notificationPrefsSchema = z.strictObject({
  kinds: z.strictObject(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, switches.optional()])) as Record<NotificationKind, z.ZodOptional<typeof switches>>).optional(),
  digest: z
    .number({ error: 'validation.invalid' })
    .refine((n): n is DigestPeriod => (DIGEST_PERIODS as readonly number[]).includes(n), 'validation.invalid')
    .optional(),
});
export type NotificationPrefsInput = z.infer<typeof notificationPrefsSchema>;
