/**
 * /admin/vip (issue 18, admins): the VIP settings panel (switch, wallet, prices, order expiry,
 * explorer link) above the order queue, whose submitted orders (oldest first) an admin checks
 * on the explorer and activates, or rejects with a reason the member is told.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { VIP_ORDER_STATUSES, VIP_PLANS } from '../../../common/vip';
import type { VipQueuePage, VipQueueRow, VipSettingsView } from '../../../common/views/vip';
import { AdminPager } from '~/components/admin/admin-pager';
import { AdminTable } from '~/components/admin/admin-table';
import { LocalDateTime } from '~/components/moderation/local-date-time';
import { Button } from '~/components/ui/button';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { Dialog, useConfirm } from '~/components/ui/dialog';
import { Field, Input, Textarea } from '~/components/ui/input';
import { Switch } from '~/components/ui/switch';
import { api, ApiError } from '~/lib/api';
import { paths } from '~/lib/paths';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';
import { StatusChip } from './vip-parts';

export function VipSettingsPanel({ settings, onSaved }: { settings: VipSettingsView; onSaved: () => void }) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const [form, setForm] = useState(settings);
  const [minutes, setMinutes] = useState(String(settings.orderExpiryMinutes));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const saved = await api<VipSettingsView>('/api/admin/vip/settings', { method: 'POST', body: { ...form, orderExpiryMinutes: Number(minutes) } });
      setForm(saved);
      setMinutes(String(saved.orderExpiryMinutes));
      toast.success(t('adminVip.settings.saved'));
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else handleApiError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader title={t('adminVip.settings.title')} />
      <CardBody>
        <form onSubmit={(event) => void save(event)} noValidate className="space-y-4" data-testid="vip-settings">
          <label className="flex items-start justify-between gap-4">
            <span className="min-w-0">
              <span className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('adminVip.settings.enabled')}</span>
              <span className="mt-1 block text-sm text-zinc-600 dark:text-zinc-400">{t('adminVip.settings.enabledHint')}</span>
            </span>
            <Switch checked={form.enabled} onCheckedChange={(enabled) => setForm({ ...form, enabled })} data-testid="vip-enabled" />
          </label>
          <Field label={t('adminVip.settings.address')} hint={t('adminVip.settings.addressHint')} error={errors.address}>
            {(control) => <Input {...control} value={form.address} onChange={(e) => setForm({ ...form, address: e.target.value })} className="font-mono" autoComplete="off" spellCheck={false} data-testid="vip-address-input" />}
          </Field>
          <fieldset>
            <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('adminVip.settings.prices')}</legend>
            <div className="mt-1.5 grid gap-3 sm:grid-cols-3">
              {VIP_PLANS.map((plan) => (
                <Field key={plan} label={t(`vip.plan.${plan}`)} error={errors[`prices.${plan}`]}>
                  {(control) => (
                    <Input {...control} inputMode="decimal" value={form.prices[plan]} onChange={(e) => setForm({ ...form, prices: { ...form.prices, [plan]: e.target.value } })} data-testid={`vip-price-${plan}`} />
                  )}
                </Field>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
            <Field label={t('adminVip.settings.expiryMinutes')} hint={t('adminVip.settings.expiryHint')} error={errors.orderExpiryMinutes}>
              {(control) => <Input {...control} inputMode="numeric" value={minutes} onChange={(e) => setMinutes(e.target.value)} />}
            </Field>
            <Field label={t('adminVip.settings.explorerUrl')} hint={t('adminVip.settings.explorerHint')} error={errors.explorerUrl}>
              {(control) => <Input {...control} value={form.explorerUrl} onChange={(e) => setForm({ ...form, explorerUrl: e.target.value })} autoComplete="off" spellCheck={false} />}
            </Field>
          </div>
          <div className="flex justify-end">
            <Button type="submit" loading={busy} data-testid="vip-settings-save">
              {t('adminVip.settings.save')}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

function StatusFilter({ current }: { current: string }) {
  const t = useT();
  return (
    <nav aria-label={t('adminVip.queue.filter')}>
      <ul className="flex flex-wrap gap-1">
        {VIP_ORDER_STATUSES.map((status) => (
          <li key={status}>
            <Link
              to={status === 'submitted' ? paths.adminVip : `${paths.adminVip}?status=${status}`}
              aria-current={status === current ? 'page' : undefined}
              className={`inline-flex h-8 items-center rounded-md px-3 text-sm ${status === current ? 'bg-brand-700 font-medium text-white' : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800'}`}
            >
              {t(`vip.status.${status}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function RejectDialog({ row, onClose, onDone }: { row: VipQueueRow | null; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function send() {
    if (!row) return;
    setBusy(true);
    setError(null);
    try {
      await api(`/api/admin/vip/orders/${row.order.id}/reject`, { method: 'POST', body: { reason } });
      toast.success(t('adminVip.queue.rejected'));
      setReason('');
      onDone();
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields?.reason) setError(failure.fields.reason);
      else handleApiError(failure);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      open={row !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={row ? t('adminVip.queue.rejectTitle', { id: row.order.id }) : ''}
      description={row ? t('adminVip.queue.rejectBody', { nickname: row.user.nickname }) : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('site.ui.cancel')}
          </Button>
          <Button variant="danger" loading={busy} onClick={() => void send()} data-testid="vip-reject-confirm">
            {t('adminVip.queue.reject')}
          </Button>
        </>
      }
    >
      <Field label={t('adminVip.queue.reason')} error={error} required>
        {(control) => <Textarea {...control} rows={3} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="vip-reject-reason" />}
      </Field>
    </Dialog>
  );
}

function Outcome({ row }: { row: VipQueueRow }) {
  const t = useT();
  const { order } = row;
  if (order.status === 'rejected') return <span className="break-words">{t('adminVip.queue.by', { reason: order.reason })}</span>;
  if (order.status === 'active') return order.vipUntil === -1 ? <>{t('adminVip.queue.untilForever')}</> : <>{t('adminVip.queue.until', { until: '' })}<LocalDateTime time={order.vipUntil} /></>;
  return <StatusChip status={order.status} />;
}

export function VipQueue({ queue, status, openCount, onChanged }: { queue: VipQueuePage; status: string; openCount: number; onChanged: () => void }) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const [confirm, confirmDialog] = useConfirm();
  const [rejecting, setRejecting] = useState<VipQueueRow | null>(null);
  const deciding = status === 'submitted';

  async function activate(row: VipQueueRow) {
    const ok = await confirm({
      title: t('adminVip.queue.activateTitle', { id: row.order.id }),
      description: t('adminVip.queue.activateBody', { amount: row.order.amount, nickname: row.user.nickname, plan: t(`vip.plan.${row.order.plan}`) }),
      confirmLabel: t('adminVip.queue.activate'),
    });
    if (!ok) return;
    try {
      await api(`/api/admin/vip/orders/${row.order.id}/activate`, { method: 'POST' });
      toast.success(t('adminVip.queue.activated'));
      onChanged();
    } catch (error) {
      handleApiError(error);
      onChanged();
    }
  }

  return (
    <section aria-labelledby="vip-queue-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="vip-queue-title" className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
            {t('adminVip.queue.title')}
          </h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="vip-open-count">
            {t('adminVip.queue.waiting', { count: openCount })}
          </p>
        </div>
        <StatusFilter current={status} />
      </div>
      <AdminTable
        testId="vip-queue"
        empty={t('adminVip.queue.empty')}
        head={[t('adminVip.queue.order'), t('adminVip.queue.member'), t('adminVip.queue.amount'), t('adminVip.queue.transaction'), deciding ? t('adminVip.queue.actions') : t('adminVip.queue.outcome')]}
        rows={queue.results.map((row) => ({
          key: row.order.id,
          cells: [
            <div key="order" className="space-y-0.5">
              <p className="font-medium">
                #{row.order.id} · {t(`vip.plan.${row.order.plan}`)}
              </p>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                <LocalDateTime time={row.order.submitTime || row.order.createTime} />
              </p>
            </div>,
            <div key="member" className="space-y-0.5">
              <Link to={paths.user(row.user.id)} className="text-brand-700 dark:text-brand-300 font-medium hover:underline">
                {row.user.nickname}
              </Link>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                {row.vipExpireTime === -1 ? (
                  t('adminVip.queue.currentVip', { state: t('adminVip.queue.vipForever') })
                ) : row.vipExpireTime === 0 ? (
                  t('adminVip.queue.currentVip', { state: t('adminVip.queue.vipNone') })
                ) : (
                  <>
                    {t('adminVip.queue.currentVip', { state: '' })}
                    <LocalDateTime time={row.vipExpireTime} />
                  </>
                )}
              </p>
            </div>,
            <span key="amount" className="font-mono whitespace-nowrap">
              {row.order.amount} {row.order.currency}
            </span>,
            row.order.txHash ? (
              <a
                key="tx"
                href={row.order.explorerUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand-700 dark:text-brand-300 font-mono text-xs break-all hover:underline"
                aria-label={t('adminVip.queue.explorerLabel', { hash: row.order.txHash })}
                data-testid="vip-explorer-link"
              >
                {row.order.txHash.slice(0, 10)}…{row.order.txHash.slice(-6)}
              </a>
            ) : (
              <span key="tx">—</span>
            ),
            deciding ? (
              <div key="actions" className="flex flex-wrap gap-2">
                <Button size="sm" onClick={() => void activate(row)} data-testid="vip-activate">
                  {t('adminVip.queue.activate')}
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setRejecting(row)} data-testid="vip-reject">
                  {t('adminVip.queue.reject')}
                </Button>
              </div>
            ) : (
              <Outcome key="outcome" row={row} />
            ),
          ],
        }))}
      />
      <AdminPager page={queue.page} pageSize={queue.pageSize} total={queue.total} />
      {confirmDialog}
      <RejectDialog
        row={rejecting}
        onClose={() => setRejecting(null)}
        onDone={() => {
          setRejecting(null);
          onChanged();
        }}
      />
    </section>
  );
}
