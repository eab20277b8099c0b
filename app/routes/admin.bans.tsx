/**
 * `/admin/bans`: members under a running ban, forever ones first, then by the soonest end, with
 * the reason; each row's menu changes or lifts the ban (the same menu as on the profile).
 */
import { Link, useLoaderData, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { moderationActions } from '../../common/actions/moderation';
import { bannedQuery } from '../../common/validation/moderation';
import { AdminPager } from '~/components/admin/admin-pager';
import { AdminTable, AdminTitle } from '~/components/admin/admin-table';
import { badQuery, queryOf, requireStaff, unwrapAdmin } from '~/components/admin/admin-data.server';
import { LocalDateTime } from '~/components/moderation/local-date-time';
import { MemberModerationMenu } from '~/components/moderation/member-moderation-menu';
import { paths } from '~/lib/paths';
import { useT } from '~/lib/use-t';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  requireStaff(context, request);
  const query = bannedQuery.safeParse(queryOf(request));
  if (!query.success) badQuery(context, 'validation.invalid');
  return { banned: unwrapAdmin(await context.read(moderationActions.banned, query.data)) };
}

export default function AdminBansPage() {
  const t = useT();
  const { banned } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <AdminTitle title={t('admin.bans.title')} description={t('admin.bans.description')} />
      <AdminTable
        testId="banned-members"
        empty={t('admin.bans.empty')}
        head={[t('admin.bans.member'), t('admin.bans.until'), t('admin.bans.reason'), t('admin.bans.actions')]}
        rows={banned.results.map((row) => ({
          key: row.user.id,
          cells: [
            <Link key="member" to={paths.user(row.user.id)} className="text-brand-700 dark:text-brand-300 font-medium hover:underline">
              {row.user.nickname}
            </Link>,
            row.until === -1 ? t('admin.bans.forever') : <LocalDateTime key="until" time={row.until} />,
            <span key="reason" className="break-words">
              {row.reason}
            </span>,
            <MemberModerationMenu key="menu" member={row.user} />,
          ],
        }))}
      />
      <AdminPager page={banned.page} pageSize={banned.pageSize} total={banned.total} />
    </div>
  );
}
