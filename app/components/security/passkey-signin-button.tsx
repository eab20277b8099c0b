/**
 * "Sign in with a passkey" on /user/signin (issue 29): discoverable credentials, so no username
 * is asked. The WebAuthn browser library loads on the click, never with the page. A closed prompt
 * says nothing; a failure says so in the form's alert.
 */
import { useState } from 'react';
import { securityActions } from '../../../common/actions/security';
import type { InputOf } from '../../../common/actions/contract';
import { useAfterSignIn } from '~/components/account/use-signed-in';
import { Button } from '~/components/ui/button';
import { ApiError, send } from '~/lib/api';
import { useToast } from '~/lib/toast';
import { useT } from '~/lib/use-t';

type SignInInput = InputOf<typeof securityActions.passkeySignIn>;

/** A prompt the person closed or that timed out (WebAuthn's NotAllowedError): not an error to show. */
export function isCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

export function PasskeySignInButton({ redirect, onError }: { redirect: string | undefined; onError: (message: string | undefined) => void }) {
  const t = useT();
  const toast = useToast();
  const afterSignIn = useAfterSignIn();
  const [busy, setBusy] = useState(false);

  async function signIn() {
    setBusy(true);
    onError(undefined);
    try {
      const { startAuthentication, browserSupportsWebAuthn } = await import('@simplewebauthn/browser');
      if (!browserSupportsWebAuthn()) {
        onError(t('security.passkeys.unsupported'));
        return;
      }
      const { options } = await send(securityActions.passkeySignInOptions, {});
      const response = await startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
      const answer = await send(securityActions.passkeySignIn, { response: response as unknown as SignInInput['response'], redirect });
      toast.success(t('account.signin.success'));
      await afterSignIn(answer.redirect);
    } catch (error) {
      if (isCancelled(error)) return;
      onError(error instanceof ApiError ? error.message : t('security.signin.passkeyFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button type="button" variant="secondary" size="lg" className="w-full" loading={busy} onClick={() => void signIn()} data-testid="passkey-signin">
      {t('security.signin.passkey')}
    </Button>
  );
}
