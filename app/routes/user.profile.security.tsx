/**
 * `/user/profile/security` (issue 29, profile layout, sign-in required): the member's second
 * factors — an authenticator app (TOTP) with its recovery codes, and passkeys. `?required=1` (or
 * the site's staff requirement) shows why a moderator or admin was sent here.
 */
import { useState } from 'react';
import { useLoaderData, useSearchParams, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { securityActions } from '../../common/actions/security';
import type { SecurityView } from '../../common/views/security';
import { accountMeta } from '~/components/account/page-meta';
import { unwrapResult } from '~/components/comment/ucenter-data.server';
import { PasskeysPanel } from '~/components/security/passkeys-panel';
import { TotpPanel } from '~/components/security/totp-panel';
import { requireUser } from '~/lib/auth.server';
import { useT } from '~/lib/use-t';

export const meta = accountMeta('security.settings.title');

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  requireUser(context, request);
  return { state: unwrapResult(await context.read(securityActions.state, {})) };
}

export default function SecuritySettingsPage() {
  const t = useT();
  const loaded = useLoaderData<typeof loader>();
  const [state, setState] = useState<SecurityView>(loaded.state);
  const [params] = useSearchParams();
  const required = state.setupRequired || (params.get('required') === '1' && !state.totpEnabled && state.passkeys.length === 0);

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">{t('security.settings.title')}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('security.settings.intro')}</p>
      </div>
      {required && (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200" data-testid="security-required">
          {t('security.settings.required')}
        </p>
      )}
      <TotpPanel state={state} onChange={setState} />
      <PasskeysPanel state={state} onChange={setState} />
    </div>
  );
}
