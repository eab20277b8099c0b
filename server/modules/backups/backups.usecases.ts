/** The back office's backups (`/admin/backups`, admins): one function per action. */
import type { BackupRemoved, BackupSettingsView, BackupsView, BackupView } from '../../../common/views/backups';
import type { backupActions } from '../../../common/actions/backups';
import type { ParsedInputOf } from '../../../common/actions/contract';
import { errors } from '../../infra/errors';
import { actorOf } from '../../kernel/caller';
import type { MediaAnswer, ReadCall, WriteCall } from '../../kernel/actions';
import { writeSettings } from '../settings/settings.api';
import type { Settings } from '../settings/settings.api';
import { backupJob } from './backups.jobs';
import { findBackup, hasRunningBackup, listBackups } from './backups.repository';
import { removeBackup, startBackupRow } from './backups.service';
import { backupStoreOf } from './backups.store';
import { presentBackup } from './backups.presenter';

type Input<K extends keyof typeof backupActions> = ParsedInputOf<(typeof backupActions)[K]>;

/** The list shows this many archives (retention keeps at most 100). */
const LISTED = 200;

function settingsView(settings: Pick<Settings, 'backups' | 'timeZone'>): BackupSettingsView {
  return { ...settings.backups, timeZone: settings.timeZone };
}

export async function backupsOverview({ db, settings }: ReadCall<Input<'list'>, undefined>): Promise<BackupsView> {
  return { settings: settingsView(settings), backups: (await listBackups(db, LISTED)).map(presentBackup) };
}

export async function saveBackupSettings({ scope, input, settings, caller }: WriteCall<Input<'saveSettings'>, undefined>): Promise<BackupSettingsView> {
  await writeSettings(scope.db, { backups: input }, scope.now);
  // The settings cache of every process drops its copy (the settings feature hears this fact).
  await scope.emit('settings.changed', { keys: ['backups'], actor: actorOf(caller) });
  return settingsView({ backups: input, timeZone: settings.timeZone });
}

export async function startBackup({ scope }: WriteCall<Input<'start'>, undefined>): Promise<BackupView> {
  if (await hasRunningBackup(scope.db)) throw errors.conflict('adminBackups.errors.running');
  const id = await startBackupRow(scope.db, 'manual', scope.now);
  await scope.enqueue(backupJob, { backupId: id });
  const row = await findBackup(scope.db, id);
  if (!row) throw errors.notFound('adminBackups.errors.notFound');
  return presentBackup(row);
}

export async function deleteBackup({ ctx, scope, input }: WriteCall<Input<'remove'>, undefined>): Promise<BackupRemoved> {
  const row = await findBackup(scope.db, input.id);
  if (!row) throw errors.notFound('adminBackups.errors.notFound');
  if (row.status === 'running') throw errors.conflict('adminBackups.errors.stillRunning');
  await removeBackup(ctx, scope.db, row);
  return { removed: true };
}

export async function downloadBackup({ ctx, db, input }: ReadCall<Input<'download'>, undefined>): Promise<MediaAnswer> {
  const row = await findBackup(db, input.id);
  if (!row || row.status !== 'done') throw errors.notFound('adminBackups.errors.notFound');
  const stored = await backupStoreOf(ctx.config).open(row.file_name);
  if (!stored) throw errors.notFound('adminBackups.errors.notFound');
  return {
    type: 'application/gzip',
    headers: { 'content-disposition': `attachment; filename="${row.file_name}"`, 'content-length': stored.size, 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' },
    body: stored.stream,
  };
}
