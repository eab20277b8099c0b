/**
 * `/user/email/verify?token=` (spec §2, §8): confirms the e-mail named by a verification mail.
 * The token is sent with a POST from the browser once the page runs, not consumed by the
 * page's GET: mail scanners and link previews fetch links without running scripts, and must
 * not use up the visitor's link.
 */
import { authActions } from '../../common/actions/auth';
import { useEffect, useRef, useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import { AuthCard, FormAlert, FormNotice } from '~/components/account/auth-card';
import { accountMeta } from '~/components/account/page-meta';
import { ButtonLink } from '~/components/ui/button';
import { LoadingBlock } from '~/components/ui/spinner';
import { ApiError, send } from '~/lib/api';
import { paths, signInPath } from '~/lib/paths';
import { useCurrentUser } from '~/lib/session';
import { useT } from '~/lib/use-t';

export const meta = accountMeta('account.verify.title');

type VerifyState = { state: 'verifying' } | { state: 'verified'; email: string } | { state: 'failed'; reason: string };

export default function VerifyEmailPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const result = useVerification(token);
  return (
    <AuthCard title={t('account.verify.title')}>
      <div className="space-y-5">
        {!token ? <FormAlert message={t('account.verify.missingToken')} /> : <VerifyResult result={result} />}
        <VerifyLinks />
      </div>
    </AuthCard>
  );
}

function useVerification(token: string): VerifyState {
  const t = useT();
  const revalidator = useRevalidator();
  const [result, setResult] = useState<VerifyState>({ state: 'verifying' });
  // A token works once: React's development double effects must not send it twice.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    send(authActions.verifyEmail, { token })
      .then((answer) => {
        setResult({ state: 'verified', email: answer.email });
        // A signed-in visitor's header and account page now know the e-mail is verified.
        void revalidator.revalidate();
      })
      .catch((error: unknown) => {
        const reason = error instanceof ApiError ? error.message : t('common.unknownError');
        setResult({ state: 'failed', reason });
      });
  }, [token, revalidator, t]);
  return result;
}

function VerifyResult({ result }: { result: VerifyState }) {
  const t = useT();
  if (result.state === 'verifying') return <LoadingBlock />;
  if (result.state === 'verified') return <FormNotice>{t('account.verify.success', { email: result.email })}</FormNotice>;
  return <FormAlert message={t('account.verify.failed', { reason: result.reason })} />;
}

function VerifyLinks() {
  const t = useT();
  const user = useCurrentUser();
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <ButtonLink to={paths.home} variant="secondary" className="flex-1">
        {t('account.verify.home')}
      </ButtonLink>
      {user ? (
        <ButtonLink to={paths.account} className="flex-1">
          {t('account.verify.account')}
        </ButtonLink>
      ) : (
        <ButtonLink to={signInPath(paths.account)} className="flex-1">
          {t('account.verify.signin')}
        </ButtonLink>
      )}
    </div>
  );
}
