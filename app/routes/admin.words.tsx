/**
 * `/admin/words`: the forbidden words (issue 16) — words or regular expressions, each holding a
 * post for review or refusing it with a message naming the field. Admins add, change and remove
 * them; moderators read the list (the buttons follow common/policies/can.ts, the rule the API
 * enforces). Patterns are checked in the browser with the API's own schema, then on the server
 * (which also times them on hostile inputs).
 */
import { useState } from 'react';
import { Form, useLoaderData, useRevalidator, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { wordActions } from '../../common/actions/words';
import { can } from '../../common/policies/can';
import { WORD_ACTIONS, WORD_KINDS, WORD_LIMITS, wordsQuery, type WordAction, type WordInput, type WordKind } from '../../common/validation/words';
import type { WordView } from '../../common/views/words';
import { AdminPager } from '~/components/admin/admin-pager';
import { AdminTable, AdminTitle } from '~/components/admin/admin-table';
import { FormDialog } from '~/components/admin/form-dialog';
import { badQuery, queryOf, requireStaff, unwrapAdmin } from '~/components/admin/admin-data.server';
import { useSchemaForm, type SchemaForm } from '~/lib/use-schema-form';
import { FormAlert } from '~/components/account/auth-card';
import { LocalDateTime } from '~/components/moderation/local-date-time';
import { Button, ButtonLink } from '~/components/ui/button';
import { useConfirm } from '~/components/ui/confirm';
import { Field, Input } from '~/components/ui/input';
import { send } from '~/lib/api';
import { paths } from '~/lib/paths';
import { useCurrentUser } from '~/lib/session';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  requireStaff(context, request);
  const query = wordsQuery.safeParse(queryOf(request));
  if (!query.success) badQuery(context, 'validation.invalid');
  return { words: unwrapAdmin(await context.read(wordActions.list, query.data)), q: query.data.q ?? '' };
}

interface Draft {
  pattern: string;
  kind: WordKind;
  action: WordAction;
}

const EMPTY: Draft = { pattern: '', kind: 'word', action: 'review' };
const SELECT = 'h-10 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

type WordForm = SchemaForm<Draft & { id?: number }, WordInput>;

