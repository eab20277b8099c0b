/**
 * `/admin/backups` (issue 33, admins only: moderators get the 403 page): whole-forum archives.
 * The schedule (off, daily or weekly at an hour of the site's time zone) and how many archives to
 * keep; "Back up now" (a job writes the archive, the list shows it running, then done); the list
 * with each archive's date, size, schema version and status, its download link and delete button.
 * Where new archives go (the disk, or the private bucket of BACKUP_S3_BUCKET) is said above it.
 */
import { useState } from 'react';
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { backupActions } from '../../common/actions/backups';
import { BACKUP_SCHEDULES, type BackupSchedule } from '../../common/validation/backups';
import type { BackupSettingsView, BackupView } from '../../common/views/backups';
import { AdminTable, AdminTitle } from '~/components/admin/admin-table';
import { staffViewer, unwrapAdmin } from '~/components/admin/admin-data.server';
import { LocalDateTime } from '~/components/moderation/local-date-time';
import { Button } from '~/components/ui/button';
import { useConfirm } from '~/components/ui/confirm';
import { send } from '~/lib/api';
import { useBusyCall } from '~/lib/use-busy-call';
import { useT } from '~/lib/use-t';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  staffViewer(context, request);
  return { view: unwrapAdmin(await context.read(backupActions.list, {})) };
}

const SELECT = 'h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900';
const LABEL = 'flex flex-col gap-1 text-xs font-medium text-zinc-700 dark:text-zinc-300';

/** Bytes in the largest unit under 1024 (archives run from kilobytes to gigabytes). */
function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

