/** A member's own data as the API answers it (issue 29): their archive's state and their scheduled erasure. */
import { ACCOUNT_DELETION_CONTENT } from '../validation/settings';
import { z } from '../zod';

/** The member's newest archive: none asked, being prepared, ready (until `expireTime`), or failed. */
export const accountExportViewSchema = z.strictObject({
  state: z.enum(['none', 'pending', 'ready', 'used', 'expired', 'failed']),
  /** When they asked (0 for none). */
  requestTime: z.number(),
  /** When the link stops working (0 unless ready). */
  expireTime: z.number(),
  /** When they may ask again (0: now). */
  nextTime: z.number(),
}).meta({ id: 'AccountExportView' });
export type AccountExportView = z.infer<typeof accountExportViewSchema>;

/** GET account/data: the page's state. */
export const accountDataViewSchema = z.strictObject({
  export: accountExportViewSchema,
  /** When the scheduled erasure takes effect; null when none is scheduled. */
  deletionTime: z.number().nullable(),
  /** The site's setting: what becomes of the member's posts. */
  content: z.enum(ACCOUNT_DELETION_CONTENT),
  /** Whether the account has a password (asked again before the erasure). */
  hasPassword: z.boolean(),
  /** The grace period in days. */
  graceDays: z.number(),
}).meta({ id: 'AccountDataView' });
export type AccountDataView = z.infer<typeof accountDataViewSchema>;

/** POST account/delete and account/delete/cancel: when the erasure takes effect (null: none). */
export const accountDeletionViewSchema = z.strictObject({ deletionTime: z.number().nullable() }).meta({ id: 'AccountDeletionView' });
export type AccountDeletionView = z.infer<typeof accountDeletionViewSchema>;
