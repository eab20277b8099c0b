/**
 * The installer's progress through its seven steps: numbered dots joined by a line, the current
 * one marked `aria-current="step"`. Phones (390 px) cannot fit seven labels, so there only the
 * dots show and a "Step n of 7 · Name" line names the current step.
 */
import { INSTALL_STEPS, type InstallStepName } from './install-form';
import { useT } from '~/lib/use-t';

function dotClass(state: 'done' | 'current' | 'todo'): string {
  const base = 'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold transition-colors';
  if (state === 'done') return `${base} bg-brand-600 text-white dark:bg-brand-500 dark:text-zinc-950`;
  if (state === 'current') return `${base} bg-white text-brand-700 ring-2 ring-brand-600 dark:bg-zinc-900 dark:text-brand-300 dark:ring-brand-400`;
  return `${base} bg-zinc-100 text-zinc-500 ring-1 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-400 dark:ring-zinc-700`;
}

export function StepIndicator({ current }: { current: InstallStepName }) {
  const t = useT();
  const index = INSTALL_STEPS.indexOf(current);
  return (
    <nav aria-label={t('installUi.stepsLabel')} className="w-full">
      <ol className="flex items-start">
        {INSTALL_STEPS.map((step, i) => {
          // Reaching "complete" finishes every step, itself included.
          const state = i < index || current === 'complete' ? 'done' : i === index ? 'current' : 'todo';
          return (
            <li key={step} className="relative flex min-w-0 flex-1 flex-col items-center gap-1.5" aria-current={state === 'current' ? 'step' : undefined}>
              {/* The line from this dot's centre to the next one's. */}
              {i < INSTALL_STEPS.length - 1 && (
                <span
                  aria-hidden="true"
                  className={`absolute top-3.5 left-1/2 h-0.5 w-full ${i < index ? 'bg-brand-600 dark:bg-brand-500' : 'bg-zinc-200 dark:bg-zinc-700'}`}
                />
              )}
              <span className={`relative ${dotClass(state)}`}>
                {state === 'done' ? <CheckIcon /> : i + 1}
                <span className="sr-only"> {t(`install.steps.${step}`)}</span>
              </span>
              <span
                aria-hidden="true"
                className={`hidden max-w-full px-0.5 text-center text-xs leading-4 break-words sm:block ${state === 'current' ? 'font-medium text-zinc-900 dark:text-zinc-100' : 'text-zinc-500 dark:text-zinc-400'}`}
              >
                {t(`install.steps.${step}`)}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="mt-3 text-sm text-zinc-600 sm:hidden dark:text-zinc-400">
        {t('installUi.stepOf', { current: index + 1, total: INSTALL_STEPS.length })} ·{' '}
        <span className="font-medium text-zinc-900 dark:text-zinc-100">{t(`install.steps.${current}`)}</span>
      </p>
    </nav>
  );
}

function CheckIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className="size-3.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M3.5 8.5l3 3 6-7" />
    </svg>
  );
}
