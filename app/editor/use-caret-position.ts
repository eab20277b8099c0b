/**
 * Where a suggestion list (the slash menu, the @-mention list) stands: under the caret, or above
 * it when there is no room below, kept inside the window. Measured after layout, each time the
 * list's state changes.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

export interface CaretListState {
  open: boolean;
  rect: { left: number; top: number; bottom: number } | null;
}

const MARGIN = 8;
const GAP = 6;

export function useCaretListPosition(state: CaretListState, ref: RefObject<HTMLElement | null>): { left: number; top: number } | null {
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    if (!state.open || !state.rect || !ref.current) return;
    const list = ref.current.getBoundingClientRect();
    let top = state.rect.bottom + GAP;
    if (top + list.height > window.innerHeight - MARGIN && state.rect.top - list.height - GAP > MARGIN) top = state.rect.top - list.height - GAP;
    const left = Math.max(MARGIN, Math.min(state.rect.left, window.innerWidth - list.width - MARGIN));
    setPosition({ left, top });
  }, [state, ref]);
  return position;
}
