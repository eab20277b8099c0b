/**
 * `/admin/users` (issue 17, "Members"): members found by name or e-mail, sorted (newest, score,
 * topics) and filtered (role, banned, VIP), numbered pages with the total. Admins set roles (the
 * server keeps the last admin) and verify an e-mail by hand; moderators and admins ban and lift
 * bans with the same menu and dialog as on a profile. What each viewer sees follows
 * common/policies/can.ts, the rule the API enforces. Staff set a member's trust level by hand (issue 28,
 * ~/components/admin/trust-level-dialog).
 */
import { warningActions } from '../../common/actions/warnings';
import type { WarningCount } from '../../common/views/warning';
import { useState } from 'react';
import { Form, Link, useLoaderData, useRevalidator, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { moderationActions } from '../../common/actions/moderation';
import { ROLES, type Role } from '../../common/constants';
import { can } from '../../common/policies/can';
import { MEMBER_SORTS, membersQuery } from '../../common/validation/moderation';
import type { AdminMemberView } from '../../common/views/moderation';
import { AdminPager } from '~/components/admin/admin-pager';
import { AdminTable, AdminTitle } from '~/components/admin/admin-table';
import { badQuery, queryOf, requireStaff, unwrapAdmin } from '~/components/admin/admin-data.server';
import { TrustLevelCell } from '~/components/admin/trust-level-dialog';
import { LocalDateTime } from '~/components/moderation/local-date-time';
import { MemberModerationMenu } from '~/components/moderation/member-moderation-menu';
import { Button, ButtonLink } from '~/components/ui/button';
import { useConfirm } from '~/components/ui/confirm';
import { Input } from '~/components/ui/input';
import { ApiError, send } from '~/lib/api';
import { paths } from '~/lib/paths';
import { useCurrentUser } from '~/lib/session';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  requireStaff(context, request);
  const query = membersQuery.safeParse(queryOf(request));
  if (!query.success) badQuery(context, 'validation.invalid');
  const members = unwrapAdmin(await context.read(moderationActions.members, query.data));
  // Each row's warnings (issue 28): one grouped read for the page.
  const counts = await context.read(warningActions.counts, { userIds: members.results.map((member) => member.id) });
  return { members, warnings: counts.ok ? counts.data : [], filter: query.data };
}

const SELECT = 'h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';
const LABEL = 'flex flex-col gap-1 text-xs font-medium text-zinc-700 dark:text-zinc-300';

function Filters({ filter }: { filter: ReturnType<typeof useLoaderData<typeof loader>>['filter'] }) {
  const t = useT();
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" role="search" aria-label={t('adminUsers.filters.label')} data-testid="member-filters">
      <label className={`${LABEL} min-w-48 flex-1`}>
        {t('adminUsers.filters.q')}
        <Input name="q" type="search" defaultValue={filter.q ?? ''} maxLength={64} className="h-9" data-testid="member-search" />
      </label>
      <label className={LABEL}>
        {t('adminUsers.filters.sort')}
        <select name="sort" defaultValue={filter.sort} className={SELECT}>
          {MEMBER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`adminUsers.sorts.${sort}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={LABEL}>
        {t('adminUsers.filters.role')}
        <select name="role" defaultValue={filter.role ?? ''} className={SELECT}>
          <option value="">{t('adminUsers.filters.anyRole')}</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`adminUsers.roles.${role}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex h-9 items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
        <input type="checkbox" name="banned" value="1" defaultChecked={filter.banned === '1'} className="accent-brand-600 size-4" />
        {t('adminUsers.filters.banned')}
      </label>
      <label className="flex h-9 items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
        <input type="checkbox" name="vip" value="1" defaultChecked={filter.vip === '1'} className="accent-brand-600 size-4" />
        {t('adminUsers.filters.vip')}
      </label>
      <div className="flex gap-2">
        <Button type="submit" size="sm" data-testid="member-search-submit">
          {t('adminUsers.filters.apply')}
        </Button>
        <ButtonLink to={paths.adminUsers} variant="ghost" size="sm">
          {t('adminUsers.filters.clear')}
        </ButtonLink>
      </div>
    </Form>
  );
}

/** The role cell: a select for admins (confirmed, then saved), the role's name for others. */
function RoleCell({ member, onChanged }: { member: AdminMemberView; onChanged: () => void }) {
  const t = useT();
  const toast = useToast();
  const viewer = useCurrentUser();
  const handleApiError = useApiErrorHandler();
  const [confirm, confirmDialog] = useConfirm();
  const [busy, setBusy] = useState(false);
  if (!can(viewer, 'user:setRole')) return <>{t(`adminUsers.roles.${member.role}`)}</>;

  async function change(role: Role) {
    const ok = await confirm({
      title: t('adminUsers.role.confirmTitle', { nickname: member.nickname }),
      description: t('adminUsers.role.confirmBody', { from: t(`adminUsers.roles.${member.role}`), to: t(`adminUsers.roles.${role}`) }),
      confirmLabel: t('adminUsers.role.confirm'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await send(moderationActions.setRole, { userId: member.id, role });
      toast.success(t('adminUsers.role.done', { nickname: member.nickname }));
      onChanged();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) toast.error(error.message);
      else handleApiError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <select
        aria-label={t('adminUsers.role.label', { nickname: member.nickname })}
        className={SELECT}
        value={member.role}
        disabled={busy}
        onChange={(event) => void change(event.target.value as Role)}
        data-testid={`member-role-${member.id}`}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`adminUsers.roles.${role}`)}
          </option>
        ))}
      </select>
      {confirmDialog}
    </>
  );
}

