/**
 * /user/profile/member (issue 18): the member's VIP state, the order to pay (wallet address with
 * copy and QR code, TRC20, the exact amount, a countdown, the transaction hash form) or the one
 * waiting for an admin, the three plans, and the order history. Writes go through the JSON API (`send`);
 * the page's loader runs again after each (`onChanged`).
 */
import { useId, useState, type FormEvent } from 'react';
import { vipActions } from '../../../common/actions/vip';
import { VIP_PLANS, type VipPlan } from '../../../common/vip';
import { vipSubmitSchema } from '../../../common/validation/vip';
import type { VipMembershipView, VipOrderView, VipPlansView } from '../../../common/views/vip';
import { useNewestFirstList } from '~/components/comment/use-newest-first-list';
import { Button } from '~/components/ui/button';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { Field, Input } from '~/components/ui/input';
import { ApiError, send } from '~/lib/api';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';
import { CopyButton, Countdown, StatusChip, useDateText, WalletQr } from './vip-parts';

export function StateCard({ state }: { state: VipMembershipView['state'] }) {
  const t = useT();
  const when = useDateText();
  const active = state.kind === 'active' || state.kind === 'forever';
  const text =
    state.kind === 'forever' ? t('vip.state.forever') : state.kind === 'active' ? t('vip.state.active', { until: when(state.expireTime) }) : state.kind === 'expired' ? t('vip.state.expired', { until: when(state.expireTime) }) : t('vip.state.none');
  return (
    <Card className="p-5" data-testid="vip-state" data-state={state.kind}>
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={`grid size-10 shrink-0 place-items-center rounded-full text-sm font-bold ${active ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100' : 'bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400'}`}
        >
          VIP
        </span>
        <div className="min-w-0">
          <h2 className="text-sm font-medium text-zinc-600 dark:text-zinc-400">{t('vip.state.title')}</h2>
          <p className="mt-0.5 text-lg font-semibold text-zinc-900 dark:text-zinc-50" suppressHydrationWarning>
            {text}
          </p>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{state.kind === 'active' ? t('vip.state.activeHint') : state.kind === 'forever' ? null : t('vip.state.noneHint')}</p>
        </div>
      </div>
    </Card>
  );
}

export function DisabledCard() {
  const t = useT();
  return (
    <Card className="border-dashed p-5" data-testid="vip-disabled">
      <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">{t('vip.disabled.title')}</h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('vip.disabled.body')}</p>
    </Card>
  );
}

