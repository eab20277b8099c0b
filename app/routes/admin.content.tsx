/**
 * `/admin/content` (issue 17 "Content"): topics, articles or comments of a status (published,
 * pending review, deleted), searched by title (comments: by their text), numbered pages with the
 * total. Each row's menu deletes, restores, recommends or pins, after a confirmation.
 */
import { Form, Link, useLoaderData, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { reviewActions } from '../../common/actions/review';
import { CONTENT_SEARCH_MAX, contentQuery } from '../../common/validation/review';
import { CONTENT_KINDS, CONTENT_STATUS_NAMES, type ContentRowView, type ContentTableView } from '../../common/views/review';
import { badQuery, queryOf, requireStaff, unwrapAdmin } from '~/components/admin/admin-data.server';
import { AdminPager } from '~/components/admin/admin-pager';
import { AdminTable, AdminTitle } from '~/components/admin/admin-table';
import { ContentActions } from '~/components/admin/content-actions';
import { LocalDateTime } from '~/components/moderation/local-date-time';
import { Button, ButtonLink } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { paths } from '~/lib/paths';
import { useT } from '~/lib/use-t';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  requireStaff(context, request);
  const query = contentQuery.safeParse(queryOf(request));
  if (!query.success) badQuery(context, query.error.issues[0]?.message ?? 'validation.invalid');
  return { table: unwrapAdmin(await context.read(reviewActions.content, query.data)) };
}

const LABEL = 'flex flex-col gap-1 text-xs font-medium text-zinc-700 dark:text-zinc-300';
const SELECT = 'h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900';

function Filters({ table }: { table: ContentTableView }) {
  const t = useT();
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" aria-label={t('adminContent.filters')} data-testid="content-filters">
      <label className={LABEL}>
        {t('adminContent.kind')}
        <select name="kind" defaultValue={table.kind} className={SELECT}>
          {CONTENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`adminContent.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={LABEL}>
        {t('adminContent.status')}
        <select name="status" defaultValue={table.status} className={SELECT}>
          {CONTENT_STATUS_NAMES.map((status) => (
            <option key={status} value={status}>
              {t(`adminContent.statuses.${status}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={`${LABEL} min-w-48 flex-1`}>
        {t('adminContent.search')}
        <Input name="q" type="search" maxLength={CONTENT_SEARCH_MAX} defaultValue={table.q} placeholder={t(table.kind === 'comment' ? 'adminContent.commentSearchPlaceholder' : 'adminContent.searchPlaceholder')} className="h-9" />
      </label>
      <div className="flex gap-2">
        <Button type="submit" size="sm">
          {t('adminContent.apply')}
        </Button>
        <ButtonLink to={paths.adminContent} variant="ghost" size="sm">
          {t('adminContent.clear')}
        </ButtonLink>
      </div>
    </Form>
  );
}

function Item({ row }: { row: ContentRowView }) {
  const t = useT();
  const title = row.title || t('adminContent.untitled');
  return (
    <div className="max-w-md min-w-0 space-y-1">
      {row.kind === 'comment' ? (
        <>
          <p className="break-words">{row.excerpt}</p>
          <Link to={row.url} className="text-brand-700 dark:text-brand-300 text-xs hover:underline">
            {t('adminContent.onItem', { title })}
          </Link>
        </>
      ) : (
        <>
          <Link to={row.url} className="text-brand-700 dark:text-brand-300 font-medium break-words hover:underline">
            {title}
          </Link>
          {row.excerpt && row.excerpt !== row.title && <p className="line-clamp-2 text-xs break-words text-zinc-600 dark:text-zinc-400">{row.excerpt}</p>}
        </>
      )}
      {(row.recommend || row.sticky) && (
        <p className="flex gap-1.5">
          {row.recommend && <span className="rounded bg-violet-100 px-1.5 py-0.5 text-xs text-violet-800 dark:bg-violet-950 dark:text-violet-300">{t('adminContent.flags.recommended')}</span>}
          {row.sticky && <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-300">{t('adminContent.flags.sticky')}</span>}
        </p>
      )}
    </div>
  );
}

export default function AdminContentPage() {
  const t = useT();
  const { table } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <AdminTitle title={t('adminContent.title')} description={t('adminContent.description')} />
      <Filters table={table} />
      <AdminTable
        testId="content-table"
        empty={t('adminContent.empty')}
        head={[t('adminContent.columns.item'), t('adminContent.columns.author'), t('adminContent.columns.status'), t('adminContent.columns.created'), t('adminContent.columns.actions')]}
        rows={table.results.map((row) => ({
          key: `${row.kind}:${row.id}`,
          cells: [
            <Item key="item" row={row} />,
            <Link key="author" to={paths.user(row.author.id)} className="text-brand-700 dark:text-brand-300 hover:underline">
              {row.author.nickname}
            </Link>,
            <span key="status">{t(`adminContent.statuses.${row.status}`)}</span>,
            <LocalDateTime key="created" time={row.createTime} />,
            <ContentActions key="actions" row={row} label={row.kind === 'comment' ? row.excerpt.slice(0, 40) : row.title || `#${row.id}`} />,
          ],
        }))}
      />
      <AdminPager page={table.page} pageSize={table.pageSize} total={table.total} />
    </div>
  );
}
