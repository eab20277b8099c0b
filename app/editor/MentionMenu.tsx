/**
 * The rich-text editor's @-mention list, placed under the caret (above it when there is no room
 * below). The editor stays focused and announces the list and its highlighted member on its
 * textbox (aria-controls, aria-autocomplete, aria-activedescendant, as the slash menu does).
 */
import type { Editor } from '@tiptap/react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { MentionMenuStore } from './extensions/mention-suggest';
import { useCaretListPosition } from './use-caret-position';
import { MentionList, mentionOptionId } from './MentionList';

export function MentionMenu({ store, id, editor }: { store: MentionMenuStore; id: string; editor: Editor | null }) {
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const ref = useRef<HTMLDivElement | null>(null);
  const position = useCaretListPosition(state, ref);

  const active = state.open ? state.items[state.index] : undefined;
  useEffect(() => {
    if (!editor || editor.isDestroyed || !state.open) return;
    const dom = editor.view.dom;
    dom.setAttribute('aria-controls', id);
    dom.setAttribute('aria-autocomplete', 'list');
    if (active) dom.setAttribute('aria-activedescendant', mentionOptionId(id, active));
    else dom.removeAttribute('aria-activedescendant');
    return () => {
      for (const name of ['aria-controls', 'aria-autocomplete', 'aria-activedescendant']) dom.removeAttribute(name);
    };
  }, [editor, id, state.open, active]);

  if (!state.open || typeof document === 'undefined') return null;
  return createPortal(
    <MentionList
      id={id}
      state={state}
      onHighlight={store.highlight}
      onSelect={store.select}
      listRef={ref}
      className="fixed"
      style={position ? { left: position.left, top: position.top } : { left: state.rect?.left ?? 0, top: state.rect?.bottom ?? 0, visibility: 'hidden' }}
    />,
    document.body,
  );
}
