/**
 * `/user/profile/notifications` (issue 27): what reaches the member, per kind × channel — on the
 * site, by e-mail, by push — and the e-mail digest. Each switch is saved as it flips (POST
 * user/notification_prefs with that one switch) and confirmed with the 'Edit successful' toast;
 * a refused save puts it back. A locked channel (moderation and membership notices on the site)
 * shows on and cannot be switched. E-mail choices say so when the member has no verified address.
 */
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type NotificationChannel, type NotificationKind } from '../../../common/constants';
import { messageActions } from '../../../common/actions/messages';
import type { NotificationPrefsInput } from '../../../common/validation/notifications';
import type { NotificationPrefsView } from '../../../common/views/message';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { Switch } from '~/components/ui/switch';
import { send } from '~/lib/api';
import { paths } from '~/lib/paths';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';

type Digest = NotificationPrefsView['digest'];

/** Saves one change at a time and keeps the page's copy of the preferences in step with the answer. */
function usePrefs(initial: NotificationPrefsView) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const [prefs, setPrefs] = useState(initial);
  const [saving, setSaving] = useState(false);

  async function save(change: NotificationPrefsInput, optimistic: NotificationPrefsView) {
    // One save at a time. (Not `disabled` while saving: that would drop keyboard focus.)
    if (saving) return;
    const before = prefs;
    setPrefs(optimistic);
    setSaving(true);
    try {
      setPrefs(await send(messageActions.updatePrefs, change));
      toast.success(t('notifications.saved'));
    } catch (error) {
      setPrefs(before);
      handleApiError(error);
    } finally {
      setSaving(false);
    }
  }

  function setSwitch(kind: NotificationKind, channel: NotificationChannel, on: boolean) {
    const optimistic = { ...prefs, kinds: { ...prefs.kinds, [kind]: { ...prefs.kinds[kind], [channel]: on } } };
    void save({ kinds: { [kind]: { [channel]: on } } }, optimistic);
  }

  function setDigest(digest: Exclude<Digest, 'auto'>) {
    void save({ digest }, { ...prefs, digest });
  }

  return { prefs, saving, setSwitch, setDigest };
}

function ChannelSwitch({ kind, channel, prefs, saving, onChange }: { kind: NotificationKind; channel: NotificationChannel; prefs: NotificationPrefsView; saving: boolean; onChange: (on: boolean) => void }) {
  const t = useT();
  const locked = prefs.locked[kind]?.includes(channel) ?? false;
  return (
    <div className="flex justify-center">
      <Switch
        checked={prefs.kinds[kind][channel]}
        disabled={locked}
        onCheckedChange={onChange}
        aria-busy={saving || undefined}
        aria-label={t('notifications.switchLabel', { kind: t(`notifications.kind.${kind}.title`), channel: t(`notifications.channel.${channel}`) })}
        title={locked ? t(kind === 'conversation' ? 'notifications.lockedConversation' : 'notifications.locked') : undefined}
        data-testid={`pref-${kind}-${channel}`}
      />
    </div>
  );
}

function KindsCard({ prefs, saving, setSwitch, emailNote }: { prefs: NotificationPrefsView; saving: boolean; setSwitch: (k: NotificationKind, c: NotificationChannel, on: boolean) => void; emailNote: ReactNode }) {
  const t = useT();
  const grid = 'grid grid-cols-[minmax(0,1fr)_repeat(3,3.25rem)] items-center gap-x-2 sm:grid-cols-[minmax(0,1fr)_repeat(3,5.5rem)]';
  return (
    <Card>
      <CardHeader title={t('notifications.kinds.title')} />
      <CardBody>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('notifications.kinds.intro')}</p>
        {emailNote}
        <div role="table" aria-label={t('notifications.kinds.title')} className="mt-4">
          <div role="row" className={`${grid} border-b border-zinc-200 pb-2 text-xs font-medium text-zinc-600 dark:border-zinc-800 dark:text-zinc-400`}>
            <span role="columnheader">{t('notifications.kinds.kind')}</span>
            {NOTIFICATION_CHANNELS.map((channel) => (
              <span role="columnheader" key={channel} className="text-center">
                {t(`notifications.channel.${channel}`)}
              </span>
            ))}
          </div>
          {NOTIFICATION_KINDS.map((kind) => (
            <div role="row" key={kind} className={`${grid} border-b border-zinc-100 py-3 last:border-0 dark:border-zinc-800/60`} data-testid={`pref-row-${kind}`}>
              <div role="rowheader" className="min-w-0">
                <p className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t(`notifications.kind.${kind}.title`)}</p>
                <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{t(`notifications.kind.${kind}.hint`)}</p>
              </div>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <div role="cell" key={channel}>
                  <ChannelSwitch kind={kind} channel={channel} prefs={prefs} saving={saving} onChange={(on) => setSwitch(kind, channel, on)} />
                </div>
              ))}
            </div>
          ))}
        </div>
      </CardBody>
    </Card>
  );
}

const DIGEST_CHOICES: ReadonlyArray<{ value: Digest; key: string }> = [
  { value: 'auto', key: 'auto' },
  { value: 1, key: 'daily' },
  { value: 7, key: 'weekly' },
  { value: 0, key: 'off' },
];

function DigestCard({ digest, onChange }: { digest: Digest; onChange: (digest: Exclude<Digest, 'auto'>) => void }) {
  const t = useT();
  const name = useId();
  const legendId = useId();
  return (
    <Card>
      <CardHeader title={t('notifications.digest.title')} />
      <CardBody>
        <fieldset aria-labelledby={legendId}>
          <p id={legendId} className="text-sm text-zinc-600 dark:text-zinc-400">
            {t('notifications.digest.intro')}
          </p>
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            {DIGEST_CHOICES.map((choice) => (
              // "Auto" is only the state of a member who never chose: choosing is one of the three.
              <label
                key={choice.key}
                className={`flex cursor-pointer items-start gap-2.5 rounded-lg border px-3 py-2.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-brand-950/40 ${choice.value === 'auto' && digest !== 'auto' ? 'hidden' : ''} border-zinc-200 dark:border-zinc-700`}
              >
                <input
                  type="radio"
                  name={name}
                  className="mt-0.5 accent-brand-700"
                  checked={digest === choice.value}
                  disabled={choice.value === 'auto'}
                  onChange={() => {
                    if (choice.value !== 'auto') onChange(choice.value);
                  }}
                  data-testid={`digest-${choice.key}`}
                />
                <span>
                  <span className="block font-medium text-zinc-800 dark:text-zinc-200">{t(`notifications.digest.${choice.key}`)}</span>
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">{t(`notifications.digest.${choice.key}Hint`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </CardBody>
    </Card>
  );
}

export function NotificationPrefs({ initial, emailVerified, devices }: { initial: NotificationPrefsView; emailVerified: boolean; devices?: ReactNode }) {
  const t = useT();
  const { prefs, saving, setSwitch, setDigest } = usePrefs(initial);
  const emailNote = emailVerified ? null : (
    <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200" data-testid="prefs-email-note">
      {t('notifications.emailUnverified')}{' '}
      <Link to={paths.account} className="font-medium underline">
        {t('notifications.emailUnverifiedLink')}
      </Link>
    </p>
  );
  return (
    <div className="space-y-5">
      <KindsCard prefs={prefs} saving={saving} setSwitch={setSwitch} emailNote={emailNote} />
      {devices}
      <DigestCard digest={prefs.digest} onChange={setDigest} />
    </div>
  );
}
