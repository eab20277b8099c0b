/**
 * A radio button drawn as a selectable card (database engine, language). A native radio input
 * keeps arrow-key navigation inside the group and works before hydration.
 */
import type { ReactNode } from 'react';

export interface ChoiceCardProps {
  name: string;
  value: string;
  checked: boolean;
  onSelect: (value: string) => void;
  title: ReactNode;
  description?: ReactNode;
  badge?: ReactNode;
}

export function ChoiceCard({ name, value, checked, onSelect, title, description, badge }: ChoiceCardProps) {
  return (
    <label
      className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600/40 ${
        checked
          ? 'border-brand-600 bg-brand-50/70 dark:border-brand-500 dark:bg-brand-950/40'
          : 'border-zinc-200 bg-white hover:border-zinc-300 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:border-zinc-600'
      }`}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onSelect(value)}
        className="mt-0.5 size-4 shrink-0 accent-brand-700 focus-visible:outline-none dark:accent-brand-500"
      />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-2 text-sm font-medium text-zinc-900 dark:text-zinc-100">
          {title}
          {badge && (
            <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800 dark:bg-brand-900 dark:text-brand-100">{badge}</span>
          )}
        </span>
        {description && <span className="mt-0.5 block text-sm text-zinc-600 dark:text-zinc-400">{description}</span>}
      </span>
    </label>
  );
}
