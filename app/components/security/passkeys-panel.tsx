/**
 * Passkeys on /user/profile/security (issue 29): add one under a name (the browser's WebAuthn
 * prompt; its library loads on the click), list them (name, added, last used), rename, remove.
 */
import { useState } from 'react';
import { securityActions } from '../../../common/actions/security';
import type { InputOf } from '../../../common/actions/contract';
import type { PasskeyView, SecurityView } from '../../../common/views/security';
import { LocalDateTime } from '~/components/moderation/local-date-time';
import { Button } from '~/components/ui/button';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { Field, Input } from '~/components/ui/input';
import { ApiError, send } from '~/lib/api';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';
import { isCancelled } from './passkey-signin-button';
import { EndOtherSessions, StateBadge } from './security-parts';

type AddInput = InputOf<typeof securityActions.passkeyAdd>;

function PasskeyRow({ passkey, onChange }: { passkey: PasskeyView; onChange: (state: SecurityView) => void }) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [busy, setBusy] = useState(false);

  async function act(run: () => Promise<SecurityView>, message: string) {
    setBusy(true);
    try {
      onChange(await run());
      toast.success(message);
      setEditing(false);
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="passkey-row">
      {editing ? (
        <form
          noValidate
          className="flex flex-1 flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void act(() => send(securityActions.passkeyRename, { id: passkey.id, name }), t('security.passkeys.renamed'));
          }}
        >
          <Field label={t('security.passkeys.name')} className="min-w-48 flex-1">
            {(props) => <Input {...props} value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />}
          </Field>
          <Button type="submit" size="sm" loading={busy}>
            {t('security.passkeys.save')}
          </Button>
        </form>
      ) : (
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-zinc-900 dark:text-zinc-50" data-testid="passkey-name">
            {passkey.name}
          </p>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            {t('security.passkeys.createdAt')} <LocalDateTime time={passkey.createTime} compact /> ·{' '}
            {passkey.lastUsedTime ? (
              <>
                {t('security.passkeys.lastUsed')} <LocalDateTime time={passkey.lastUsedTime} compact />
              </>
            ) : (
              t('security.passkeys.neverUsed')
            )}
          </p>
        </div>
      )}
      {!editing && (
        <Button variant="secondary" size="sm" onClick={() => setEditing(true)} aria-label={t('security.passkeys.renameName', { name: passkey.name })}>
          {t('security.passkeys.rename')}
        </Button>
      )}
      <Button
        variant="danger"
        size="sm"
        loading={busy && !editing}
        onClick={() => void act(() => send(securityActions.passkeyRemove, { id: passkey.id }), t('security.passkeys.removed'))}
        aria-label={t('security.passkeys.removeName', { name: passkey.name })}
        data-testid="passkey-remove"
      >
        {t('security.passkeys.remove')}
      </Button>
    </li>
  );
}

export function PasskeysPanel({ state, onChange }: { state: SecurityView; onChange: (state: SecurityView) => void }) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const [name, setName] = useState(() => t('security.passkeys.defaultName'));
  const [endOthers, setEndOthers] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function add() {
    setBusy(true);
    setError(undefined);
    try {
      const { startRegistration, browserSupportsWebAuthn } = await import('@simplewebauthn/browser');
      if (!browserSupportsWebAuthn()) {
        setError(t('security.passkeys.unsupported'));
        return;
      }
      const { options } = await send(securityActions.passkeyOptions, {});
      const response = await startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
      onChange(await send(securityActions.passkeyAdd, { name, response: response as unknown as AddInput['response'], endOtherSessions: endOthers }));
      toast.success(t('security.passkeys.added'));
    } catch (failure) {
      if (isCancelled(failure)) setError(t('security.passkeys.cancelled'));
      else if (failure instanceof ApiError && failure.status === 400) setError(failure.fields?.name ?? failure.fields?.response ?? failure.message);
      else handleApiError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader title={t('security.passkeys.title')} description={t('security.passkeys.describe')} actions={<StateBadge on={state.passkeys.length > 0} />} />
      <CardBody className="space-y-4">
        {state.passkeys.length === 0 ? (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('security.passkeys.empty')}</p>
        ) : (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label={t('security.passkeys.title')}>
            {state.passkeys.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} onChange={onChange} />
            ))}
          </ul>
        )}
        <form
          noValidate
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <Field label={t('security.passkeys.name')} error={error}>
            {(props) => <Input {...props} value={name} maxLength={64} onChange={(e) => setName(e.target.value)} data-testid="passkey-name-input" />}
          </Field>
          <EndOtherSessions checked={endOthers} onChange={setEndOthers} />
          <Button type="submit" loading={busy} data-testid="passkey-add">
            {t('security.passkeys.add')}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
