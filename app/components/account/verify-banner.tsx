/**
 * The reminder an unverified member sees on every page (under the header) until the e-mail is
 * verified: posting needs a verified address (spec §5), and the sign-up mail is easy to miss.
 * "Resend" asks for a fresh link; its refusals (too many mails: 429 with the wait, in the
 * member's language) are shown in the banner itself, where the member is looking.
 */
import { authActions } from '../../../common/actions/auth';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { ApiError, send } from '~/lib/api';
import { paths } from '~/lib/paths';
import { useOptionalRootData } from '~/lib/session';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';

type ResendState = { state: 'idle' } | { state: 'sending' } | { state: 'sent' } | { state: 'refused'; message: string };

export function VerifyEmailBanner() {
  const user = useOptionalRootData()?.user;
  if (!user?.email || user.emailVerified) return null;
  // Keyed by address: a new address starts with a fresh "resend".
  return <BannerFor key={user.email} email={user.email} />;
}

function BannerFor({ email }: { email: string }) {
  const t = useT();
  const [resend, sendMail] = useResend();
  return (
    <div
      role="region"
      aria-label={t('accountSettings.banner.label')}
      data-testid="verify-banner"
      className="border-b border-amber-300/70 bg-amber-50 text-amber-950 dark:border-amber-700/50 dark:bg-amber-950/40 dark:text-amber-50"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 text-sm">
        <p className="min-w-0 flex-1 basis-64 leading-6">
          {t('accountSettings.banner.text', { email })}{' '}
          <Link to={paths.account} className="font-medium underline underline-offset-2">
            {t('accountSettings.banner.change')}
          </Link>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <span role="status" className="leading-6">
            {resend.state === 'sent' && t('accountSettings.banner.sent')}
            {resend.state === 'refused' && <span className="font-medium text-red-800 dark:text-red-200">{resend.message}</span>}
          </span>
          <Button size="sm" variant="secondary" onClick={sendMail} loading={resend.state === 'sending'}>
            {t('accountSettings.banner.resend')}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** Sends the verification mail again; a refusal the server explains (rate limit, mail down) stays in the banner, the rest goes the usual way (sign-in toast). */
function useResend(): [ResendState, () => void] {
  const handleApiError = useApiErrorHandler();
  const [state, setState] = useState<ResendState>({ state: 'idle' });
  const sendMail = () => {
    setState({ state: 'sending' });
    send(authActions.sendVerifyEmail, {})
      .then(() => setState({ state: 'sent' }))
      .catch((error: unknown) => {
        if (error instanceof ApiError && !error.isNotSignedIn && error.message) return setState({ state: 'refused', message: error.message });
        setState({ state: 'idle' });
        handleApiError(error);
      });
  };
  return [state, sendMail];
}
