/**
 * Whole-forum backups (issue 33, ADR 0040): `npm run backup` / `npm run restore` (the CLIs
 * beside this file), and the back office's Backups page: a schedule, retention, "Back up now"
 * as a job, the list with download and delete. Archives go through a `BackupStore`.
 */
import type { Feature } from '../../kernel/feature';
import { backupsActionList } from './backups.actions';
import { backupJob, backupSchedule } from './backups.jobs';

export const backupsFeature: Feature = {
  name: 'backups',
  actions: backupsActionList,
  jobs: [backupJob],
  schedules: [backupSchedule],
};
