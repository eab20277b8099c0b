/**
 * `/user/profile/account` (spec §2, profile layout, sign-in required): username (once), e-mail
 * with its verification, the password, a link to the notification settings, and who may start a
 * private conversation with the member (issue 28), and their phone (issue 29). The loader reads the signed-in user in-process;
 * each section re-runs it after a change.
 */
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { EmailSection } from '~/components/account/email-section';
import { NotificationSection } from '~/components/account/notification-section';
import { accountMeta } from '~/components/account/page-meta';
import { PasswordSection } from '~/components/account/password-section';
import { PhoneSection } from '~/components/account/phone-section';
import { UsernameSection } from '~/components/account/username-section';
import { ConversationPrivacy } from '~/components/conversation/conversation-privacy';
import { requireUser } from '~/lib/auth.server';
import { conversationActions } from '../../common/actions/conversations';
import { phoneActions } from '../../common/actions/phone';
import { useT } from '~/lib/use-t';

export const meta = accountMeta('accountSettings.title');

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  const user = requireUser(context, request);
  // Only what this page shows: it is serialized into the HTML.
  const [conversations, phone] = await Promise.all([context.read(conversationActions.settings, {}), context.read(phoneActions.mine, {})]);
  return {
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerified,
    passwordSet: user.passwordSet,
    phone: phone.ok ? phone.data : { phone: null, removable: false },
    whoMayStart: conversations.ok ? conversations.data.whoMayStart : ('everyone' as const),
  };
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
      <PhoneSection initial={account.phone} />
      <NotificationSection />
      <ConversationPrivacy initial={account.whoMayStart} />
    </div>
  );
}
