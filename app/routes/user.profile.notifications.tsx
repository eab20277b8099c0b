/**
 * `/user/profile/notifications` (issue 27, profile layout, sign-in required): what reaches the
 * member — each kind on the site, by e-mail and by push — and the e-mail digest.
 */
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { accountMeta } from '~/components/account/page-meta';
import { unwrapResult } from '~/components/comment/ucenter-data.server';
import { NotificationPrefs } from '~/components/notifications/notification-prefs';
import { PushToggle } from '~/components/push/push-toggle';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { requireUser } from '~/lib/auth.server';
import { useT } from '~/lib/use-t';
import { messageActions } from '../../common/actions/messages';

export const meta = accountMeta('notifications.title');

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  const user = requireUser(context, request);
  const prefs = unwrapResult(await context.read(messageActions.prefs, {}));
  return { prefs, emailVerified: Boolean(user.email && user.emailVerified) };
}

export default function NotificationSettingsPage() {
  const t = useT();
  const { prefs, emailVerified } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">{t('notifications.title')}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('notifications.description')}</p>
      </div>
      <NotificationPrefs
        initial={prefs}
        emailVerified={emailVerified}
        devices={
          <Card>
            <CardHeader title={t('notifications.device.title')} />
            <CardBody>
              <PushToggle />
            </CardBody>
          </Card>
        }
      />
    </div>
  );
}
