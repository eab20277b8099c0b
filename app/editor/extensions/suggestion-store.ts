/**
 * What the editor's suggestion lists share (the slash menu and the @-mention list, both on
 * @tiptap/suggestion): an external store for `useSyncExternalStore` holding what the list shows,
 * the highlighted row, picking it, closing it, and the keys while it is open. Each list gives
 * its closed state, its plugin key and how its keys map to moves (the slash menu picks by digit,
 * the mention list does not: names hold digits).
 */
import type { Editor } from '@tiptap/core';
import type { PluginKey } from '@tiptap/pm/state';
import { exitSuggestion, type SuggestionProps } from '@tiptap/suggestion';

/** The least a list's state holds. */
export interface SuggestionListState<Item> {
  open: boolean;
  items: Item[];
  index: number;
}

/** What a key does while the list is open. */
export type SuggestionKeyAction = { type: 'move'; index: number } | { type: 'select'; index: number } | { type: 'close' } | { type: 'ignore' };

export abstract class SuggestionStore<Item, State extends SuggestionListState<Item>> {
  protected state: State;
  protected props: SuggestionProps<Item, Item> | null = null;
  private listeners = new Set<() => void>();

  constructor(
    private readonly closed: State,
    private readonly pluginKey: PluginKey,
    private readonly keyAction: (event: KeyboardEvent, index: number, count: number) => SuggestionKeyAction,
  ) {
    this.state = closed;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): State => this.state;

  protected set(next: State): void {
    this.state = next;
    this.listeners.forEach((l) => l());
  }

  /** Closes the list (the suggestion ended). */
  hide(): void {
    this.props = null;
    if (this.state.open) this.set(this.closed);
  }

  highlight = (index: number): void => {
    if (this.state.open) this.set({ ...this.state, index });
  };

  select = (index: number): void => {
    const item = this.state.items[index];
    if (item && this.props) this.props.command(item);
  };

  /** Closes the list and leaves the typed text as it is. */
  dismiss(editor: Editor): void {
    exitSuggestion(editor.view, this.pluginKey);
    this.hide();
  }

  onKeyDown(event: KeyboardEvent, editor: Editor): boolean {
    if (!this.state.open) return false;
    const action = this.keyAction(event, this.state.index, this.state.items.length);
    switch (action.type) {
      case 'move':
        this.highlight(action.index);
        return true;
      case 'select':
        this.select(action.index);
        return true;
      case 'close':
        this.dismiss(editor);
        return true;
      case 'ignore':
        return false;
    }
  }
}
