/** A friendly "nothing here yet" block: an icon, a title, a sentence and an optional action. */
import type { ReactNode } from 'react';

export function EmptyState({ icon, title, children, action }: { icon?: ReactNode; title: ReactNode; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center px-6 py-14 text-center" data-testid="empty-state">
      {icon && (
        <div aria-hidden="true" className="bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300 mb-4 grid size-12 place-items-center rounded-full">
          {icon}
        </div>
      )}
      <h2 className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">{title}</h2>
      {children && <p className="mt-2 max-w-sm text-sm leading-6 text-zinc-600 dark:text-zinc-400">{children}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
