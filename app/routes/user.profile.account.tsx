/**
 * `/user/profile/account` (spec §2, profile layout, sign-in required): username (once), e-mail
 * with its verification, the password, and a link to the notification settings. The loader reads the signed-in user in-process;
 * each section re-runs it after a change.
 */
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { EmailSection } from '~/components/account/email-section';
import { NotificationSection } from '~/components/account/notification-section';
import { accountMeta } from '~/components/account/page-meta';
import { PasswordSection } from '~/components/account/password-section';
import { UsernameSection } from '~/components/account/username-section';
import { requireUser } from '~/lib/auth.server';
import { useT } from '~/lib/use-t';

export const meta = accountMeta('accountSettings.title');

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  const user = requireUser(context, request);
  // Only what this page shows: it is serialized into the HTML.
  return { username: user.username, email: user.email, emailVerified: user.emailVerified, passwordSet: user.passwordSet };
}

export default function AccountSettingsPage() {
  const t = useT();
  const account = useLoaderData<typeof loader>();
  return (
    <div className="space-y-5">
      <h1 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">{t('accountSettings.title')}</h1>
      <UsernameSection username={account.username} />
      <EmailSection email={account.email} verified={account.emailVerified} />
      <PasswordSection passwordSet={account.passwordSet} />
      <NotificationSection />
    </div>
  );
}
