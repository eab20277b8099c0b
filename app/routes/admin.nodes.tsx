/**
 * `/admin/nodes` (issue 17, admins): the sections topics are posted in, in display order. Create
 * and edit (name, description, logo, shown in the navigation), move up or down, delete. Deleting
 * a node moves its topics (any status) to another node first, chosen in the dialog: a node is
 * never deleted with topics left pointing at it, and topics never disappear with their node.
 */
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { nodeActions } from '../../common/actions/nodes';
import { topicActions } from '../../common/actions/topics';
import { nodeSchema, nodeUpdateSchema, sitePageQuery, SITE_LIMITS } from '../../common/validation/site-admin';
import type { AdminNodeView, NodeView } from '../../common/views/node';
import { AdminPager } from '~/components/admin/admin-pager';
import { AdminTable, AdminTitle } from '~/components/admin/admin-table';
import { badQuery, queryOf, staffViewer, unwrapAdmin } from '~/components/admin/admin-data.server';
import { FormDialog } from '~/components/admin/form-dialog';
import { useSchemaForm } from '~/lib/use-schema-form';
import { LogoField, OrderButtons, RowActions, useSaved } from '~/components/admin-site/parts';
import { useBusyCall } from '~/lib/use-busy-call';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { Field, Input, Textarea } from '~/components/ui/input';
import { Switch } from '~/components/ui/switch';
import { send } from '~/lib/api';
import { useT } from '~/lib/use-t';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  staffViewer(context, request);
  const query = sitePageQuery.safeParse(queryOf(request));
  if (!query.success) badQuery(context, 'validation.invalid');
  const table = unwrapAdmin(await context.read(nodeActions.adminList, query.data));
  // Every node, for the delete dialog's "move its topics to" (the table holds one page).
  return { table, all: unwrapAdmin(await context.read(topicActions.nodes, {})) };
}

type Editing = { mode: 'create' } | { mode: 'edit'; node: AdminNodeView };

function NodeForm({ editing, onDone }: { editing: Editing; onDone: () => void }) {
  const t = useT();
  const saved = useSaved();
  const node = editing.mode === 'edit' ? editing.node : null;
  const initial = { id: node ? String(node.id) : '', name: node?.name ?? '', description: node?.description ?? '', logo: node?.logo ?? '', inNav: node?.inNav ?? false };
  const nodeForm = useSchemaForm(node ? nodeUpdateSchema : nodeSchema, initial, {
    onValid: async (data) => {
      await (node ? send(nodeActions.update, { ...data, id: node.id }) : send(nodeActions.create, data));
      onDone();
      await saved();
    },
  });
  const { form, errorFor } = nodeForm;
  const navLabel = useId();
  return (
    <FormDialog
      form={nodeForm}
      title={node ? t('adminSite.nodes.editTitle', { name: node.name }) : t('adminSite.nodes.new')}
      submitLabel={node ? t('adminSite.common.save') : t('adminSite.common.create')}
      onClose={onDone}
      testId="node-form"
    >
      <Field label={t('adminSite.nodes.name')} required error={errorFor('name')}>
        {(props) => <Input {...props} {...form.register('name')} maxLength={SITE_LIMITS.nodeNameMax} />}
      </Field>
      <Field label={t('adminSite.nodes.descriptionField')} error={errorFor('description')}>
        {(props) => <Textarea {...props} {...form.register('description')} rows={3} maxLength={SITE_LIMITS.nodeDescriptionMax} />}
      </Field>
      <LogoField value={form.watch('logo')} onChange={(logo) => form.setValue('logo', logo, { shouldDirty: true })} error={errorFor('logo')} />
      <Controller
        control={form.control}
        name="inNav"
        render={({ field }) => (
          <div className="flex items-center gap-3">
            <Switch aria-labelledby={navLabel} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} data-testid="node-in-nav" />
            <span id={navLabel} className="text-sm text-zinc-800 dark:text-zinc-200">
              {t('adminSite.nodes.inNav')}
            </span>
          </div>
        )}
      />
    </FormDialog>
  );
}

