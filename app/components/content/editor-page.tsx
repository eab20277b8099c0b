/** The frame of the editor pages (topic, article): a column of the form's width under the page's heading. */
import type { ReactNode } from 'react';

export function EditorPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-8">
      <h1 className="mb-5 text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{title}</h1>
      {children}
    </div>
  );
}
