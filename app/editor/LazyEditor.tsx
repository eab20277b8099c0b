/**
 * `LazyEditor` loads the TipTap bundle on demand (React.lazy), in the browser only, so pages
 * without an editor, and the server render, never pay for it; until it arrives a same-sized
 * placeholder keeps the layout still.
 */
import { lazy, Suspense } from 'react';
import { EDITOR } from './constants';
import type { EditorProps } from './Editor';
import { useT } from '~/lib/use-t';
import { useHydrated } from '~/lib/use-hydrated';

const EditorImpl = lazy(() => import('./Editor'));


export function EditorPlaceholder({ height, compact }: Pick<EditorProps, 'height' | 'compact'>) {
  const t = useT();
  const areaHeight = typeof height === 'number' ? `${height}px` : (height ?? (compact ? EDITOR.compactHeight : EDITOR.defaultHeight));
  return (
    <div className="overflow-hidden rounded-lg border border-zinc-300 bg-white dark:border-zinc-700 dark:bg-zinc-950" aria-busy="true">
      <div className="h-10 border-b border-zinc-200 bg-zinc-50/80 dark:border-zinc-700 dark:bg-zinc-900/60" />
      <div className="px-4 py-3 text-sm text-zinc-400 dark:text-zinc-500" style={{ height: areaHeight }}>
        {t('editor.loading')}
      </div>
    </div>
  );
}

export function LazyEditor(props: EditorProps) {
  const isClient = useHydrated();
  const placeholder = <EditorPlaceholder height={props.height} compact={props.compact} />;
  if (!isClient) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <EditorImpl {...props} />
    </Suspense>
  );
}
