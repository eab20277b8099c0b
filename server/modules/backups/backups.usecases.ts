/** The back office's backups (`/admin/backups`, admins): one function per action. */
import type { BackupRemoved, BackupSettingsView, BackupsView, BackupStoreTestResult, BackupView } from '../../../common/views/backups';
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
import { translator } from '../../../common/i18n';
import type { Caller } from '../../kernel/caller';
import { BackupStoreError, probeBackupBucket } from './backups.bucket';
import type { BackupStore } from './backups.store';
import { configuredBackupStore, openBackupStore, storeKindOf } from './backups.destination';
import { presentBackup } from './backups.presenter';

type Input<K extends keyof typeof backupActions> = ParsedInputOf<(typeof backupActions)[K]>;

/** The list shows this many archives (retention keeps at most 100). */
const LISTED = 200;

function settingsView(settings: Pick<Settings, 'backups' | 'timeZone'>): BackupSettingsView {
  return { ...settings.backups, timeZone: settings.timeZone };
}

export async function backupsOverview({ ctx, db, settings }: ReadCall<Input<'list'>, undefined>): Promise<BackupsView> {
  return { settings: settingsView(settings), store: configuredBackupStore(ctx.config), backups: (await listBackups(db, LISTED)).map(presentBackup) };
}

/** The store refused or could not be reached: a 502 naming why in the caller's language, never a 500. */
function storeFailure(error: unknown, caller: Caller): unknown {
  if (!(error instanceof BackupStoreError)) return error;
  const t = translator(caller.locale);
  return errors.other(502, 'adminBackups.errors.store', { reason: String(t(error.reasonKey)), detail: error.detail });
}

export async function saveBackupSettings({ scope, input, settings, caller }: WriteCall<Input<'saveSettings'>, undefined>): Promise<BackupSettingsView> {
  await writeSettings(scope.db, { backups: input }, scope.now);
  // The settings cache of every process drops its copy (the settings feature hears this fact).
  await scope.emit('settings.changed', { keys: ['backups'], actor: actorOf(caller) });
  return settingsView({ backups: input, timeZone: settings.timeZone });
}

export async function startBackup({ ctx, scope }: WriteCall<Input<'start'>, undefined>): Promise<BackupView> {
  if (await hasRunningBackup(scope.db)) throw errors.conflict('adminBackups.errors.running');
  const id = await startBackupRow(ctx, scope.db, 'manual', scope.now);
  await scope.enqueue(backupJob, { backupId: id });
  const row = await findBackup(scope.db, id);
  if (!row) throw errors.notFound('adminBackups.errors.notFound');
  return presentBackup(row);
}

export async function deleteBackup({ ctx, scope, input, caller }: WriteCall<Input<'remove'>, undefined>): Promise<BackupRemoved> {
  const row = await findBackup(scope.db, input.id);
  if (!row) throw errors.notFound('adminBackups.errors.notFound');
  if (row.status === 'running') throw errors.conflict('adminBackups.errors.stillRunning');
  try {
    await removeBackup(ctx, scope.db, row);
  } catch (error) {
    throw storeFailure(error, caller);
  }
  return { removed: true };
}

/** The archive's bytes, streamed from where it is kept (a bucket's too: through the app, admins only). */
export async function downloadBackup({ ctx, db, input, caller }: ReadCall<Input<'download'>, undefined>): Promise<MediaAnswer> {
  const row = await findBackup(db, input.id);
  if (!row || row.status !== 'done') throw errors.notFound('adminBackups.errors.notFound');
  let stored: Awaited<ReturnType<BackupStore['open']>>;
  try {
    const opened = await openBackupStore(ctx.config, db, ctx.settings, storeKindOf(row.store));
    try {
      stored = await opened.store.open(row.file_name);
    } catch (error) {
      opened.close();
      throw error;
    }
    if (!stored) opened.close();
    // The bucket's connection is released once the body was sent (or the download abandoned).
    else stored.stream.once('close', () => opened.close());
  } catch (error) {
    throw storeFailure(error, caller);
  }
  if (!stored) throw errors.notFound('adminBackups.errors.notFound');
  return {
    type: 'application/gzip',
    headers: { 'content-disposition': `attachment; filename="${row.file_name}"`, 'content-length': stored.size, 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' },
    body: stored.stream,
  };
}

/**
 * POST admin/backups/test_store: a probe object written, read back, compared and deleted in the
 * backups' bucket, so an admin learns before the night's backup that it works (and which step
 * does not). Only with a bucket configured: the disk needs no test.
 */
export async function testBackupStore({ ctx, db, caller }: ReadCall<Input<'testStore'>, undefined>): Promise<BackupStoreTestResult> {
  if (!ctx.config.backupS3) throw errors.conflict('adminBackups.errors.testNeedsBucket');
  const t = translator(caller.locale);
  let outcome: Awaited<ReturnType<typeof probeBackupBucket>>;
  try {
    outcome = await probeBackupBucket(ctx.config, db, ctx.settings);
  } catch (error) {
    throw storeFailure(error, caller);
  }
  if (outcome.ok) return { bucket: ctx.config.backupS3.bucket, ms: outcome.ms };
  ctx.log.warn({ step: outcome.step, reason: outcome.detail }, 'backups bucket test failed');
  throw errors.other(502, 'objectStorage.test.failed', { step: String(t(`objectStorage.test.step.${outcome.step}`)), reason: String(t(outcome.reasonKey)), detail: outcome.detail });
}
