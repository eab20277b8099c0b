/**
 * The authenticator app (TOTP) on /user/profile/security (issue 29): set up (the QR code and the
 * key, shown once), confirmed with a first code before it is on (then the ten recovery codes,
 * shown once), new recovery codes, turned off with a current code or a recovery code.
 */
import { useState } from 'react';
import { securityActions } from '../../../common/actions/security';
import type { SecurityView, TotpSetup } from '../../../common/views/security';
import { Button } from '~/components/ui/button';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { Field, Input } from '~/components/ui/input';
import { ApiError, send } from '~/lib/api';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';
import { EndOtherSessions, StateBadge } from './security-parts';

/** A code field with its own submit: the server's message under it. */
function CodeForm({ label, submit, onDone, testId }: { label: string; submit: string; onDone: (code: string) => Promise<void>; testId: string }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const handleApiError = useApiErrorHandler();
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        setError(undefined);
        onDone(code)
          .catch((failure: unknown) => {
            if (failure instanceof ApiError && failure.status === 400) setError(failure.fields?.code ?? failure.message);
            else handleApiError(failure);
          })
          .finally(() => setBusy(false));
      }}
    >
      <Field label={label} error={error} className="min-w-56 flex-1">
        {(props) => <Input {...props} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="one-time-code" spellCheck={false} maxLength={16} data-testid={testId} />}
      </Field>
      <Button type="submit" loading={busy}>
        {submit}
      </Button>
    </form>
  );
}

export function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  return (
    <div className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950" data-testid="recovery-codes">
      <p className="text-sm text-amber-900 dark:text-amber-100">{t('security.recovery.shown')}</p>
      <ul aria-label={t('security.recovery.listLabel')} className="grid grid-cols-2 gap-2 font-mono text-sm text-zinc-900 dark:text-zinc-50">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onDone}>
        {t('security.recovery.done')}
      </Button>
    </div>
  );
}

export function TotpPanel({ state, onChange }: { state: SecurityView; onChange: (state: SecurityView) => void }) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [endOthers, setEndOthers] = useState(false);
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    try {
      setSetup(await send(securityActions.totpSetup, {}));
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader title={t('security.totp.title')} description={t('security.totp.describe')} actions={<StateBadge on={state.totpEnabled} />} />
      <CardBody className="space-y-4">
        {codes && <RecoveryCodesShown codes={codes} onDone={() => setCodes(null)} />}
        {!state.totpEnabled && !setup && (
          <Button onClick={() => void start()} loading={busy} data-testid="totp-setup">
            {t('security.totp.setup')}
          </Button>
        )}
        {!state.totpEnabled && setup && (
          <div className="space-y-4">
            <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('security.totp.scan')}</p>
            <div className="flex flex-wrap items-start gap-4">
              <div
                role="img"
                aria-label={t('security.totp.qrAlt')}
                className="size-44 shrink-0 rounded-lg border border-zinc-200 bg-white p-2 dark:border-zinc-700 [&>svg]:size-full"
                // The SVG comes from the qrcode package drawing the otpauth URI: paths only, no script or link.
                dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
              />
              <div className="min-w-0 space-y-1">
                <p className="text-sm font-medium text-zinc-900 dark:text-zinc-50">{t('security.totp.manualKey')}</p>
                <code className="block break-all rounded bg-zinc-100 px-2 py-1 font-mono text-sm text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50" data-testid="totp-secret">
                  {setup.secret}
                </code>
              </div>
            </div>
            <EndOtherSessions checked={endOthers} onChange={setEndOthers} />
            <CodeForm
              label={t('security.totp.code')}
              submit={t('security.totp.confirm')}
              testId="totp-confirm-code"
              onDone={async (code) => {
                const answer = await send(securityActions.totpConfirm, { code, endOtherSessions: endOthers });
                setSetup(null);
                setCodes(answer.codes);
                onChange(answer.security);
                toast.success(t('security.totp.enabled'));
              }}
            />
            <Button variant="ghost" onClick={() => setSetup(null)}>
              {t('security.totp.cancel')}
            </Button>
          </div>
        )}
        {state.totpEnabled && (
          <div className="space-y-5">
            <section className="space-y-2">
              <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">{t('security.recovery.title')}</h3>
              <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="recovery-left">
                {t('security.recovery.left', { count: state.recoveryCodesLeft })}
              </p>
              <CodeForm
                label={t('security.recovery.regenerateCode')}
                submit={t('security.recovery.regenerate')}
                testId="recovery-regenerate-code"
                onDone={async (code) => {
                  const answer = await send(securityActions.regenerateRecoveryCodes, { code });
                  setCodes(answer.codes);
                  onChange(answer.security);
                  toast.success(t('security.recovery.regenerated'));
                }}
              />
            </section>
            <section className="space-y-2">
              <CodeForm
                label={t('security.totp.disableCode')}
                submit={t('security.totp.disable')}
                testId="totp-disable-code"
                onDone={async (code) => {
                  onChange(await send(securityActions.totpDisable, { code }));
                  setCodes(null);
                  toast.success(t('security.totp.disabled'));
                }}
              />
            </section>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
