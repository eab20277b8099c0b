/** Whole-forum backups in the back office (issue 33, ADR 0040): the contracts. Admins only. */
import { z } from '../zod';
import { backupSettingsInput } from '../validation/backups';
import { idField } from '../validation/fields';
import type { BackupRemoved, BackupSettingsView, BackupsView, BackupStoreTestResult, BackupView } from '../views/backups';
import { contract, returns } from './contract';

export const backupActions = {
  list: contract({
    name: 'backups.list',
    method: 'GET',
    path: '/api/admin/backups',
    input: z.object({}),
    output: returns<BackupsView>(),
    summary: 'The backup schedule and the archives (newest first): date, size, schema version, status. Admins.',
  }),
  saveSettings: contract({
    name: 'backups.saveSettings',
    method: 'POST',
    path: '/api/admin/backups/settings',
    input: backupSettingsInput,
    output: returns<BackupSettingsView>(),
    summary: 'Sets the schedule (off, daily or weekly at an hour of the site’s time zone) and how many archives to keep. Admins.',
  }),
  start: contract({
    name: 'backups.start',
    method: 'POST',
    path: '/api/admin/backups/start',
    input: z.object({}),
    output: returns<BackupView>(),
    summary: 'Starts a backup now: a job writes the archive; the answer is its row, running. One at a time. Admins.',
  }),
  testStore: contract({
    name: 'backups.testStore',
    method: 'POST',
    path: '/api/admin/backups/test_store',
    input: z.object({}),
    output: returns<BackupStoreTestResult>(),
    summary: 'Writes, reads back and deletes a probe object in the backups’ bucket (BACKUP_S3_BUCKET); a failure is 502 naming the step and the reason, translated. Admins.',
  }),
  remove: contract({
    name: 'backups.remove',
    method: 'POST',
    path: '/api/admin/backups/:id/delete',
    input: z.object({ id: idField }),
    output: returns<BackupRemoved>(),
    summary: 'Deletes an archive (not one still running). Admins.',
    notFound: 'adminBackups.errors.notFound',
  }),
  download: contract({
    name: 'backups.download',
    method: 'GET',
    path: '/api/admin/backups/:id/download',
    input: z.object({ id: idField }),
    output: returns<string>(),
    summary: 'The archive (application/gzip, a .tar.gz), streamed. It holds password hashes and the site’s secrets. Admins.',
    media: 'application/gzip',
    notFound: 'adminBackups.errors.notFound',
  }),
};
