/**
 * Installer step "install": a review of the choices, then the progress of the installation
 * (spec §2: preparing, connecting to the database, completed, failed, unknown error, request
 * failed). The API answers once, at the end, so "connecting" stays current while it works.
 */
import { Spinner } from '~/components/ui/spinner';
import type { InstallValues } from './install-form';
import { useT } from '~/lib/use-t';

export type InstallPhase = 'preparing' | 'connecting';
export type InstallFailure = 'failed' | 'unknownError' | 'requestFailed';

export type InstallState =
  { state: 'idle' } | { state: 'running'; phase: InstallPhase } | { state: 'completed' } | { state: 'failed'; kind: InstallFailure; reason: string | null };

const DB_LABEL = { sqlite: 'install.database.typeSqlite', mysql: 'install.database.typeMysql', postgres: 'install.database.typePostgres' } as const;
const LANGUAGE_LABEL = { 'en-US': 'install.language.enUS', 'zh-CN': 'install.language.zhCN', 'th-TH': 'install.language.thTH' } as const;

export function InstallStep({ values, databaseFixed, install }: { values: InstallValues; databaseFixed: boolean; install: InstallState }) {
  return install.state === 'idle' ? <Review values={values} databaseFixed={databaseFixed} /> : <Progress install={install} />;
}

function Review({ values, databaseFixed }: { values: InstallValues; databaseFixed: boolean }) {
  const t = useT();
  const database = databaseFixed
    ? '—'
    : values.db.type === 'sqlite'
      ? t(DB_LABEL.sqlite)
      : `${t(DB_LABEL[values.db.type])} · ${values.db.username}@${values.db.host}:${values.db.port}/${values.db.database}`;
  const rows: [string, string][] = [
    [t('installUi.review.database'), database],
    [t('installUi.review.site'), values.siteTitle],
    [t('installUi.review.admin'), values.adminUsername],
    [t('installUi.review.language'), t(LANGUAGE_LABEL[values.language])],
  ];
  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('installUi.review.intro')}</p>
      <dl className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 px-4 py-2.5 sm:grid-cols-[9rem_1fr]">
            <dt className="text-zinc-600 dark:text-zinc-400">{label}</dt>
            <dd className="min-w-0 font-medium break-words text-zinc-900 dark:text-zinc-100">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

type Mark = 'done' | 'current' | 'todo' | 'failed';

/** What a step's icon says, for screen readers (the icon itself is decorative). */
const MARK_LABEL = { done: 'installUi.mark.done', current: 'installUi.mark.current', failed: 'installUi.mark.failed' } as const;

function marksFor(install: Exclude<InstallState, { state: 'idle' }>): Record<'preparing' | 'connecting' | 'completed', Mark> {
  switch (install.state) {
    case 'running':
      return install.phase === 'preparing'
        ? { preparing: 'current', connecting: 'todo', completed: 'todo' }
        : { preparing: 'done', connecting: 'current', completed: 'todo' };
    case 'completed':
      return { preparing: 'done', connecting: 'done', completed: 'done' };
    case 'failed':
      return { preparing: 'done', connecting: 'failed', completed: 'todo' };
  }
}

function Progress({ install }: { install: Exclude<InstallState, { state: 'idle' }> }) {
  const t = useT();
  const marks = marksFor(install);
  const items = [
    ['preparing', t('install.progress.preparing')],
    ['connecting', t('install.progress.connecting')],
    ['completed', t('install.progress.completed')],
  ] as const;
  return (
    <div className="space-y-4">
      {/* A live region: each step's state is text (visually an icon), so changes are announced. */}
      <div aria-live="polite">
        <ol aria-label={t('installUi.progressLabel')} className="space-y-2.5" data-testid="install-progress">
          {items.map(([key, label]) => (
            <ProgressItem key={key} mark={marks[key]} label={label} />
          ))}
        </ol>
      </div>
      <div role="status" aria-live="polite">
        {install.state === 'failed' && <FailureBox kind={install.kind} reason={install.reason} />}
      </div>
    </div>
  );
}

function ProgressItem({ mark, label }: { mark: Mark; label: string }) {
  const t = useT();
  return (
    <li className="flex items-center gap-3 text-sm" data-mark={mark} aria-current={mark === 'current' ? 'step' : undefined}>
      <MarkIcon mark={mark} />
      <span className={mark === 'todo' ? 'text-zinc-500 dark:text-zinc-400' : 'text-zinc-900 dark:text-zinc-100'}>{label}</span>
      {mark !== 'todo' && <span className="sr-only">{t(MARK_LABEL[mark])}</span>}
    </li>
  );
}

function FailureBox({ kind, reason }: { kind: InstallFailure; reason: string | null }) {
  const t = useT();
  return (
    <div className="rounded-lg border border-red-600/30 bg-red-50 p-4 text-sm text-red-900 dark:bg-red-950/60 dark:text-red-100">
      <p className="font-semibold">{t(`install.progress.${kind}`)}</p>
      {reason && <p className="mt-1 break-words">{reason}</p>}
      <p className="mt-2 text-red-800 dark:text-red-200">{t('installUi.failedHint')}</p>
    </div>
  );
}

function MarkIcon({ mark }: { mark: Mark }) {
  const base = 'flex size-6 shrink-0 items-center justify-center rounded-full';
  if (mark === 'current')
    return (
      <span className={`${base} text-brand-700 dark:text-brand-400`}>
        <Spinner size="sm" />
      </span>
    );
  if (mark === 'done')
    return (
      <span className={`${base} bg-emerald-600 text-white`} aria-hidden="true">
        <svg viewBox="0 0 16 16" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
          <path d="M3.5 8.5l3 3 6-7" />
        </svg>
      </span>
    );
  if (mark === 'failed')
    return (
      <span className={`${base} bg-red-600 text-white`} aria-hidden="true">
        <svg viewBox="0 0 16 16" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
          <path d="M5 5l6 6M11 5l-6 6" />
        </svg>
      </span>
    );
  return <span className={`${base} border-2 border-zinc-300 dark:border-zinc-600`} aria-hidden="true" />;
}
