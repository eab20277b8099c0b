/**
 * `/admin/audit`: the audit log, newest first — when, who, what, to whom or which item, and the
 * facts recorded with it (a ban's end and reason…). Filter by who acted, the action and the
 * target; numbered pages with the total. Read-only: nothing here or in the API edits it.
 */
import { Form, Link, useLoaderData, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { moderationActions } from '../../common/actions/moderation';
import { auditQuery } from '../../common/validation/moderation';
import type { AuditEntryView } from '../../common/views/moderation';
import { AdminPager } from '~/components/admin/admin-pager';
import { AdminTable, AdminTitle } from '~/components/admin/admin-table';
import { badQuery, queryOf, requireStaff, unwrapAdmin } from '~/components/admin/admin-data.server';
import { LocalDateTime } from '~/components/moderation/local-date-time';
import { Button, ButtonLink } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { paths } from '~/lib/paths';
import { useT } from '~/lib/use-t';
import type { TFunction } from '../../common/translate';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from '../../common/audit';

/** The filter offers every action the log can record, and every target kind (common/audit.ts). */
const ACTIONS = AUDIT_ACTIONS;
const TARGETS = AUDIT_TARGETS;

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  requireStaff(context, request);
  const query = auditQuery.safeParse(queryOf(request));
  if (!query.success) badQuery(context, 'validation.invalid');
  return { log: unwrapAdmin(await context.read(moderationActions.auditLog, query.data)), filter: query.data };
}

/** Where an entry's target lives on the site, when it has a page. */
function targetHref(entry: AuditEntryView): string | null {
  if (entry.targetId === null) return null;
  if (entry.targetType === 'user') return paths.user(entry.targetId);
  if (entry.targetType === 'topic' || entry.targetType === 'article') return `/${entry.targetType}/${entry.targetId}`;
  return null;
}

function known(t: TFunction, key: string, fallback: string): string {
  const text = String(t(key));
  return text === key ? fallback : text;
}

function Target({ entry }: { entry: AuditEntryView }) {
  const t = useT();
  const kind = known(t, `admin.audit.targets.${entry.targetType}`, entry.targetType);
  const label = entry.targetUser ? entry.targetUser.nickname : entry.targetId !== null ? `#${entry.targetId}` : '';
  const href = targetHref(entry);
  return (
    <span>
      <span className="text-zinc-500 dark:text-zinc-400">{kind}</span>{' '}
      {href ? (
        <Link to={href} className="text-brand-700 dark:text-brand-300 hover:underline">
          {label}
        </Link>
      ) : (
        label
      )}
    </span>
  );
}

/** A recorded fact's value in words: a status by its name, a time in the site's zone, a switch as on/off. */
function FactValue({ name, value }: { name: string; value: string | number | boolean | null }) {
  const t = useT();
  if (typeof value === 'boolean') return <>{value ? t('admin.audit.on') : t('admin.audit.off')}</>;
  if (name === 'previousStatus' && typeof value === 'number') return <>{known(t, `admin.audit.statuses.${value}`, String(value))}</>;
  if ((name === 'previousUntil' || name === 'expireTime') && typeof value === 'number') {
    if (value === -1) return <>{t('admin.audit.forever')}</>;
    if (value === 0) return <>{t('admin.audit.never')}</>;
    return <LocalDateTime time={value} />;
  }
  return <>{String(value)}</>;
}

/**
 * The recorded facts: a ban's end and reason in words, any other fact as its translated name and
 * value. A lifted ban's row tells the ban it lifted (its end and reason), never as its own.
 */
function Details({ entry }: { entry: AuditEntryView }) {
  const t = useT();
  const lift = entry.action === 'user.unban';
  const { until, reason, authorId: _author, ...rest } = entry.detail;
  // Rows written before the unban recorded `previousReason` kept the lifted ban's reason as `reason`.
  const facts: Record<string, string | number | boolean | null> = lift && typeof reason === 'string' && reason ? { ...rest, previousReason: reason } : rest;
  return (
    <ul className="space-y-0.5 text-xs text-zinc-700 dark:text-zinc-300">
      {!lift && typeof until === 'number' && until !== 0 && <li>{until === -1 ? t('admin.audit.forever') : <LocalDateTime time={until} />}</li>}
      {!lift && typeof reason === 'string' && reason && <li className="break-words">{t('admin.audit.reason', { reason })}</li>}
      {Object.entries(facts).map(([key, value]) => (
        <li key={key} className="break-words">
          {known(t, `admin.audit.fields.${key}`, key)}: <FactValue name={key} value={value} />
        </li>
      ))}
    </ul>
  );
}

function Filters({ filter }: { filter: { actorId?: number; action?: string; targetType?: string; targetId?: number } }) {
  const t = useT();
  const select = 'h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900';
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" aria-label={t('admin.audit.filters')} data-testid="audit-filters">
      <label className="flex flex-col gap-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {t('admin.audit.action')}
        <select name="action" defaultValue={filter.action ?? ''} className={select}>
          <option value="">{t('admin.audit.anyAction')}</option>
          {ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`admin.audit.actions.${action}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {t('admin.audit.targetType')}
        <select name="targetType" defaultValue={filter.targetType ?? ''} className={select}>
          <option value="">{t('admin.audit.anyTarget')}</option>
          {TARGETS.map((type) => (
            <option key={type} value={type}>
              {t(`admin.audit.targets.${type}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex w-28 flex-col gap-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {t('admin.audit.targetId')}
        <Input name="targetId" inputMode="numeric" defaultValue={filter.targetId ?? ''} className="h-9" />
      </label>
      <label className="flex w-28 flex-col gap-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {t('admin.audit.actorId')}
        <Input name="actorId" inputMode="numeric" defaultValue={filter.actorId ?? ''} className="h-9" />
      </label>
      <div className="flex gap-2">
        <Button type="submit" size="sm">
          {t('admin.audit.apply')}
        </Button>
        <ButtonLink to={paths.adminAudit} variant="ghost" size="sm">
          {t('admin.audit.clear')}
        </ButtonLink>
      </div>
    </Form>
  );
}

export default function AdminAuditPage() {
  const t = useT();
  const { log, filter } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <AdminTitle title={t('admin.audit.title')} description={t('admin.audit.description')} />
      <Filters filter={filter} />
      <AdminTable
        testId="audit-log"
        empty={t('admin.audit.empty')}
        head={[t('admin.audit.time'), t('admin.audit.actor'), t('admin.audit.action'), t('admin.audit.target'), t('admin.audit.details')]}
        rows={log.results.map((entry) => ({
          key: entry.id,
          cells: [
            <LocalDateTime key="time" time={entry.createTime} compact />,
            entry.actor ? (
              <Link key="actor" to={`?actorId=${entry.actor.id}`} className="text-brand-700 dark:text-brand-300 hover:underline">
                {entry.actor.nickname}
              </Link>
            ) : (
              t('admin.audit.system')
            ),
            <span key="action" data-testid="audit-action">
              {known(t, `admin.audit.actions.${entry.action}`, entry.action)}
            </span>,
            <Target key="target" entry={entry} />,
            <Details key="details" entry={entry} />,
          ],
        }))}
      />
      <AdminPager page={log.page} pageSize={log.pageSize} total={log.total} />
    </div>
  );
}
