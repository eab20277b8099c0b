/**
 * The back office's setting of what becomes of an erased member's posts (issue 29, ADR 0039):
 * kept under "Deleted member", or removed. A radio group inside the settings form.
 */
import { ACCOUNT_DELETION_CONTENT, type AccountDeletionContent } from '../../../common/validation/settings';
import { useT } from '~/lib/use-t';

export function DeletionContentSetting({ value, onChange, error }: { value: AccountDeletionContent | undefined; onChange: (value: AccountDeletionContent) => void; error?: string }) {
  const t = useT();
  return (
    <fieldset className="space-y-2" data-testid="setting-accountDeletion">
      <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{t('accountData.admin.label')}</legend>
      {ACCOUNT_DELETION_CONTENT.map((choice) => (
        <label key={choice} className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
          <input type="radio" name="accountDeletion.content" value={choice} checked={value === choice} onChange={() => onChange(choice)} data-testid={`setting-accountDeletion-${choice}`} />
          {t(`accountData.admin.${choice}`)}
        </label>
      ))}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('accountData.admin.hint')}</p>
      {error && (
        <p className="text-sm text-red-700 dark:text-red-400" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
