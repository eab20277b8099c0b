/**
 * The frame of the stand-alone account pages (sign-in, sign-up, verification, forgot and reset
 * password): one centred card, readable at 390 px, with an optional footer line of links.
 */
import type { ReactNode } from 'react';
import { Card } from '~/components/ui/card';

export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <div className="w-full max-w-md">
        <Card className="px-5 py-6 sm:px-8 sm:py-8">
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{title}</h1>
          {subtitle && <p className="mt-1.5 text-sm text-zinc-600 dark:text-zinc-400">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </Card>
        {footer && <div className="mt-4 text-center text-sm text-zinc-600 dark:text-zinc-400">{footer}</div>}
      </div>
    </div>
  );
}

/** A message about the whole form (a wrong password, an expired link). Announced when it appears. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-600/30 bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/50 dark:text-red-200">
      {message}
    </p>
  );
}

/** A calm confirmation inside a card (mail sent, password reset, e-mail verified). */
export function FormNotice({ children, tone = 'success' }: { children: ReactNode; tone?: 'success' | 'info' }) {
  const style =
    tone === 'success'
      ? 'border-emerald-600/30 bg-emerald-50 text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100'
      : 'border-zinc-300 bg-zinc-50 text-zinc-800 dark:border-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-100';
  return (
    <div role="status" className={`rounded-md border px-3 py-2.5 text-sm leading-6 ${style}`}>
      {children}
    </div>
  );
}

/** The in-text link style of the account pages. */
export const linkClass = 'font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300';
