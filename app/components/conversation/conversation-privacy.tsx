/**
 * Account settings: who may start a private conversation with me (issue 28) — everyone, members
 * I follow, nobody. Saved as it is chosen; conversations already begun go on.
 */
import { useId, useState } from 'react';
import { conversationActions } from '../../../common/actions/conversations';
import { WHO_MAY_START, type WhoMayStart } from '../../../common/constants';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { send } from '~/lib/api';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';

export function ConversationPrivacy({ initial }: { initial: WhoMayStart }) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const name = useId();
  const legendId = useId();
  const [value, setValue] = useState(initial);
  const [saving, setSaving] = useState(false);

  async function choose(next: WhoMayStart) {
    if (saving || next === value) return;
    const before = value;
    setValue(next);
    setSaving(true);
    try {
      setValue((await send(conversationActions.updateSettings, { whoMayStart: next })).whoMayStart);
      toast.success(t('conversation.settings.saved'));
    } catch (error) {
      setValue(before);
      handleApiError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card data-testid="conversation-privacy">
      <CardHeader title={t('conversation.settings.title')} />
      <CardBody>
        <fieldset aria-labelledby={legendId}>
          <p id={legendId} className="text-sm text-zinc-600 dark:text-zinc-400">
            {t('conversation.settings.intro')}
          </p>
          <div className="mt-3 grid gap-2 sm:grid-cols-3">
            {WHO_MAY_START.map((choice) => (
              <label
                key={choice}
                className="has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-brand-950/40 flex cursor-pointer items-start gap-2.5 rounded-lg border border-zinc-200 px-3 py-2.5 text-sm dark:border-zinc-700"
              >
                <input type="radio" name={name} className="accent-brand-700 mt-0.5" checked={value === choice} onChange={() => void choose(choice)} data-testid={`who-may-start-${choice}`} />
                <span>
                  <span className="block font-medium text-zinc-800 dark:text-zinc-200">{t(`conversation.settings.${choice}`)}</span>
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">{t(`conversation.settings.${choice}Hint`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </CardBody>
    </Card>
  );
}
