/**
 * The slash menu popup: a listbox under the caret showing up to 10 commands with their number
 * keys, or 'no matching command found'. Keyboard handling lives in the extension (the caret
 * stays in the editor); the mouse can pick too.
 */
import type { Editor } from '@tiptap/react';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { SlashMenuStore } from './extensions/slash-command';
import { Icon, type IconName } from './icons';
import type { SlashCommandId } from './slash-menu';
import { useCaretListPosition } from './use-caret-position';
import { useT } from '~/lib/use-t';

const ICONS: Record<SlashCommandId, IconName> = {
  heading1: 'heading',
  heading2: 'heading',
  heading3: 'heading',
  bulletList: 'bulletList',
  orderedList: 'orderedList',
  quote: 'blockquote',
  codeBlock: 'codeBlock',
  divider: 'horizontalRule',
};

export function SlashMenu({ store, id, editor }: { store: SlashMenuStore; id: string; editor: Editor | null }) {
  const t = useT();
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const ref = useRef<HTMLDivElement>(null);
  const position = useCaretListPosition(state, ref);

  useLayoutEffect(() => {
    if (!state.open) return;
    ref.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [state.open, state.index]);

  // The caret stays in the editor, so the editor announces the menu and its highlighted item
  // (aria-controls, aria-autocomplete and aria-activedescendant, all allowed on a textbox).
  const active = state.open ? state.items[state.index] : undefined;
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const dom = editor.view.dom;
    if (!state.open) return;
    dom.setAttribute('aria-controls', id);
    dom.setAttribute('aria-autocomplete', 'list');
    if (active) dom.setAttribute('aria-activedescendant', `${id}-${active.id}`);
    else dom.removeAttribute('aria-activedescendant');
    return () => {
      for (const name of ['aria-controls', 'aria-autocomplete', 'aria-activedescendant']) dom.removeAttribute(name);
    };
  }, [editor, id, state.open, active]);

  if (!state.open || typeof document === 'undefined') return null;
  return createPortal(
    <div
      ref={ref}
      id={id}
      role="listbox"
      aria-label={t('editor.slash.label')}
      data-testid="slash-menu"
      className="fixed z-[75] max-h-[60vh] w-64 overflow-y-auto rounded-lg border border-zinc-200 bg-white p-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      style={position ? { left: position.left, top: position.top } : { left: state.rect?.left ?? 0, top: state.rect?.bottom ?? 0, visibility: 'hidden' }}
      // Keep the caret (and the suggestion) in the editor while clicking.
      onMouseDown={(e) => e.preventDefault()}
    >
      {state.items.length === 0 ? (
        <p className="px-2 py-1.5 text-zinc-500 dark:text-zinc-400" role="status">
          {t('editor.slash.noMatch')}
        </p>
      ) : (
        state.items.map((item, i) => (
          <div
            key={item.id}
            id={`${id}-${item.id}`}
            role="option"
            aria-selected={i === state.index}
            // Move, not enter: a menu opening under a resting pointer keeps the first item.
            onMouseMove={() => i !== state.index && store.highlight(i)}
            onClick={() => store.select(i)}
            className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1 text-zinc-800 aria-selected:bg-brand-50 aria-selected:text-brand-800 dark:text-zinc-100 dark:aria-selected:bg-brand-950 dark:aria-selected:text-brand-200"
          >
            <span className="flex size-7 shrink-0 items-center justify-center rounded border border-zinc-200 bg-white text-zinc-600 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
              {item.id.startsWith('heading') ? <span className="text-xs font-bold">H{item.id.slice(-1)}</span> : <Icon name={ICONS[item.id]} />}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{t(`editor.slash.${item.id}`)}</span>
              <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{t(`editor.slash.${item.id}Hint`)}</span>
            </span>
            {i < 9 && <kbd className="font-mono text-xs text-zinc-400">{i + 1}</kbd>}
          </div>
        ))
      )}
    </div>,
    document.body,
  );
}
