/** Request fields of warnings (issue 28). */
import { z } from '../zod';
import { idField } from './fields';

/** The longest reason a warning carries (plain text). */
export const WARNING_REASON_MAX = 2000;

/** POST admin/user/warn: whom, and why (plain text the member reads). */
export const warnSchema = z.object({
  userId: idField,
  reason: z
    .string({ error: 'safety.validation.reasonRequired' })
    .trim()
    .min(1, 'safety.validation.reasonRequired')
    .max(WARNING_REASON_MAX, 'safety.validation.reasonTooLong'),
});
export type WarnInput = z.infer<typeof warnSchema>;

/** The back office's counts: the members of a page (at most 100 ids). */
export const warningCountsQuery = z.object({ userIds: z.array(idField).max(100, 'validation.invalid') });
