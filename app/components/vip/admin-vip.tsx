/**
 * /admin/vip (issue 18, admins): the VIP settings panel (switch, wallet, prices, order expiry,
 * explorer link) above the order queue, whose submitted orders (oldest first) an admin checks
 * on the explorer and activates, or rejects with a reason the member is told. Both forms use the
 * back office's form helper (react-hook-form with the API's zod schemas).
 */
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { vipActions } from '../../../common/actions/vip';
import { VIP_LIMITS, VIP_ORDER_STATUSES, VIP_PLANS } from '../../../common/vip';
import { vipRejectSchema } from '../../../common/validation/vip';
import type { VipQueuePage, VipQueueRow, VipSettingsView } from '../../../common/views/vip';
import { AdminPager } from '~/components/admin/admin-pager';
import { AdminTable } from '~/components/admin/admin-table';
import { useSchemaForm } from '~/lib/use-schema-form';
import { FormAlert } from '~/components/account/auth-card';
import { LocalDateTime } from '~/components/moderation/local-date-time';
import { Button } from '~/components/ui/button';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { Dialog } from '~/components/ui/dialog';
import { useConfirm } from '~/components/ui/confirm';
import { Field, Input, Textarea } from '~/components/ui/input';
import { Switch } from '~/components/ui/switch';
import { send } from '~/lib/api';
import { paths } from '~/lib/paths';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';
import { StatusChip } from './vip-parts';

export function VipSettingsPanel({ settings, onSaved }: { settings: VipSettingsView; onSaved: () => void }) {
  const t = useT();
  const toast = useToast();
  const { form, submit, submitting, errorFor } = useSchemaForm<VipSettingsView, typeof vipActions.updateSettings>(vipActions.updateSettings, settings, {
    onSaved: (saved) => {
      form.reset(saved);
      toast.success(t('adminVip.settings.saved'));
      onSaved();
    },
  });

  return (
    <Card>
      <CardHeader title={t('adminVip.settings.title')} />
      <CardBody>
        <form onSubmit={submit} noValidate className="space-y-4" data-testid="vip-settings">
          <label className="flex items-start justify-between gap-4">
            <span className="min-w-0">
              <span className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('adminVip.settings.enabled')}</span>
              <span className="mt-1 block text-sm text-zinc-600 dark:text-zinc-400">{t('adminVip.settings.enabledHint')}</span>
            </span>
            <Controller control={form.control} name="enabled" render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} data-testid="vip-enabled" />} />
          </label>
          <Field label={t('adminVip.settings.address')} hint={t('adminVip.settings.addressHint')} error={errorFor('address')}>
            {(control) => <Input {...control} {...form.register('address')} className="font-mono" autoComplete="off" spellCheck={false} data-testid="vip-address-input" />}
          </Field>
          <fieldset>
            <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('adminVip.settings.prices')}</legend>
            <div className="mt-1.5 grid gap-3 sm:grid-cols-3">
              {VIP_PLANS.map((plan) => (
                <Field key={plan} label={t(`vip.plan.${plan}`)} error={errorFor(`prices.${plan}`)}>
                  {(control) => <Input {...control} {...form.register(`prices.${plan}`)} inputMode="decimal" data-testid={`vip-price-${plan}`} />}
                </Field>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
            <Field label={t('adminVip.settings.expiryMinutes')} hint={t('adminVip.settings.expiryHint')} error={errorFor('orderExpiryMinutes')}>
              {(control) => <Input {...control} {...form.register('orderExpiryMinutes', { valueAsNumber: true })} inputMode="numeric" />}
            </Field>
            <Field label={t('adminVip.settings.explorerUrl')} hint={t('adminVip.settings.explorerHint')} error={errorFor('explorerUrl')}>
              {(control) => <Input {...control} {...form.register('explorerUrl')} autoComplete="off" spellCheck={false} />}
            </Field>
          </div>
          <div className="flex justify-end">
            <Button type="submit" loading={submitting} data-testid="vip-settings-save">
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
  const formId = useId();
  // The form holds the reason; the order's id comes from the row the dialog is open for.
  const { form, submit, submitting, errorFor, formError } = useSchemaForm(vipActions.reject, { reason: '' }, {
    schema: vipRejectSchema,
    input: (body) => ({ ...body, id: row?.order.id ?? 0 }),
    onSaved: () => {
      toast.success(t('adminVip.queue.rejected'));
      form.reset();
      onDone();
    },
  });
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
          <Button variant="danger" type="submit" form={formId} loading={submitting} data-testid="vip-reject-confirm">
            {t('adminVip.queue.reject')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-3">
        <FormAlert message={formError} />
        <Field label={t('adminVip.queue.reason')} error={errorFor('reason')} required>
          {(control) => <Textarea {...control} {...form.register('reason')} rows={3} maxLength={VIP_LIMITS.reasonMax} data-testid="vip-reject-reason" />}
        </Field>
      </form>
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
      await send(vipActions.activate, { id: row.order.id });
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