function DeleteNodeDialog({ node, all, onDone }: { node: AdminNodeView; all: NodeView[]; onDone: () => void }) {
  const t = useT();
  const { run, busy } = useBusyCall();
  const others = all.filter((other) => other.id !== node.id);
  const [moveTo, setMoveTo] = useState(others[0]?.id ?? 0);
  const selectId = useId();
  const last = others.length === 0;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onDone()}
      title={t('adminSite.nodes.deleteTitle', { name: node.name })}
      description={last ? t('adminSite.nodes.deleteLast') : node.topicCount > 0 ? t('adminSite.nodes.deleteWithTopics', { count: node.topicCount }) : t('adminSite.nodes.deleteEmpty')}
      footer={
        <>
          <Button variant="secondary" onClick={onDone}>
            {t('adminSite.common.cancel')}
          </Button>
          {!last && (
            <Button
              variant="danger"
              loading={busy}
              data-testid="confirm-ok"
              onClick={() =>
                void run(() => send(nodeActions.delete, { id: node.id, moveTo }), t('adminSite.common.deleted')).then((ok) => ok && onDone())
              }
            >
              {t('adminSite.nodes.confirmDelete')}
            </Button>
          )}
        </>
      }
    >
      {!last && (
        <div className="space-y-1.5">
          <label htmlFor={selectId} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {t('adminSite.nodes.moveTo')}
          </label>
          <select
            id={selectId}
            value={moveTo}
            onChange={(event) => setMoveTo(Number(event.target.value))}
            className="h-10 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          >
            {others.map((other) => (
              <option key={other.id} value={other.id}>
                {other.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </Dialog>
  );
}

export default function AdminNodesPage() {
  const t = useT();
  const { table, all } = useLoaderData<typeof loader>();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<AdminNodeView | null>(null);
  const { run, busy } = useBusyCall();
  const firstIndex = (table.page - 1) * table.pageSize;
  const move = (node: AdminNodeView, direction: 'up' | 'down') => void run(() => send(nodeActions.order, { id: node.id, direction }), t('adminSite.common.moved'));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <AdminTitle title={t('adminSite.nodes.title')} description={t('adminSite.nodes.description')} />
        <Button onClick={() => setEditing({ mode: 'create' })} data-testid="node-new">
          {t('adminSite.nodes.new')}
        </Button>
      </div>
      <AdminTable
        testId="admin-nodes"
        empty={t('adminSite.nodes.empty')}
        head={[t('adminSite.common.order'), t('adminSite.nodes.name'), t('adminSite.nodes.topics'), t('adminSite.nodes.inNavShort'), t('adminSite.common.actions')]}
        rows={table.results.map((node, index) => ({
          key: node.id,
          cells: [
            <OrderButtons key="order" name={node.name} first={firstIndex + index === 0} last={firstIndex + index === table.total - 1} busy={busy} onMove={(direction) => move(node, direction)} />,
            <div key="name" className="flex items-start gap-2">
              {node.logo && <img src={node.logo} alt="" className="size-8 shrink-0 rounded object-contain" />}
              <div className="min-w-0">
                <a href={`/topics/node/${node.id}`} className="text-brand-700 dark:text-brand-300 font-medium hover:underline">
                  {node.name}
                </a>
                {node.description && <p className="mt-0.5 line-clamp-2 text-xs text-zinc-600 dark:text-zinc-400">{node.description}</p>}
              </div>
            </div>,
            node.topicCount,
            node.inNav ? t('adminSite.common.yes') : t('adminSite.common.no'),
            <RowActions key="actions">
              <Button size="sm" variant="secondary" onClick={() => setEditing({ mode: 'edit', node })}>
                {t('adminSite.common.edit')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setDeleting(node)}>
                {t('adminSite.common.delete')}
              </Button>
            </RowActions>,
          ],
        }))}
      />
      <AdminPager page={table.page} pageSize={table.pageSize} total={table.total} />
      {editing && <NodeForm key={editing.mode === 'edit' ? editing.node.id : 'new'} editing={editing} onDone={() => setEditing(null)} />}
      {deleting && <DeleteNodeDialog node={deleting} all={all} onDone={() => setDeleting(null)} />}
    </div>
  );
}
