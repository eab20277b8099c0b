/**
 * Account settings: notifications — one switch, "e-mail me when someone replies to me" (the
 * `reply_mail` flag, API.md `GET|POST user/settings`). Seeded by the page loader; each flip is
 * saved at once and confirmed with the 'Edit successful' toast. A refused save puts the switch
 * back and shows the error.
 */
import { useId, useState } from 'react';
import { MESSAGE_LIMITS } from '../../../common/constants';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { Switch } from '~/components/ui/switch';
import { PushToggle } from '~/components/push/push-toggle';
import { send } from '~/lib/api';
import { messageActions } from '../../../common/actions/messages';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useAccountSaved } from './use-account-update';
import { useT } from '~/lib/use-t';

export interface NotificationSettings {
  replyMail: boolean;
}

export function NotificationSection({ settings }: { settings: NotificationSettings }) {
  const t = useT();
  const saved = useAccountSaved();
  const handleApiError = useApiErrorHandler();
  const [replyMail, setReplyMail] = useState(settings.replyMail);
  const [saving, setSaving] = useState(false);
  const labelId = useId();
  const hintId = useId();

  async function change(on: boolean) {
    // One save at a time. (Not `disabled` while saving: that would drop keyboard focus.)
    if (saving) return;
    setReplyMail(on);
    setSaving(true);
    try {
      const result = await send(messageActions.updateSettings, { replyMail: on });
      setReplyMail(result.replyMail);
      await saved();
    } catch (error) {
      setReplyMail(!on);
      handleApiError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <CardHeader title={t('accountSettings.notifications.title')} />
      <CardBody>
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <p id={labelId} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
              {t('accountSettings.notifications.replyMail')}
            </p>
            <p id={hintId} className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              {t('accountSettings.notifications.replyMailHint', { minutes: Math.round(MESSAGE_LIMITS.replyMailWindowMs / 60_000) })}
            </p>
          </div>
          <Switch
            checked={replyMail}
            onCheckedChange={(on) => void change(on)}
            aria-busy={saving || undefined}
            aria-labelledby={labelId}
            aria-describedby={hintId}
            className="mt-0.5"
            data-testid="reply-mail-switch"
          />
        </div>
        {/* This device's push notifications (modules/push); the notifications page will hold it. */}
        <div className="mt-4 border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <PushToggle />
        </div>
      </CardBody>
    </Card>
  );
}
