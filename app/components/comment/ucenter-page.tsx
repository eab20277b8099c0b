/**
 * The frame of a user-centre page (favorites, messages, scores): its heading and one line on what
 * it holds, over the page's list, with the server's clock for relative times.
 */
import type { ReactNode } from 'react';
import { RenderNowProvider } from '~/components/topic/time';

export function UcenterPage({ title, description, now, children }: { title: string; description: string; now: number; children: ReactNode }) {
  return (
    <RenderNowProvider now={now}>
      <div className="space-y-4">
        <header>
          <h1 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">{title}</h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
        </header>
        {children}
      </div>
    </RenderNowProvider>
  );
}
