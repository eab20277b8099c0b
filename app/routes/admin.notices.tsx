/**
 * `/admin/notices` (issue 17, admins): the site notices of the home page, newest first, with
 * their window and whether they show now. Create and edit (title, content in Markdown or HTML,
 * sanitized by the server, an optional start and end in the admin's own time zone), delete.
 */
import { useState } from 'react';
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { noticeActions } from '../../common/actions/notices';
import { z } from '../../common/zod';
import { noticeSchema, noticeUpdateSchema, sitePageQuery, SITE_LIMITS } from '../../common/validation/site-admin';
import type { AdminNoticeView } from '../../common/views/notices';
import { AdminPager } from '~/components/admin/admin-pager';
import { AdminTable, AdminTitle } from '~/components/admin/admin-table';
import { badQuery, queryOf, requireStaff, unwrapAdmin } from '~/components/admin/admin-data.server';
import { useSchemaForm } from '~/lib/use-schema-form';
import { FormDialog } from '~/components/admin/form-dialog';
import { RowActions, useSaved } from '~/components/admin-site/parts';
import { useBusyCall } from '~/lib/use-busy-call';
import { LocalDateTime } from '~/components/moderation/local-date-time';
import { Button } from '~/components/ui/button';
import { useConfirm } from '~/components/ui/confirm';
import { Field, Input, Textarea } from '~/components/ui/input';
import { send } from '~/lib/api';
import { useT } from '~/lib/use-t';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  requireStaff(context, request);
  const query = sitePageQuery.safeParse(queryOf(request));
  if (!query.success) badQuery(context, 'validation.invalid');
  return { table: unwrapAdmin(await context.read(noticeActions.table, query.data)), now: context.site.now() };
}

/** `datetime-local` text (the browser's own time zone) as epoch ms; '' stays '' (open-ended). */
function epochOf(value: unknown): unknown {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? new Date(value).getTime() : value;
}