/** The e-mail cell: the address, whether it is verified, and (admins) a button to verify it by hand. */
function EmailCell({ member, onChanged }: { member: AdminMemberView; onChanged: () => void }) {
  const t = useT();
  const toast = useToast();
  const viewer = useCurrentUser();
  const handleApiError = useApiErrorHandler();
  const [busy, setBusy] = useState(false);
  if (!member.email) return <span className="text-zinc-500 dark:text-zinc-400">{t('adminUsers.email.none')}</span>;

  async function verify() {
    setBusy(true);
    try {
      await send(moderationActions.verifyEmail, { userId: member.id });
      toast.success(t('adminUsers.email.done', { nickname: member.nickname }));
      onChanged();
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="flex min-w-44 flex-col items-start gap-1">
      <span className="break-all">{member.email}</span>
      {member.emailVerified ? (
        <span className="text-xs text-emerald-700 dark:text-emerald-400">{t('adminUsers.email.verified')}</span>
      ) : can(viewer, 'user:verifyEmail') ? (
        <Button variant="ghost" size="sm" loading={busy} onClick={() => void verify()} data-testid={`member-verify-${member.id}`}>
          {t('adminUsers.email.verify')}
        </Button>
      ) : (
        <span className="text-xs text-amber-800 dark:text-amber-300">{t('adminUsers.email.unverified')}</span>
      )}
    </span>
  );
}

function Standing({ member }: { member: AdminMemberView }) {
  const t = useT();
  return (
    <ul className="space-y-0.5 text-xs">
      {member.bannedUntil !== 0 && (
        <li className="text-red-700 dark:text-red-400">
          {member.bannedUntil === -1 ? (
            t('adminUsers.standing.bannedForever')
          ) : (
            <>
              {t('adminUsers.standing.bannedUntil')} <LocalDateTime time={member.bannedUntil} />
            </>
          )}
        </li>
      )}
      {member.vipUntil !== 0 && <li className="text-amber-800 dark:text-amber-300">{t('adminUsers.standing.vip')}</li>}
      {member.bannedUntil === 0 && member.vipUntil === 0 && <li className="text-zinc-500 dark:text-zinc-400">{t('adminUsers.standing.none')}</li>}
    </ul>
  );
}

/** A member's warnings and whether they acknowledged them all (issue 28). */
function WarningsCell({ count }: { count: WarningCount | undefined }) {
  const t = useT();
  if (!count || count.total === 0) return <span className="text-zinc-400 dark:text-zinc-500">—</span>;
  return (
    <span className="flex flex-col text-sm" data-testid="member-warnings">
      {t('safety.warning.countValue', { count: count.total })}
      <span className={`text-xs ${count.pending > 0 ? 'text-amber-700 dark:text-amber-400' : 'text-zinc-500 dark:text-zinc-400'}`}>
        {count.pending > 0 ? t('safety.warning.pending', { count: count.pending }) : t('safety.warning.allAcknowledged')}
      </span>
    </span>
  );
}

export default function AdminUsersPage() {
  const t = useT();
  const revalidator = useRevalidator();
  const { members, warnings, filter } = useLoaderData<typeof loader>();
  const warningsOf = new Map(warnings.map((row) => [row.userId, row]));
  const reload = () => void revalidator.revalidate();
  return (
    <div className="space-y-4">
      <AdminTitle title={t('adminUsers.title')} description={t('adminUsers.description')} />
      <Filters filter={filter} />
      <AdminTable
        testId="members"
        empty={t('adminUsers.empty')}
        head={[t('adminUsers.table.member'), t('adminUsers.table.email'), t('adminUsers.table.role'), t('adminUsers.table.score'), t('adminUsers.table.topics'), t('adminUsers.table.joined'), t('adminUsers.table.standing'), t('safety.warning.count'), t('adminDefences.trust.label'), t('adminUsers.table.actions')]}
        rows={members.results.map((member) => ({
          key: member.id,
          cells: [
            <span key="member" className="flex flex-col" data-testid="member-row">
              <Link to={paths.user(member.id)} className="text-brand-700 dark:text-brand-300 font-medium hover:underline">
                {member.nickname}
              </Link>
              {member.username && <span className="text-xs text-zinc-500 dark:text-zinc-400">@{member.username}</span>}
            </span>,
            <EmailCell key="email" member={member} onChanged={reload} />,
            <RoleCell key="role" member={member} onChanged={reload} />,
            member.score,
            member.topicCount,
            <LocalDateTime key="joined" time={member.createTime} />,
            <Standing key="standing" member={member} />,
            <WarningsCell key="warnings" count={warningsOf.get(member.id)} />,
            <TrustLevelCell key="trust" member={member} onChanged={reload} />,
            <MemberModerationMenu key="menu" member={member} />,
          ],
        }))}
      />
      <AdminPager page={members.page} pageSize={members.pageSize} total={members.total} />
    </div>
  );
}
