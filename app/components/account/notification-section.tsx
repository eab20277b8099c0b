/**
 * Account settings: notifications. The single "e-mail me replies" switch grew into the
 * notification settings page (issue 27: every kind on the site, by e-mail and by push, and the
 * digest); this card says so and leads there, so a member who looks for it here finds it.
 */
import { Link } from 'react-router';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { paths } from '~/lib/paths';
import { useT } from '~/lib/use-t';

export function NotificationSection() {
  const t = useT();
  return (
    <Card>
      <CardHeader title={t('accountSettings.notifications.title')} />
      <CardBody>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('accountSettings.notifications.moved')}</p>
        <Link to={paths.notificationSettings} className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline dark:text-brand-300" data-testid="account-notifications-link">
          {t('accountSettings.notifications.open')}
        </Link>
      </CardBody>
    </Card>
  );
}
