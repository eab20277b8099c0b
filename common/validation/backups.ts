/** Whole-forum backups in the back office (issue 33): the schedule's fields. */
import { z } from '../zod';

export const BACKUP_SCHEDULES = ['off', 'daily', 'weekly'] as const;
export type BackupSchedule = (typeof BACKUP_SCHEDULES)[number];
/** Most archives kept: each is a whole copy of the forum. */
export const MAX_BACKUPS_KEPT = 100;

/** The schedule as stored in the site settings and sent by the form. */
export const backupSettingsSchema = z.object({
  /** off, or once a day / once a week at `hour` (the site's time zone). */
  schedule: z.enum(BACKUP_SCHEDULES, { error: 'adminBackups.errors.schedule' }).default('off'),
  /** 0–23, in the site's time zone. */
  hour: z.number({ error: 'adminBackups.errors.hour' }).int('adminBackups.errors.hour').min(0, 'adminBackups.errors.hour').max(23, 'adminBackups.errors.hour').default(3),
  /** For weekly: 0 Sunday … 6 Saturday. */
  weekday: z.number({ error: 'adminBackups.errors.weekday' }).int('adminBackups.errors.weekday').min(0, 'adminBackups.errors.weekday').max(6, 'adminBackups.errors.weekday').default(0),
  /** How many finished archives to keep (the newest); older ones are deleted after each backup. */
  keep: z.number({ error: 'adminBackups.errors.keep' }).int('adminBackups.errors.keep').min(1, 'adminBackups.errors.keep').max(MAX_BACKUPS_KEPT, 'adminBackups.errors.keep').default(7),
});
export type BackupSettings = z.infer<typeof backupSettingsSchema>;

/** The form's input: every field given. */
export const backupSettingsInput = z.strictObject({
  schedule: z.enum(BACKUP_SCHEDULES, { error: 'adminBackups.errors.schedule' }),
  hour: backupSettingsSchema.shape.hour.removeDefault(),
  weekday: backupSettingsSchema.shape.weekday.removeDefault(),
  keep: backupSettingsSchema.shape.keep.removeDefault(),
});
