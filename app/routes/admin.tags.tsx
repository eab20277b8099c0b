/**
 * `/admin/tags` (issue 17, admins): every tag, used or not, searched by name, most used first.
 * Rename (names stay unique regardless of case: a taken name says to merge instead), merge into
 * another tag (picked from a search; its topics and articles get that tag once, counts stay
 * exact), delete (the items stay, without the tag).
 */
import { useEffect, useId, useState } from 'react';
import { Form, useLoaderData, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { tagActions } from '../../common/actions/tags';
import { TOPIC_LIMITS } from '../../common/constants';
import { tagQuery, tagRenameSchema } from '../../common/validation/site-admin';
import type { TagView } from '../../common/views/tag';
import { AdminPager } from '~/components/admin/admin-pager';
import { AdminTable, AdminTitle } from '~/components/admin/admin-table';
import { badQuery, queryOf, staffViewer, unwrapAdmin } from '~/components/admin/admin-data.server';
import { FormDialog } from '~/components/admin/form-dialog';
import { useSchemaForm } from '~/lib/use-schema-form';
import { RowActions, useSaved } from '~/components/admin-site/parts';
import { useBusyCall } from '~/lib/use-busy-call';
import { Button, ButtonLink } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { useConfirm } from '~/components/ui/confirm';
import { Field, Input } from '~/components/ui/input';
import { send } from '~/lib/api';
import { paths } from '~/lib/paths';
import { useT } from '~/lib/use-t';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  staffViewer(context, request);
  const query = tagQuery.safeParse(queryOf(request));
  if (!query.success) badQuery(context, 'validation.invalid');
  return { table: unwrapAdmin(await context.read(tagActions.adminList, query.data)), q: query.data.q ?? '' };
}

function RenameDialog({ tag, onDone }: { tag: TagView; onDone: () => void }) {
  const t = useT();
  const saved = useSaved();
  const rename = useSchemaForm(tagRenameSchema, { id: String(tag.id), name: tag.name }, {
    onValid: async (data) => {
      await send(tagActions.rename, data);
      onDone();
      await saved();
    },
  });
  return (
    <FormDialog form={rename} title={t('adminSite.tags.renameTitle', { name: tag.name })} submitLabel={t('adminSite.common.save')} onClose={onDone} testId="tag-rename-form">
      <Field label={t('adminSite.tags.newName')} required error={rename.errorFor('name')}>
        {(props) => <Input {...props} {...rename.form.register('name')} maxLength={TOPIC_LIMITS.tagNameMax} />}
      </Field>
    </FormDialog>
  );
}

function MergeDialog({ tag, onDone }: { tag: TagView; onDone: () => void }) {
  const t = useT();
  const inputId = useId();
  const { run, busy } = useBusyCall();
  const [q, setQ] = useState('');
  const [matches, setMatches] = useState<TagView[]>([]);
  const [into, setInto] = useState<TagView | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    send(tagActions.adminList, { q: q.trim() || undefined }, { signal: controller.signal })
      .then((page) => setMatches(page.results.filter((other) => other.id !== tag.id)))
      .catch(() => {
        // A search typed over or refused: the list stays as it was.
      });
    return () => controller.abort();
  }, [q, tag.id]);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onDone()}
      title={t('adminSite.tags.mergeTitle', { name: tag.name })}
      description={t('adminSite.tags.mergeHelp', { name: tag.name })}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onDone}>
            {t('adminSite.common.cancel')}
          </Button>
          <Button
            disabled={!into}
            loading={busy}
            data-testid="merge-submit"
            onClick={() =>
              into && void run(() => send(tagActions.merge, { id: tag.id, into: into.id }), t('adminSite.tags.mergeDone', { name: into.name })).then((ok) => ok && onDone())
            }
          >
            {t('adminSite.tags.merge')}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <div className="space-y-1.5">
          <label htmlFor={inputId} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {t('adminSite.tags.mergeFind')}
          </label>
          <Input id={inputId} value={q} onChange={(event) => setQ(event.target.value)} maxLength={TOPIC_LIMITS.tagNameMax} autoComplete="off" />
        </div>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('adminSite.tags.mergeInto')}</legend>
          {matches.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('adminSite.tags.mergeNone')}</p>
          ) : (
            <ul className="max-h-56 space-y-1 overflow-y-auto">
              {matches.map((other) => (
                <li key={other.id}>
                  <label className="flex items-center gap-2 rounded px-2 py-1 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800">
                    <input type="radio" name="into" className="accent-brand-600 size-4" checked={into?.id === other.id} onChange={() => setInto(other)} />
                    <span className="font-medium">{other.name}</span>
                    <span className="text-xs text-zinc-600 dark:text-zinc-400">
                      {t('adminSite.tags.topics')} {other.topicCount} · {t('adminSite.tags.articles')} {other.articleCount}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      </div>
    </Dialog>
  );
}

export default function AdminTagsPage() {
  const t = useT();
  const { table, q } = useLoaderData<typeof loader>();
  const [renaming, setRenaming] = useState<TagView | null>(null);
  const [merging, setMerging] = useState<TagView | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const { run } = useBusyCall();
  async function remove(tag: TagView) {
    if (!(await confirm({ title: t('adminSite.tags.deleteTitle', { name: tag.name }), description: t('adminSite.tags.deleteHelp'), confirmLabel: t('adminSite.tags.confirmDelete'), danger: true }))) return;
    await run(() => send(tagActions.delete, { id: tag.id }), t('adminSite.common.deleted'));
  }
  return (
    <div className="space-y-4">
      <AdminTitle title={t('adminSite.tags.title')} description={t('adminSite.tags.description')} />
      <Form method="get" role="search" className="flex flex-wrap items-end gap-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
        <label className="flex min-w-48 flex-1 flex-col gap-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">
          {t('adminSite.tags.search')}
          <Input name="q" type="search" defaultValue={q} maxLength={TOPIC_LIMITS.tagNameMax} />
        </label>
        <Button type="submit">
          {t('adminSite.tags.searchButton')}
        </Button>
        {q && (
          <ButtonLink to={paths.adminTags} variant="ghost">
            {t('adminSite.tags.clear')}
          </ButtonLink>
        )}
      </Form>
      <AdminTable
        testId="admin-tags"
        empty={t('adminSite.tags.empty')}
        head={[t('adminSite.tags.name'), t('adminSite.tags.topics'), t('adminSite.tags.articles'), t('adminSite.common.actions')]}
        rows={table.results.map((tag) => ({
          key: tag.id,
          cells: [
            tag.topicCount > 0 ? (
              <a key="name" href={`/topics/tag/${tag.id}`} className="text-brand-700 dark:text-brand-300 font-medium hover:underline">
                {tag.name}
              </a>
            ) : (
              <span key="name" className="font-medium">
                {tag.name}
              </span>
            ),
            tag.topicCount,
            tag.articleCount,
            <RowActions key="actions">
              <Button size="sm" variant="secondary" onClick={() => setRenaming(tag)}>
                {t('adminSite.tags.rename')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setMerging(tag)}>
                {t('adminSite.tags.merge')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => void remove(tag)}>
                {t('adminSite.common.delete')}
              </Button>
            </RowActions>,
          ],
        }))}
      />
      <AdminPager page={table.page} pageSize={table.pageSize} total={table.total} />
      {renaming && <RenameDialog key={renaming.id} tag={renaming} onDone={() => setRenaming(null)} />}
      {merging && <MergeDialog key={merging.id} tag={merging} onDone={() => setMerging(null)} />}
      {confirmDialog}
    </div>
  );
}
