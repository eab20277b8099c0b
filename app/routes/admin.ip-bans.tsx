/**
 * `/admin/ip-bans`: IP and network bans (issue 28) — a single address or a CIDR range (IPv4,
 * IPv6), with a reason and an end (or none). Admins only (`ipBans:manage`). A banned address
 * cannot sign up, sign in or make any change; reading stays open. The list is newest first, a
 * page at a time (`?cursor=`).
 */
import { Link, useLoaderData, useRevalidator, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { z } from '../../common/zod';
import { ipBanActions } from '../../common/actions/defences';
import { IP_BAN_REASON_MAX, ipBanCreateSchema } from '../../common/validation/defences';
import { cursorField } from '../../common/validation/fields';
import type { IpBanView } from '../../common/views/defences';
import { AdminTable, AdminTitle } from '~/components/admin/admin-table';
import { badQuery, queryOf, requireStaff, unwrapAdmin } from '~/components/admin/admin-data.server';
import { FormAlert } from '~/components/account/auth-card';
import { LocalDateTime } from '~/components/moderation/local-date-time';
import { Button } from '~/components/ui/button';
import { useConfirm } from '~/components/ui/confirm';
import { Field, Input } from '~/components/ui/input';
import { send } from '~/lib/api';
import { paths } from '~/lib/paths';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useSchemaForm } from '~/lib/use-schema-form';
import { useT } from '~/lib/use-t';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  requireStaff(context, request);
  const query = z.object({ cursor: cursorField }).safeParse(queryOf(request));
  if (!query.success) badQuery(context, 'validation.invalid');
  return { bans: unwrapAdmin(await context.read(ipBanActions.list, query.data)) };
}

const EMPTY = { cidr: '', reason: '', days: 0 };

function AddBan({ onSaved }: { onSaved: () => void }) {
  const t = useT();
  const toast = useToast();
  const ban = useSchemaForm(ipBanCreateSchema, EMPTY, {
    onValid: async (data) => {
      const added = await send(ipBanActions.create, data);
      toast.success(t('adminDefences.added', { cidr: added.cidr }));
      ban.form.reset(EMPTY);
      onSaved();
    },
  });
  return (
    <form onSubmit={ban.submit} noValidate className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" aria-label={t('adminDefences.add')} data-testid="ip-ban-add">
      <FormAlert message={ban.formError} />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_8rem]">
        <Field label={t('adminDefences.cidr')} required error={ban.errorFor('cidr')} hint={t('adminDefences.cidrHint')}>
          {(control) => <Input {...control} {...ban.bind('cidr')} maxLength={64} className="font-mono" lang="en" autoCapitalize="none" spellCheck={false} data-testid="ip-ban-cidr" />}
        </Field>
        <Field label={t('adminDefences.reason')} error={ban.errorFor('reason')}>
          {(control) => <Input {...control} {...ban.bind('reason')} maxLength={IP_BAN_REASON_MAX} data-testid="ip-ban-reason" />}
        </Field>
        <Field label={t('adminDefences.days')} error={ban.errorFor('days')} hint={t('adminDefences.daysHint')}>
          {(control) => <Input {...control} {...ban.bind('days')} type="number" min={0} max={3650} inputMode="numeric" data-testid="ip-ban-days" />}
        </Field>
      </div>
      <Button type="submit" loading={ban.submitting} data-testid="ip-ban-submit">
        {t('adminDefences.add')}
      </Button>
    </form>
  );
}

export default function AdminIpBansPage() {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const revalidator = useRevalidator();
  const { bans } = useLoaderData<typeof loader>();
  const [confirm, confirmDialog] = useConfirm();
  const reload = () => void revalidator.revalidate();

  async function remove(ban: IpBanView) {
    const ok = await confirm({ title: t('adminDefences.remove'), description: t('adminDefences.removeBan', { cidr: ban.cidr }), confirmLabel: t('adminDefences.remove'), danger: true });
    if (!ok) return;
    try {
      await send(ipBanActions.remove, { id: ban.id });
      toast.success(t('adminDefences.removed', { cidr: ban.cidr }));
      reload();
    } catch (error) {
      handleApiError(error);
    }
  }

  return (
    <div className="space-y-4">
      <AdminTitle title={t('adminDefences.title')} description={t('adminDefences.intro')} />
      <AddBan onSaved={reload} />
      <AdminTable
        testId="ip-bans"
        empty={t('adminDefences.empty')}
        head={[t('adminDefences.cidr'), t('adminDefences.reason'), t('adminDefences.until'), t('adminDefences.addedBy'), t('adminDefences.addedAt'), '']}
        rows={bans.results.map((ban) => ({
          key: ban.id,
          cells: [
            <span key="cidr" className="font-mono text-xs break-all" data-testid="ip-ban-row-cidr">
              {ban.cidr}
            </span>,
            <span key="reason" className="break-words">
              {ban.reason}
            </span>,
            ban.expired ? (
              <span key="until" className="text-zinc-500">
                {t('adminDefences.expired')}
              </span>
            ) : ban.expireTime === 0 ? (
              t('adminDefences.forever')
            ) : (
              <LocalDateTime key="until" time={ban.expireTime} />
            ),
            ban.createdBy?.nickname ?? '',
            <LocalDateTime key="added" time={ban.createTime} />,
            <Button key="remove" variant="ghost" size="sm" className="text-red-700 dark:text-red-400" onClick={() => void remove(ban)} aria-label={t('adminDefences.removeBan', { cidr: ban.cidr })} data-testid="ip-ban-remove">
              {t('adminDefences.remove')}
            </Button>,
          ],
        }))}
      />
      {bans.hasMore && (
        <Link to={`${paths.adminIpBans}?cursor=${encodeURIComponent(bans.cursor)}`} className="text-sm text-emerald-700 underline dark:text-emerald-400">
          {t('adminDefences.loadMore')}
        </Link>
      )}
      {confirmDialog}
    </div>
  );
}
