/**
 * The moderators' menu entries for an item's comment rules (issue 28): lock or unlock comments,
 * and slow mode (a dialog for the seconds). Each is `topic|article/comment_rules/{id}`; the page's
 * loaders then re-run, so the notice and the comment box follow.
 */
import { useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { articleActions } from '../../../common/actions/articles';
import { topicActions } from '../../../common/actions/topics';
import { SLOW_MODE_MAX_SECONDS } from '../../../common/validation/topic';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { DropdownItem } from '~/components/ui/dropdown';
import { ClockIcon, LockIcon } from '~/components/ui/icons';
import { Field, Input } from '~/components/ui/input';
import { send } from '~/lib/api';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';
import type { CommentRules } from './comment-rules';

type Kind = 'topic' | 'article';

function useRulesSetter(kind: Kind, id: number) {
  const revalidator = useRevalidator();
  const handleApiError = useApiErrorHandler();
  return async (rules: CommentRules): Promise<boolean> => {
    try {
      await send(kind === 'topic' ? topicActions.commentRules : articleActions.commentRules, { id, ...rules });
      await revalidator.revalidate();
      return true;
    } catch (error) {
      handleApiError(error);
      return false;
    }
  };
}

/** The menu entries; the slow mode dialog is rendered beside the menu (`dialog`). */
export function useCommentRulesMenu(kind: Kind, item: { id: number; commentsLocked: boolean; slowModeSeconds: number }) {
  const t = useT();
  const toast = useToast();
  const setRules = useRulesSetter(kind, item.id);
  const [slowOpen, setSlowOpen] = useState(false);
  const rules = { locked: item.commentsLocked, slowModeSeconds: item.slowModeSeconds };

  async function toggleLock() {
    if (await setRules({ ...rules, locked: !rules.locked })) toast.success(t(rules.locked ? 'safety.lock.didUnlock' : 'safety.lock.didLock'));
  }

  const items = (
    <>
      <DropdownItem onSelect={() => void toggleLock()}>
        <LockIcon className="size-4" />
        {rules.locked ? t('safety.lock.unlock') : t('safety.lock.lock')}
      </DropdownItem>
      <DropdownItem onSelect={() => setSlowOpen(true)}>
        <ClockIcon className="size-4" />
        {t('safety.lock.slowModeTitle')}
      </DropdownItem>
    </>
  );
  const dialog = <SlowModeDialog open={slowOpen} onOpenChange={setSlowOpen} initial={rules.slowModeSeconds} onSave={async (seconds) => (await setRules({ ...rules, slowModeSeconds: seconds })) && (toast.success(t('safety.lock.didSlowMode')), true)} />;
  return { items, dialog };
}

function SlowModeDialog({ open, onOpenChange, initial, onSave }: { open: boolean; onOpenChange: (open: boolean) => void; initial: number; onSave: (seconds: number) => Promise<boolean> }) {
  const t = useT();
  const formId = useId();
  const [value, setValue] = useState(String(initial));
  const [busy, setBusy] = useState(false);
  const seconds = Number(value);
  const valid = /^\d{1,6}$/.test(value) && seconds <= SLOW_MODE_MAX_SECONDS;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!valid) return;
    setBusy(true);
    const ok = await onSave(seconds);
    setBusy(false);
    if (ok) onOpenChange(false);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setValue(String(initial));
        onOpenChange(next);
      }}
      size="sm"
      title={t('safety.lock.slowModeTitle')}
      footer={
        <Button type="submit" form={formId} loading={busy} disabled={!valid} data-testid="slow-mode-save">
          {t('safety.lock.save')}
        </Button>
      }
    >
      <form id={formId} onSubmit={(event) => void save(event)} noValidate>
        <Field label={t('safety.lock.slowModeLabel')} error={valid ? undefined : t('safety.validation.slowModeSeconds')}>
          {(control) => <Input {...control} type="number" min={0} max={SLOW_MODE_MAX_SECONDS} inputMode="numeric" value={value} onChange={(event) => setValue(event.target.value)} data-testid="slow-mode-seconds" />}
        </Field>
      </form>
    </Dialog>
  );
}