function ScheduleForm({ settings }: { settings: BackupSettingsView }) {
  const t = useT();
  const { run, busy } = useBusyCall();
  const [schedule, setSchedule] = useState<BackupSchedule>(settings.schedule);
  const [hour, setHour] = useState(settings.hour);
  const [weekday, setWeekday] = useState(settings.weekday);
  const [keep, setKeep] = useState(settings.keep);
  return (
    <form
      className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      data-testid="backup-schedule"
      onSubmit={(event) => {
        event.preventDefault();
        void run(() => send(backupActions.saveSettings, { schedule, hour, weekday, keep }), t('adminBackups.saved'));
      }}
    >
      <h2 className="text-base font-semibold">{t('adminBackups.scheduleTitle')}</h2>
      <div className="flex flex-wrap items-end gap-3">
        <label className={LABEL}>
          {t('adminBackups.schedule')}
          <select className={SELECT} value={schedule} onChange={(e) => setSchedule(e.target.value as BackupSchedule)} data-testid="backup-schedule-kind">
            {BACKUP_SCHEDULES.map((kind) => (
              <option key={kind} value={kind}>
                {t(`adminBackups.schedules.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        {schedule === 'weekly' && (
          <label className={LABEL}>
            {t('adminBackups.weekday')}
            <select className={SELECT} value={weekday} onChange={(e) => setWeekday(Number(e.target.value))}>
              {[0, 1, 2, 3, 4, 5, 6].map((day) => (
                <option key={day} value={day}>
                  {t(`adminBackups.weekdays.${day}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        {schedule !== 'off' && (
          <label className={LABEL}>
            {t('adminBackups.hour')}
            <select className={SELECT} value={hour} onChange={(e) => setHour(Number(e.target.value))}>
              {Array.from({ length: 24 }, (_, h) => (
                <option key={h} value={h}>
                  {`${String(h).padStart(2, '0')}:00`}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className={LABEL}>
          {t('adminBackups.keep')}
          <input type="number" min={1} max={100} className={`${SELECT} w-24`} value={keep} onChange={(e) => setKeep(Number(e.target.value))} data-testid="backup-keep" />
        </label>
        <Button type="submit" size="sm" loading={busy} data-testid="backup-save">
          {t('adminBackups.save')}
        </Button>
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {t('adminBackups.timeZone', { timeZone: settings.timeZone })} {t('adminBackups.keepHint')}
      </p>
    </form>
  );
}

/** "Test the bucket": a probe written, read back and deleted; the answer (or the failing step and why) as a toast. */
function StoreTest() {
  const t = useT();
  const { run, busy } = useBusyCall();
  function test() {
    return run(() => send(backupActions.testStore, {}), (answer) => t('objectStorage.test.ok', answer));
  }
  return (
    <Button type="button" size="sm" variant="secondary" loading={busy} onClick={() => void test()} title={t('adminBackups.testHint')} data-testid="backup-store-test">
      {t('adminBackups.test')}
    </Button>
  );
}

function BackupActions({ backup }: { backup: BackupView }) {
  const t = useT();
  const { run, busy } = useBusyCall();
  const [confirm, confirmDialog] = useConfirm();
  async function remove() {
    if (!(await confirm({ title: t('adminBackups.delete'), description: t('adminBackups.deleteConfirm'), confirmLabel: t('adminBackups.delete'), danger: true }))) return;
    await run(() => send(backupActions.remove, { id: backup.id }), t('adminBackups.deleted'));
  }
  return (
    <span className="flex flex-wrap gap-2">
      {backup.status === 'done' && (
        // A plain link: the browser streams the file to disk (the session cookie is sent).
        <a href={`/api/admin/backups/${backup.id}/download`} download={backup.fileName} className="text-sm font-medium text-brand-700 underline dark:text-brand-400" data-testid="backup-download">
          {t('adminBackups.download')}
        </a>
      )}
      {backup.status !== 'running' && (
        <Button size="sm" variant="secondary" loading={busy} onClick={() => void remove()} data-testid="backup-delete">
          {t('adminBackups.delete')}
        </Button>
      )}
      {confirmDialog}
    </span>
  );
}

export default function AdminBackupsPage() {
  const t = useT();
  const { view } = useLoaderData<typeof loader>();
  const { run, busy } = useBusyCall();
  return (
    <div className="space-y-4">
      <AdminTitle title={t('adminBackups.title')} description={t('adminBackups.description')} />
      <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200">{t('adminBackups.secret')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="backup-store">
          {view.store.kind === 'bucket' ? t('adminBackups.where.bucket', { bucket: view.store.bucket, prefix: view.store.prefix || '/' }) : t('adminBackups.where.disk')}
        </p>
        {view.store.kind === 'bucket' && <StoreTest />}
      </div>
      <ScheduleForm settings={view.settings} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold">{t('adminBackups.listTitle')}</h2>
        <Button size="sm" loading={busy} onClick={() => void run(() => send(backupActions.start, {}), t('adminBackups.started'))} data-testid="backup-now">
          {t('adminBackups.backUpNow')}
        </Button>
      </div>
      <AdminTable
        testId="backups-table"
        empty={t('adminBackups.empty')}
        head={[t('adminBackups.date'), t('adminBackups.size'), t('adminBackups.schemaVersion'), t('adminBackups.state'), t('adminBackups.actions')]}
        rows={view.backups.map((backup) => ({
          key: backup.id,
          cells: [
            <span key="date" className="text-sm">
              <LocalDateTime time={backup.createTime} compact />
              <span className="block text-xs text-zinc-500">
                {t(`adminBackups.origins.${backup.origin}`)} · {t(`adminBackups.stores.${backup.store}`)}
              </span>
            </span>,
            <span key="size" className="whitespace-nowrap tabular-nums" data-testid="backup-size">
              {backup.status === 'done' ? formatSize(backup.size) : '—'}
            </span>,
            <span key="schema" className="font-mono text-xs">
              {backup.schemaVersion || '—'}
            </span>,
            <span key="status" data-testid="backup-status">
              {t(`adminBackups.status.${backup.status}`)}
              {backup.errorKey && (
                <span className="block max-w-md text-xs break-words text-red-700 dark:text-red-400" data-testid="backup-error-reason">
                  {t('adminBackups.storeFailed', { reason: t(backup.errorKey) })}
                </span>
              )}
              {backup.error && <span className="block max-w-md text-xs break-words text-red-700 dark:text-red-400">{backup.error}</span>}
            </span>,
            <BackupActions key="actions" backup={backup} />,
          ],
        }))}
      />
    </div>
  );
}
