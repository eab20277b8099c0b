/** The back office's backups (`/admin/backups`, issue 33): the schedule and the list of archives. */
import { z } from '../zod';
import { BACKUP_SCHEDULES } from '../validation/backups';

export const BACKUP_STATUSES = ['running', 'done', 'failed'] as const;
export const BACKUP_STORES = ['disk', 'bucket'] as const;

/** Where new archives go (BACKUP_S3_BUCKET and BACKUP_S3_PREFIX, or the disk). */
export const backupStoreViewSchema = z.strictObject({ kind: z.enum(BACKUP_STORES), bucket: z.string(), prefix: z.string() }).meta({ id: 'BackupStoreView' });

export const backupViewSchema = z
  .strictObject({
    id: z.number(),
    fileName: z.string(),
    status: z.enum(BACKUP_STATUSES),
    origin: z.enum(['manual', 'scheduled']),
    /** Bytes (0 until done). */
    size: z.number(),
    /** The last migration the archive holds ('' until done). */
    schemaVersion: z.string(),
    /** The failure's words (the service's own, untranslated). */
    error: z.string(),
    /** The failure as a message key to translate ('' when none): `objectStorage.error.*`, `adminBackups.errors.*`. */
    errorKey: z.string(),
    /** Where it was written: this server's disk, or the backups' bucket. */
    store: z.enum(BACKUP_STORES),
    createTime: z.number(),
    updateTime: z.number(),
  })
  .meta({ id: 'BackupView' });
export type BackupView = z.infer<typeof backupViewSchema>;

export const backupSettingsViewSchema = z
  .strictObject({ schedule: z.enum(BACKUP_SCHEDULES), hour: z.number(), weekday: z.number(), keep: z.number(), timeZone: z.string() })
  .meta({ id: 'BackupSettingsView' });
export type BackupSettingsView = z.infer<typeof backupSettingsViewSchema>;

export const backupsViewSchema = z.strictObject({ settings: backupSettingsViewSchema, store: backupStoreViewSchema, backups: z.array(backupViewSchema) }).meta({ id: 'BackupsView' });
export type BackupsView = z.infer<typeof backupsViewSchema>;

export const backupRemovedSchema = z.strictObject({ removed: z.boolean() }).meta({ id: 'BackupRemoved' });
export type BackupRemoved = z.infer<typeof backupRemovedSchema>;

export const backupStoreTestResultSchema = z.strictObject({ bucket: z.string(), ms: z.number() }).meta({ id: 'BackupStoreTestResult' });
export type BackupStoreTestResult = z.infer<typeof backupStoreTestResultSchema>;
