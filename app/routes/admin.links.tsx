/**
 * `/admin/links` (issue 17, admins): the friend links of /links, in display order. Create and
 * edit (title, an http(s) address, a plain-text summary, an uploaded logo), move up or down,
 * delete.
 */
import { useState } from 'react';
import { Link, useLoaderData, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { linkActions } from '../../common/actions/links';
import { sitePageQuery, SITE_LIMITS } from '../../common/validation/site-admin';
import type { LinkView } from '../../common/views/links';
import { AdminPager } from '~/components/admin/admin-pager';
import { AdminTable, AdminTitle } from '~/components/admin/admin-table';
import { badQuery, queryOf, requireStaff, unwrapAdmin } from '~/components/admin/admin-data.server';
import { useSchemaForm } from '~/lib/use-schema-form';
import { FormDialog } from '~/components/admin/form-dialog';
import { LogoField, OrderButtons, RowActions, useSaved } from '~/components/admin-site/parts';
import { useBusyCall } from '~/lib/use-busy-call';
import { Button } from '~/components/ui/button';
import { useConfirm } from '~/components/ui/confirm';
import { Field, Input, Textarea } from '~/components/ui/input';
import { send } from '~/lib/api';
import { paths } from '~/lib/paths';
import { useT } from '~/lib/use-t';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  requireStaff(context, request);
  const query = sitePageQuery.safeParse(queryOf(request));
  if (!query.success) badQuery(context, 'validation.invalid');
  return { table: unwrapAdmin(await context.read(linkActions.table, query.data)) };
}

type Editing = { mode: 'create' } | { mode: 'edit'; link: LinkView };

function LinkForm({ editing, onDone }: { editing: Editing; onDone: () => void }) {
  const t = useT();
  const saved = useSaved();
  const link = editing.mode === 'edit' ? editing.link : null;
  const initial = { id: link ? String(link.id) : '', title: link?.title ?? '', url: link?.url ?? '', summary: link?.summary ?? '', logo: link?.logo ?? '' };
  const linkForm = useSchemaForm(link ? linkActions.update : linkActions.create, initial, {
    onSaved: async () => {
      onDone();
      await saved();
    },
  });
  const { form, errorFor } = linkForm;
  return (
    <FormDialog
      form={linkForm}
      title={link ? t('adminSite.links.editTitle', { title: link.title }) : t('adminSite.links.new')}
      submitLabel={link ? t('adminSite.common.save') : t('adminSite.common.create')}
      onClose={onDone}
      testId="link-form"
    >
      <Field label={t('adminSite.links.titleField')} required error={errorFor('title')}>
        {(props) => <Input {...props} {...form.register('title')} maxLength={SITE_LIMITS.linkTitleMax} data-testid="link-title" />}
      </Field>
      <Field label={t('adminSite.links.url')} required error={errorFor('url')} hint={t('adminSite.links.urlHint')}>
        {(props) => <Input {...props} {...form.register('url')} type="url" inputMode="url" placeholder="https://" maxLength={SITE_LIMITS.linkUrlMax} data-testid="link-url" />}
      </Field>
      <Field label={t('adminSite.links.summary')} error={errorFor('summary')} hint={t('adminSite.links.summaryHint', { max: SITE_LIMITS.linkSummaryMax })}>
        {(props) => <Textarea {...props} {...form.register('summary')} rows={2} maxLength={SITE_LIMITS.linkSummaryMax} data-testid="link-summary" />}
      </Field>
      <LogoField value={form.watch('logo')} onChange={(logo) => form.setValue('logo', logo, { shouldDirty: true })} error={errorFor('logo')} />
    </FormDialog>
  );
}

export default function AdminLinksPage() {
  const t = useT();
  const { table } = useLoaderData<typeof loader>();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const { run, busy } = useBusyCall();
  const firstIndex = (table.page - 1) * table.pageSize;
  const move = (link: LinkView, direction: 'up' | 'down') => void run(() => send(linkActions.order, { id: link.id, direction }), t('adminSite.common.moved'));
  async function remove(link: LinkView) {
    if (!(await confirm({ title: t('adminSite.links.deleteTitle', { title: link.title }), confirmLabel: t('adminSite.links.confirmDelete'), danger: true }))) return;
    await run(() => send(linkActions.delete, { id: link.id }), t('adminSite.common.deleted'));
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <AdminTitle title={t('adminSite.links.title')} description={t('adminSite.links.description')} />
        <div className="flex flex-wrap gap-2">
          <Link to={paths.links} className="text-brand-700 dark:text-brand-300 inline-flex h-10 items-center px-2 text-sm hover:underline">
            {t('adminSite.links.view')}
          </Link>
          <Button onClick={() => setEditing({ mode: 'create' })} data-testid="link-new">
            {t('adminSite.links.new')}
          </Button>
        </div>
      </div>
      <AdminTable
        testId="admin-links"
        empty={t('adminSite.links.empty')}
        head={[t('adminSite.common.order'), t('adminSite.links.titleField'), t('adminSite.links.summary'), t('adminSite.common.actions')]}
        rows={table.results.map((link, index) => ({
          key: link.id,
          cells: [
            <OrderButtons key="order" name={link.title} first={firstIndex + index === 0} last={firstIndex + index === table.total - 1} busy={busy} onMove={(direction) => move(link, direction)} />,
            <div key="title" className="flex items-start gap-2">
              {link.logo && <img src={link.logo} alt="" className="size-8 shrink-0 rounded object-contain" />}
              <div className="min-w-0">
                <p className="font-medium">{link.title}</p>
                <p className="text-xs break-all text-zinc-600 dark:text-zinc-400">{link.url}</p>
              </div>
            </div>,
            <span key="summary" className="line-clamp-2 break-words">
              {link.summary}
            </span>,
            <RowActions key="actions">
              <Button size="sm" variant="secondary" onClick={() => setEditing({ mode: 'edit', link })}>
                {t('adminSite.common.edit')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => void remove(link)}>
                {t('adminSite.common.delete')}
              </Button>
            </RowActions>,
          ],
        }))}
      />
      <AdminPager page={table.page} pageSize={table.pageSize} total={table.total} />
      {editing && <LinkForm key={editing.mode === 'edit' ? editing.link.id : 'new'} editing={editing} onDone={() => setEditing(null)} />}
      {confirmDialog}
    </div>
  );
}
