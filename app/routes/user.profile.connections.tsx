/**
 * `/user/profile/connections` (issue 29, profile layout, sign-in required): the member's linked
 * sign-in providers (which, as whom, since when), Disconnect on each — refused by the server when
 * it is the account's last way in, and said so here before a click — and a Connect button for
 * each provider switched on and not linked (the round trip links it to this account).
 */
import { useState } from 'react';
import { useLoaderData, useRevalidator, useSearchParams, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { identityActions } from '../../common/actions/identities';
import type { LinkedIdentityView } from '../../common/views/identities';
import { FormAlert, FormNotice } from '~/components/account/auth-card';
import { accountMeta } from '~/components/account/page-meta';
import { unwrapResult } from '~/components/comment/ucenter-data.server';
import { ProviderButton, providerStartUrl, useProviderError } from '~/components/identities/provider-buttons';
import { LocalDateTime } from '~/components/moderation/local-date-time';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { send } from '~/lib/api';
import { requireUser } from '~/lib/auth.server';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';

export const meta = accountMeta('signInProviders.connections.title');

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  requireUser(context, request);
  return { view: unwrapResult(await context.read(identityActions.connections, {})) };
}

function LinkedRow({ row, last, onUnlinked }: { row: LinkedIdentityView; last: boolean; onUnlinked: () => Promise<void> }) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const [busy, setBusy] = useState(false);
  async function unlink() {
    setBusy(true);
    try {
      await send(identityActions.unlink, { provider: row.provider });
      toast.success(t('signInProviders.connections.unlinked', { name: row.name }));
      await onUnlinked();
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid={`linked-${row.provider}`}>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-zinc-900 dark:text-zinc-50">{row.name}</p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {row.displayName ? `${t('signInProviders.connections.as', { name: row.displayName })} · ` : ''}
          {t('signInProviders.connections.since')} <LocalDateTime time={row.createTime} />
        </p>
      </div>
      <Button variant="secondary" size="sm" loading={busy} onClick={() => void unlink()} aria-label={t('signInProviders.connections.unlinkName', { name: row.name })} data-testid={`unlink-${row.provider}`}>
        {t('signInProviders.connections.unlink')}
      </Button>
      {last && (
        <p className="w-full text-xs text-zinc-700 dark:text-zinc-300" data-testid="last-way-in">
          {t('signInProviders.connections.lastWayIn')}
        </p>
      )}
    </li>
  );
}

export default function ConnectionsPage() {
  const t = useT();
  const { view } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const error = useProviderError(params.get('error'));
  const linkedNow = view.linked.find((row) => row.provider === params.get('linked'));
  const last = view.waysIn <= 1;
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">{t('signInProviders.connections.title')}</h1>
        <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{t('signInProviders.connections.intro')}</p>
      </div>
      <FormAlert message={error ?? undefined} />
      {linkedNow && <FormNotice>{t('signInProviders.connections.linkedNotice', { name: linkedNow.name })}</FormNotice>}
      <Card>
        {view.linked.length === 0 ? (
          <p className="px-4 py-3 text-sm text-zinc-700 dark:text-zinc-300">{t('signInProviders.connections.none')}</p>
        ) : (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label={t('signInProviders.connections.linked')}>
            {view.linked.map((row) => (
              <LinkedRow key={row.provider} row={row} last={last} onUnlinked={() => revalidator.revalidate()} />
            ))}
          </ul>
        )}
      </Card>
      <section aria-labelledby="connect-heading" className="space-y-3">
        <h2 id="connect-heading" className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
          {t('signInProviders.connections.available')}
        </h2>
        {view.available.length === 0 && view.linked.length === 0 ? (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('signInProviders.connections.noneAvailable')}</p>
        ) : (
          <div className="grid max-w-sm gap-3">
            {view.available.map((provider) => (
              <ProviderButton key={provider.id} provider={provider.id} label={t('signInProviders.connections.connect', { name: provider.name })} href={providerStartUrl(provider.id)} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