/** The word's fields, shared by the add form and the edit dialog. */
function WordFields({ word, idPrefix }: { word: WordForm; idPrefix: string }) {
  const t = useT();
  const { form, errorFor } = word;
  const regex = form.watch('kind') === 'regex';
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_12rem]">
      <Field label={t('adminWords.form.pattern')} required error={errorFor('pattern')} hint={regex ? t('adminWords.form.regexHint') : t('adminWords.form.wordHint')}>
        {(control) => (
          <Input
            {...control}
            {...form.register('pattern')}
            maxLength={WORD_LIMITS.patternMax}
            className={regex ? 'font-mono' : ''}
            data-testid={`${idPrefix}-pattern`}
            lang={regex ? 'en' : undefined}
          />
        )}
      </Field>
      <Field label={t('adminWords.form.kind')} error={errorFor('kind')}>
        {(control) => (
          // Whether the pattern is a valid regular expression depends on the kind.
          <select {...control} {...form.register('kind', { deps: 'pattern' })} className={SELECT} data-testid={`${idPrefix}-kind`}>
            {WORD_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`adminWords.kinds.${kind}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('adminWords.form.action')} error={errorFor('action')}>
        {(control) => (
          <select {...control} {...form.register('action')} className={SELECT} data-testid={`${idPrefix}-action`}>
            {WORD_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`adminWords.actions.${action}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}

function AddWord({ onSaved }: { onSaved: () => void }) {
  const t = useT();
  const toast = useToast();
  const word: WordForm = useSchemaForm<Draft & { id?: number }, typeof wordActions.create, WordInput>(wordActions.create, EMPTY, {
    onSaved: () => {
      toast.success(t('adminWords.added'));
      word.form.reset(EMPTY);
      onSaved();
    },
  });
  return (
    <form onSubmit={word.submit} noValidate className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" aria-label={t('adminWords.form.addTitle')} data-testid="word-add">
      <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{t('adminWords.form.addTitle')}</h2>
      <FormAlert message={word.formError} />
      <WordFields word={word} idPrefix="word-add" />
      <Button type="submit" loading={word.submitting} data-testid="word-add-submit">
        {t('adminWords.form.add')}
      </Button>
    </form>
  );
}

function EditWord({ word: current, onClose, onSaved }: { word: WordView; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const toast = useToast();
  const word: WordForm = useSchemaForm<Draft & { id?: number }, typeof wordActions.update, WordInput>(wordActions.update, { id: current.id, pattern: current.pattern, kind: current.kind, action: current.action }, {
    onSaved: () => {
      toast.success(t('adminWords.saved'));
      onClose();
      onSaved();
    },
  });
  return (
    <FormDialog form={word} title={t('adminWords.form.editTitle')} submitLabel={t('adminWords.form.save')} onClose={onClose} testId="word-edit">
      <WordFields word={word} idPrefix="word-edit" />
    </FormDialog>
  );
}

export default function AdminWordsPage() {
  const t = useT();
  const toast = useToast();
  const user = useCurrentUser();
  const handleApiError = useApiErrorHandler();
  const revalidator = useRevalidator();
  const { words, q } = useLoaderData<typeof loader>();
  const [editing, setEditing] = useState<WordView | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const manage = can(user, 'words:manage');
  const reload = () => void revalidator.revalidate();

  async function remove(word: WordView) {
    const ok = await confirm({ title: t('adminWords.delete.title'), description: t('adminWords.delete.body', { pattern: word.pattern }), confirmLabel: t('adminWords.delete.confirm'), danger: true });
    if (!ok) return;
    try {
      await send(wordActions.delete, { id: word.id });
      toast.success(t('adminWords.delete.done'));
      reload();
    } catch (error) {
      handleApiError(error);
    }
  }

  return (
    <div className="space-y-4">
      <AdminTitle title={t('adminWords.title')} description={t(manage ? 'adminWords.description' : 'adminWords.readOnly')} />
      {manage && <AddWord onSaved={reload} />}
      <Form method="get" className="flex flex-wrap items-end gap-2" role="search" aria-label={t('adminWords.search.label')}>
        <label className="flex min-w-48 flex-1 flex-col gap-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">
          {t('adminWords.search.label')}
          <Input name="q" defaultValue={q} maxLength={WORD_LIMITS.patternMax} className="h-9" />
        </label>
        <Button type="submit" size="sm">
          {t('adminWords.search.submit')}
        </Button>
        {q && (
          <ButtonLink to={paths.adminWords} variant="ghost" size="sm">
            {t('adminWords.search.clear')}
          </ButtonLink>
        )}
      </Form>
      <AdminTable
        testId="words"
        empty={t(q ? 'adminWords.noMatch' : 'adminWords.empty')}
        head={[t('adminWords.table.pattern'), t('adminWords.table.kind'), t('adminWords.table.action'), t('adminWords.table.updated'), ...(manage ? [t('adminWords.table.manage')] : [])]}
        rows={words.results.map((word) => ({
          key: word.id,
          cells: [
            <span key="pattern" className={`break-all ${word.kind === 'regex' ? 'font-mono text-xs' : 'font-medium'}`} data-testid="word-pattern">
              {word.pattern}
            </span>,
            t(`adminWords.kinds.${word.kind}`),
            <span
              key="action"
              className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${word.action === 'refuse' ? 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200' : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200'}`}
            >
              {t(`adminWords.actions.${word.action}`)}
            </span>,
            <LocalDateTime key="updated" time={word.updateTime} />,
            ...(manage
              ? [
                  <div key="manage" className="flex gap-1">
                    <Button variant="ghost" size="sm" onClick={() => setEditing(word)} data-testid="word-edit">
                      {t('adminWords.table.edit')}
                    </Button>
                    <Button variant="ghost" size="sm" className="text-red-700 dark:text-red-400" onClick={() => void remove(word)} data-testid="word-delete">
                      {t('adminWords.table.delete')}
                    </Button>
                  </div>,
                ]
              : []),
          ],
        }))}
      />
      <AdminPager page={words.page} pageSize={words.pageSize} total={words.total} />
      {editing && <EditWord key={editing.id} word={editing} onClose={() => setEditing(null)} onSaved={reload} />}
      {confirmDialog}
    </div>
  );
}
