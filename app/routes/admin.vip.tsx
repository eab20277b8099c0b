/**
 * `/admin/vip` (issue 18, admins only: moderators get the 403 page): the VIP settings above the
 * order queue. `?status=` picks the orders shown (submitted by default, oldest first).
 */
import { useLoaderData, useRevalidator, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { vipActions } from '../../common/actions/vip';
import { vipQueueQuery } from '../../common/validation/vip';
import { AdminTitle } from '~/components/admin/admin-table';
import { badQuery, queryOf, requireStaff, unwrapAdmin } from '~/components/admin/admin-data.server';
import { VipQueue, VipSettingsPanel } from '~/components/vip/admin-vip';
import { useT } from '~/lib/use-t';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  requireStaff(context, request);
  const query = vipQueueQuery.safeParse(queryOf(request));
  if (!query.success) badQuery(context, 'validation.invalid');
  return { view: unwrapAdmin(await context.read(vipActions.admin, query.data)), status: query.data.status };
}

export default function AdminVipPage() {
  const t = useT();
  const { view, status } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const reload = () => void revalidator.revalidate();
  return (
    <div className="space-y-6">
      <AdminTitle title={t('adminVip.title')} description={t('adminVip.description')} />
      <VipSettingsPanel key={JSON.stringify(view.settings)} settings={view.settings} onSaved={reload} />
      <VipQueue queue={view.queue} status={status} openCount={view.openCount} onChanged={reload} />
    </div>
  );
}
