/**
 * `/user/profile/data` (issue 29, profile layout, sign-in required): a member's own data.
 * "Download my data" asks for an archive (its state: none, being prepared, ready until a time,
 * used, expired, failed); "Delete my account" explains the 7 days and what becomes of their posts
 * under the site's setting, then asks in a dialog (the password when the account has one, and a
 * confirmation box). While an erasure is scheduled the page says when, with "Cancel deletion".
 */
import { useState } from 'react';
import { useLoaderData, useRevalidator, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { accountMeta } from '~/components/account/page-meta';
import { unwrapResult } from '~/components/comment/ucenter-data.server';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { Dialog } from '~/components/ui/dialog';
import { Field, Input } from '~/components/ui/input';
import { ApiError, send } from '~/lib/api';
import { requireUser } from '~/lib/auth.server';
import { useRootData, useSiteConfig } from '~/lib/session';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useBusyCall } from '~/lib/use-busy-call';
import { useT } from '~/lib/use-t';
import { accountDataActions } from '../../common/actions/account-data';
import type { AccountDataView } from '../../common/views/account-data';
import { formatSiteTime } from '../../common/site-time';

/** A moment as the reader reads it: their language, the site's time zone. */
function useSiteTime(): (time: number) => string {
  const { locale } = useRootData();
  const { timeZone } = useSiteConfig();
  return (time) => formatSiteTime(time, locale, timeZone);
}

export const meta = accountMeta('accountData.page.title');

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  requireUser(context, request);
  return { data: unwrapResult(await context.read(accountDataActions.status, {})) };
}

function ExportCard({ data }: { data: AccountDataView }) {
  const t = useT();
  const { busy, run } = useBusyCall();
  const when = useSiteTime();
  const { state, expireTime, nextTime } = data.export;
  const request = () => run(() => send(accountDataActions.requestExport, {}), t('accountData.export.requested'));
  return (
    <Card className="space-y-3 p-5" data-testid="export-card">
      <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">{t('accountData.export.title')}</h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('accountData.export.intro')}</p>
      <p className="text-sm text-zinc-800 dark:text-zinc-200" role="status" data-testid="export-state" data-state={state}>
        {state === 'ready' ? t('accountData.export.ready', { time: when(expireTime) }) : t(`accountData.export.${state}`)}
      </p>
      {nextTime > 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('accountData.export.nextTime', { time: when(nextTime) })}</p>
      ) : (
        <Button loading={busy} onClick={() => void request()} data-testid="export-request">
          {t('accountData.export.request')}
        </Button>
      )}
    </Card>
  );
}

function DeleteCard({ data }: { data: AccountDataView }) {
  const t = useT();
  const toast = useToast();
  const revalidator = useRevalidator();
  const handleApiError = useApiErrorHandler();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const days = data.graceDays;
  const when = useSiteTime();

  async function submit() {
    setBusy(true);
    setErrors({});
    try {
      await send(accountDataActions.requestDeletion, { password, confirm: confirmed as true });
      setOpen(false);
      setPassword('');
      toast.success(t('accountData.delete.done', { days }));
      await revalidator.revalidate();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else handleApiError(error);
    } finally {
      setBusy(false);
    }
  }
  const cancelCall = useBusyCall();
  const cancel = () => cancelCall.run(() => send(accountDataActions.cancelDeletion, {}), t('accountData.delete.cancelled'));

  return (
    <Card className="space-y-3 p-5" data-testid="delete-card">
      <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">{t('accountData.delete.title')}</h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('accountData.delete.intro', { days })}</p>
      <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="delete-content">{t(`accountData.delete.${data.content}`)}</p>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('accountData.delete.personal')}</p>
      {data.deletionTime !== null ? (
        <div className="space-y-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200" role="status" data-testid="deletion-scheduled">
          <p>{t('accountData.banner.text', { time: when(data.deletionTime) })}</p>
          <Button variant="secondary" loading={cancelCall.busy} onClick={() => void cancel()} data-testid="deletion-cancel">
            {t('accountData.delete.cancel')}
          </Button>
        </div>
      ) : (
        <Button variant="danger" onClick={() => setOpen(true)} data-testid="delete-open">
          {t('accountData.delete.button')}
        </Button>
      )}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('accountData.delete.dialogTitle')}
        description={t('accountData.delete.intro', { days })}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('accountData.delete.back')}
            </Button>
            <Button variant="danger" loading={busy} onClick={() => void submit()} data-testid="delete-submit">
              {t('accountData.delete.submit')}
            </Button>
          </>
        }
      >
        <div className="space-y-4">
          {data.hasPassword && (
            <Field label={t('accountData.delete.password')} error={errors.password}>
              {(props) => <Input type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} {...props} data-testid="delete-password" />}
            </Field>
          )}
          <label className="flex items-start gap-2 text-sm text-zinc-800 dark:text-zinc-200">
            <input type="checkbox" className="mt-1" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} data-testid="delete-confirm" />
            <span>{t('accountData.delete.confirm', { days })}</span>
          </label>
          {errors.confirm && (
            <p className="text-sm text-red-700 dark:text-red-400" role="alert">
              {errors.confirm}
            </p>
          )}
        </div>
      </Dialog>
    </Card>
  );
}

export default function AccountDataPage() {
  const t = useT();
  const { data } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-5">
      <h1 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">{t('accountData.page.title')}</h1>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('accountData.page.intro')}</p>
      <ExportCard data={data} />
      <DeleteCard data={data} />
    </div>
  );
}
