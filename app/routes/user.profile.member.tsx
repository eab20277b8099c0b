/**
 * `/user/profile/member` (spec §2, profile layout, sign-in required; issue 18): VIP membership.
 * The state (valid until, forever, expired, none), the order to pay or the one being checked, the
 * plans with their prices, and the order history; with VIP off, a notice and the history.
 */
import { useLoaderData, useRevalidator, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { vipActions } from '../../common/actions/vip';
import { accountMeta } from '~/components/account/page-meta';
import { signedInViewer, unwrapResult } from '~/components/comment/ucenter-data.server';
import { DisabledCard, OrderHistory, PayCard, PlanGrid, StateCard, WaitingCard } from '~/components/vip/membership';
import { useT } from '~/lib/use-t';

export const meta = accountMeta('vip.title');

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  // Signed out: the sign-in page with a way back (the read would answer 401).
  signedInViewer(context, request);
  return { membership: unwrapResult(await context.read(vipActions.membership, {})) };
}

export default function MembershipPage() {
  const t = useT();
  const { membership } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const reload = () => void revalidator.revalidate();
  const open = membership.openOrder;
  return (
    <div className="space-y-5">
      <header>
        <h1 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">{t('vip.title')}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('vip.description')}</p>
      </header>
      {!membership.enabled && <DisabledCard />}
      <StateCard state={membership.state} />
      {membership.enabled && open?.status === 'pending' && <PayCard key={open.id} order={open} serverNow={membership.now} onChanged={reload} />}
      {open?.status === 'submitted' && <WaitingCard order={open} />}
      {membership.enabled && <PlanGrid plans={membership.plans} current={open} onChanged={reload} />}
      <OrderHistory first={membership.orders} />
    </div>
  );
}