export function PlanGrid({ plans, current, onChanged }: { plans: VipPlansView; current: VipOrderView | null; onChanged: () => void }) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const [busy, setBusy] = useState<string | null>(null);

  async function choose(plan: VipPlan) {
    if (busy) return;
    setBusy(plan);
    try {
      await send(vipActions.order, { plan });
      toast.success(t('vip.plans.chosen'));
      onChanged();
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="vip-plans-title" className="space-y-3">
      <h2 id="vip-plans-title" className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
        {t('vip.plans.title')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-3">
        {VIP_PLANS.map((id) => {
          const plan = plans.plans.find((p) => p.id === id);
          if (!plan) return null;
          const mine = current?.status === 'pending' && current.plan === id;
          return (
            <li key={id}>
              <Card className={`flex h-full flex-col p-4 ${mine ? 'ring-brand-600 ring-2' : ''}`} data-testid={`vip-plan-${id}`}>
                <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">{t(`vip.plan.${id}`)}</h3>
                <p className="mt-2 text-2xl font-semibold text-zinc-900 tabular-nums dark:text-zinc-50">{t('vip.plans.price', { price: plan.price })}</p>
                <p className="mt-1 flex-1 text-sm text-zinc-600 dark:text-zinc-400">{t(`vip.planDays.${id}`)}</p>
                <Button className="mt-3 w-full" variant={mine ? 'secondary' : 'primary'} loading={busy === id} disabled={mine} onClick={() => void choose(id)} aria-label={`${t('vip.plans.choose')}: ${t(`vip.plan.${id}`)}`}>
                  {mine ? t('vip.plans.current') : t('vip.plans.choose')}
                </Button>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function HashForm({ order, onChanged }: { order: VipOrderView; onChanged: () => void }) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const [hash, setHash] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = vipSubmitSchema.safeParse({ txHash: hash });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? 'vip.validation.txHash'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await send(vipActions.submit, { id: order.id, txHash: parsed.data.txHash });
      toast.success(t('vip.order.submitted'));
      onChanged();
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields?.txHash) setError(failure.fields.txHash);
      else handleApiError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Field label={t('vip.order.txHash')} hint={t('vip.order.txHashHint')} error={error} required className="min-w-0 flex-1">
        {(control) => (
          <Input
            {...control}
            value={hash}
            onChange={(event) => setHash(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            className="font-mono text-sm"
            data-testid="vip-tx-hash"
          />
        )}
      </Field>
      <Button type="submit" loading={busy} className="sm:mt-7" data-testid="vip-submit-hash">
        {t('vip.order.submit')}
      </Button>
    </form>
  );
}

export function PayCard({ order, serverNow, onChanged }: { order: VipOrderView; serverNow: number; onChanged: () => void }) {
  const t = useT();
  const amountId = useId();
  const addressId = useId();
  return (
    <Card data-testid="vip-pay">
      <CardHeader title={t('vip.order.title', { id: order.id })} description={<Countdown expiresAt={order.expiresAt} serverNow={serverNow} onExpired={onChanged} />} />
      <CardBody className="space-y-4">
        <div className="flex flex-col gap-4 sm:flex-row">
          <WalletQr address={order.address} />
          <dl className="min-w-0 flex-1 space-y-3 text-sm">
            <div>
              <dt className="text-zinc-600 dark:text-zinc-400">{t('vip.order.network')}</dt>
              <dd className="font-semibold text-zinc-900 dark:text-zinc-50">
                {order.currency} · {order.network}
              </dd>
            </div>
            <div>
              <dt id={amountId} className="text-zinc-600 dark:text-zinc-400">
                {t('vip.order.amount')}
              </dt>
              <dd className="flex flex-wrap items-center gap-2">
                <span className="font-mono text-xl font-semibold text-zinc-900 dark:text-zinc-50" data-testid="vip-amount" aria-labelledby={amountId}>
                  {order.amount}
                </span>
                <span className="text-zinc-600 dark:text-zinc-400">{order.currency}</span>
                <CopyButton text={order.amount} label={t('vip.order.copyAmount')} />
              </dd>
            </div>
            <div>
              <dt id={addressId} className="text-zinc-600 dark:text-zinc-400">
                {t('vip.order.address')}
              </dt>
              <dd className="flex flex-wrap items-center gap-2">
                <span className="font-mono break-all text-zinc-900 dark:text-zinc-50" data-testid="vip-address">
                  {order.address}
                </span>
                <CopyButton text={order.address} label={t('vip.order.copyAddress')} testId="vip-copy-address" />
              </dd>
            </div>
          </dl>
        </div>
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/60 dark:text-amber-100">{t('vip.order.warning', { amount: order.amount })}</p>
        <HashForm order={order} onChanged={onChanged} />
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('vip.order.replaceHint')}</p>
      </CardBody>
    </Card>
  );
}

export function WaitingCard({ order }: { order: VipOrderView }) {
  const t = useT();
  return (
    <Card className="p-5" data-testid="vip-waiting">
      <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">{t('vip.order.waitingTitle', { id: order.id })}</h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('vip.order.waitingBody')}</p>
      <p className="mt-2 font-mono text-xs break-all text-zinc-700 dark:text-zinc-300">{order.txHash}</p>
      {order.explorerUrl && (
        <a href={order.explorerUrl} target="_blank" rel="noopener noreferrer" className="text-brand-700 dark:text-brand-300 mt-2 inline-block text-sm font-medium hover:underline">
          {t('vip.order.viewTx')}
        </a>
      )}
    </Card>
  );
}

function OrderOutcome({ order }: { order: VipOrderView }) {
  const t = useT();
  const when = useDateText();
  if (order.status === 'rejected') return <p className="text-sm text-red-800 dark:text-red-300">{t('vip.history.reason', { reason: order.reason })}</p>;
  if (order.status === 'active')
    return (
      <p className="text-sm text-emerald-800 dark:text-emerald-300" suppressHydrationWarning>
        {order.vipUntil === -1 ? t('vip.history.untilForever') : t('vip.history.until', { until: when(order.vipUntil) })}
      </p>
    );
  return null;
}

export function OrderHistory({ first }: { first: VipMembershipView['orders'] }) {
  const t = useT();
  const when = useDateText();
  const { list, loading, loadMore } = useNewestFirstList<VipOrderView>(first, vipActions.orders);
  return (
    <section aria-labelledby="vip-history-title" className="space-y-3">
      <h2 id="vip-history-title" className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
        {t('vip.history.title')}
      </h2>
      {list.results.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">{t('vip.history.empty')}</p>
      ) : (
        <Card>
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="vip-history">
            {list.results.map((order) => (
              <li key={order.id} className="flex flex-wrap items-start justify-between gap-2 px-4 py-3" data-testid="vip-history-order">
                <div className="min-w-0 space-y-0.5">
                  <p className="text-sm font-medium text-zinc-900 dark:text-zinc-50">
                    #{order.id} · {t(`vip.plan.${order.plan}`)} · <span className="font-mono">{order.amount}</span> {order.currency}
                  </p>
                  <p className="text-xs text-zinc-600 dark:text-zinc-400" suppressHydrationWarning>
                    {t('vip.history.created')}: {when(order.createTime)}
                  </p>
                  <OrderOutcome order={order} />
                  {order.explorerUrl && (
                    <a href={order.explorerUrl} target="_blank" rel="noopener noreferrer" className="text-brand-700 dark:text-brand-300 block text-xs hover:underline">
                      {t('vip.order.viewTx')}
                    </a>
                  )}
                </div>
                <StatusChip status={order.status} />
              </li>
            ))}
          </ul>
        </Card>
      )}
      {list.hasMore && (
        <Button variant="secondary" loading={loading} onClick={() => void loadMore()} className="w-full">
          {t('vip.history.loadMore')}
        </Button>
      )}
    </section>
  );
}