/** Epoch ms as `datetime-local` text in the browser's time zone; 0 is ''. */
function localInputOf(time: number): string {
  if (!time) return '';
  const d = new Date(time);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** The API's schema, reading the form's local times first (the server gets epoch ms). */
function withLocalTimes<S extends z.ZodType>(schema: S) {
  return z.preprocess((values) => (values && typeof values === 'object' ? { ...values, startTime: epochOf((values as Record<string, unknown>).startTime), endTime: epochOf((values as Record<string, unknown>).endTime) } : values), schema);
}
const createSchema = withLocalTimes(noticeSchema);
const updateSchema = withLocalTimes(noticeUpdateSchema);

type Editing = { mode: 'create' } | { mode: 'edit'; notice: AdminNoticeView };

function NoticeForm({ editing, onDone }: { editing: Editing; onDone: () => void }) {
  const t = useT();
  const saved = useSaved();
  const notice = editing.mode === 'edit' ? editing.notice : null;
  const initial = {
    id: notice ? String(notice.id) : '',
    title: notice?.title ?? '',
    content: notice?.source ?? '',
    contentType: notice?.contentType ?? 'markdown',
    startTime: localInputOf(notice?.startTime ?? 0),
    endTime: localInputOf(notice?.endTime ?? 0),
  };
  const noticeForm = useSchemaForm(notice ? noticeActions.update : noticeActions.create, initial, {
    schema: notice ? updateSchema : createSchema,
    onSaved: async () => {
      onDone();
      await saved();
    },
  });
  const { form, errorFor } = noticeForm;
  return (
    <FormDialog
      form={noticeForm}
      title={notice ? t('adminSite.notices.editTitle', { title: notice.title }) : t('adminSite.notices.new')}
      submitLabel={notice ? t('adminSite.common.save') : t('adminSite.common.create')}
      onClose={onDone}
      testId="notice-form"
    >
      <Field label={t('adminSite.notices.titleField')} required error={errorFor('title')}>
        {(props) => <Input {...props} {...form.register('title')} maxLength={SITE_LIMITS.noticeTitleMax} data-testid="notice-title" />}
      </Field>
      <Field label={t('adminSite.notices.contentType')} error={errorFor('contentType')}>
        {(props) => (
          <select {...props} {...form.register('contentType')} className="h-10 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900">
            <option value="markdown">{t('adminSite.notices.markdown')}</option>
            <option value="html">{t('adminSite.notices.html')}</option>
          </select>
        )}
      </Field>
      <Field label={t('adminSite.notices.content')} required error={errorFor('content')} hint={t('adminSite.notices.contentHint')}>
        {(props) => <Textarea {...props} {...form.register('content')} rows={5} maxLength={SITE_LIMITS.noticeContentMax} className="font-mono" data-testid="notice-content" />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('adminSite.notices.start')} error={errorFor('startTime')} hint={t('adminSite.notices.windowHint')}>
          {(props) => <Input {...props} {...form.register('startTime')} type="datetime-local" />}
        </Field>
        <Field label={t('adminSite.notices.end')} error={errorFor('endTime')}>
          {(props) => <Input {...props} {...form.register('endTime')} type="datetime-local" />}
        </Field>
      </div>
    </FormDialog>
  );
}

function Window({ notice }: { notice: AdminNoticeView }) {
  const t = useT();
  if (!notice.startTime && !notice.endTime) return <span>{t('adminSite.notices.always')}</span>;
  return (
    <ul className="space-y-0.5 text-xs">
      {notice.startTime > 0 && (
        <li>
          {t('adminSite.notices.start')}: <LocalDateTime time={notice.startTime} />
        </li>
      )}
      {notice.endTime > 0 && (
        <li>
          {t('adminSite.notices.end')}: <LocalDateTime time={notice.endTime} />
        </li>
      )}
    </ul>
  );
}

function Status({ notice, now }: { notice: AdminNoticeView; now: number }) {
  const t = useT();
  const [key, tone] = notice.live
    ? (['live', 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'] as const)
    : notice.startTime > now
      ? (['scheduled', 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200'] as const)
      : (['ended', 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300'] as const);
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>{t(`adminSite.notices.${key}`)}</span>;
}

export default function AdminNoticesPage() {
  const t = useT();
  const { table, now } = useLoaderData<typeof loader>();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const { run } = useBusyCall();
  async function remove(notice: AdminNoticeView) {
    if (!(await confirm({ title: t('adminSite.notices.deleteTitle', { title: notice.title }), confirmLabel: t('adminSite.notices.confirmDelete'), danger: true }))) return;
    await run(() => send(noticeActions.delete, { id: notice.id }), t('adminSite.common.deleted'));
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <AdminTitle title={t('adminSite.notices.title')} description={t('adminSite.notices.description')} />
        <Button onClick={() => setEditing({ mode: 'create' })} data-testid="notice-new">
          {t('adminSite.notices.new')}
        </Button>
      </div>
      <AdminTable
        testId="admin-notices"
        empty={t('adminSite.notices.empty')}
        head={[t('adminSite.notices.titleField'), t('adminSite.notices.window'), t('adminSite.notices.status'), t('adminSite.common.actions')]}
        rows={table.results.map((notice) => ({
          key: notice.id,
          cells: [
            <span key="title" className="font-medium break-words">
              {notice.title}
            </span>,
            <Window key="window" notice={notice} />,
            <Status key="status" notice={notice} now={now} />,
            <RowActions key="actions">
              <Button size="sm" variant="secondary" onClick={() => setEditing({ mode: 'edit', notice })}>
                {t('adminSite.common.edit')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => void remove(notice)}>
                {t('adminSite.common.delete')}
              </Button>
            </RowActions>,
          ],
        }))}
      />
      <AdminPager page={table.page} pageSize={table.pageSize} total={table.total} />
      {editing && <NoticeForm key={editing.mode === 'edit' ? editing.notice.id : 'new'} editing={editing} onDone={() => setEditing(null)} />}
      {confirmDialog}
    </div>
  );
}
