/** Small parts the security settings share (issue 29): on/off, "sign out of my other sessions". */
import { useId } from 'react';
import { useT } from '~/lib/use-t';

export function StateBadge({ on }: { on: boolean }) {
  const t = useT();
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium ${on ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100' : 'bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200'}`}
      data-testid="factor-state"
    >
      {on ? t('security.settings.on') : t('security.settings.off')}
    </span>
  );
}

export function EndOtherSessions({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const t = useT();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="size-4 rounded border-zinc-400" />
      <label htmlFor={id} className="text-sm text-zinc-800 dark:text-zinc-200">
        {t('security.settings.endOthers')}
      </label>
    </div>
  );
}
