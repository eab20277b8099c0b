/**
 * The back office's "Sign-in providers" tab (issue 29, ADR 0035): one card per provider with its
 * switch, client id, client secret (write-only: the card says whether one is stored and a typed
 * one replaces it; it is never read back), addresses (LINE, Google and a generic provider's
 * issuer; GitHub's and WeChat's sign-in and API bases, for a local or proxied provider), a
 * generic provider's button name, and the callback URL to register at the provider. Each card
 * saves on its own (POST admin/sign-in-providers).
 */
import { useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { identityActions } from '../../../common/actions/identities';
import type { ProviderId } from '../../../common/validation/identities';
import type { AdminProviderView } from '../../../common/views/identities';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { Field, Input } from '~/components/ui/input';
import { Switch } from '~/components/ui/switch';
import { ApiError, send } from '~/lib/api';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';

const TITLES: Record<ProviderId, string> = { line: 'LINE', google: 'Google', github: 'GitHub', wechat: 'WeChat', oidc: 'OpenID Connect' };
const DEFAULT_ISSUER: Partial<Record<ProviderId, string>> = { line: 'https://access.line.me', google: 'https://accounts.google.com', github: 'https://github.com', wechat: 'https://open.weixin.qq.com' };
const DEFAULT_API: Partial<Record<ProviderId, string>> = { github: 'https://api.github.com', wechat: 'https://api.weixin.qq.com' };

function ProviderCard({ row }: { row: AdminProviderView }) {
  const t = useT();
  const toast = useToast();
  const revalidator = useRevalidator();
  const handleApiError = useApiErrorHandler();
  const switchId = useId();
  const [values, setValues] = useState({ enabled: row.enabled, clientId: row.clientId, clientSecret: '', issuer: row.issuer, apiUrl: row.apiUrl, name: row.name });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const title = row.provider === 'oidc' && row.name ? row.name : TITLES[row.provider];
  const bind = (key: keyof Omit<typeof values, 'enabled'>) => ({ value: values[key], onChange: (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [key]: event.target.value }) });
  const usesBase = row.provider === 'github' || row.provider === 'wechat';

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await send(identityActions.adminSave, { provider: row.provider, ...values, clientSecret: values.clientSecret || undefined });
      setValues({ ...values, clientSecret: '' });
      toast.success(t('signInProviders.admin.saved', { name: title }));
      await revalidator.revalidate();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else handleApiError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card className="p-5">
      <form onSubmit={(event) => void save(event)} noValidate className="space-y-4" data-testid={`provider-settings-${row.provider}`}>
        <div className="flex items-center justify-between gap-3">
          <h3 id={`${switchId}-title`} className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
            {title}
          </h3>
          <label className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
            <Switch checked={values.enabled} onCheckedChange={(enabled) => setValues({ ...values, enabled })} data-testid={`provider-enabled-${row.provider}`} />
            {t('signInProviders.admin.enabled')}
          </label>
        </div>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t(`signInProviders.admin.notes.${row.provider}`)}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={row.provider === 'wechat' ? t('signInProviders.admin.clientIdWechat') : t('signInProviders.admin.clientId')} error={errors.clientId}>
            {(props) => <Input {...props} {...bind('clientId')} autoComplete="off" spellCheck={false} data-testid={`provider-client-id-${row.provider}`} />}
          </Field>
          <Field label={t('signInProviders.admin.clientSecret')} error={errors.clientSecret} hint={row.secretSet ? t('signInProviders.admin.secretSet') : t('signInProviders.admin.secretNotSet')}>
            {(props) => <Input {...props} {...bind('clientSecret')} type="password" autoComplete="new-password" data-testid={`provider-secret-${row.provider}`} />}
          </Field>
          <Field
            label={usesBase ? t('signInProviders.admin.baseUrl') : t('signInProviders.admin.issuer')}
            error={errors.issuer}
            required={row.provider === 'oidc'}
            hint={DEFAULT_ISSUER[row.provider] ? t('signInProviders.admin.issuerDefault', { url: DEFAULT_ISSUER[row.provider] }) : undefined}
          >
            {(props) => <Input {...props} {...bind('issuer')} type="url" spellCheck={false} data-testid={`provider-issuer-${row.provider}`} />}
          </Field>
          {usesBase && (
            <Field label={t('signInProviders.admin.apiUrl')} error={errors.apiUrl} hint={t('signInProviders.admin.issuerDefault', { url: DEFAULT_API[row.provider] })}>
              {(props) => <Input {...props} {...bind('apiUrl')} type="url" spellCheck={false} />}
            </Field>
          )}
          {row.provider === 'oidc' && (
            <Field label={t('signInProviders.admin.name')} error={errors.name}>
              {(props) => <Input {...props} {...bind('name')} maxLength={64} data-testid="provider-name-oidc" />}
            </Field>
          )}
        </div>
        <div className="space-y-1">
          <p className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('signInProviders.admin.callbackUrl')}</p>
          <code className="block overflow-x-auto rounded-md bg-zinc-100 px-3 py-2 text-xs text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100" data-testid={`provider-callback-${row.provider}`}>
            {row.callbackUrl}
          </code>
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={busy} data-testid={`provider-save-${row.provider}`}>
            {t('signInProviders.admin.save', { name: title })}
          </Button>
        </div>
      </form>
    </Card>
  );
}

export function SignInProvidersSettings({ providers }: { providers: readonly AdminProviderView[] }) {
  const t = useT();
  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('signInProviders.admin.intro')}</p>
      {providers.map((row) => (
        <ProviderCard key={`${row.provider}-${row.secretSet}-${row.clientId}`} row={row} />
      ))}
    </div>
  );
}
