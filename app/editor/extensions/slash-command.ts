/**
 * The slash menu (spec §4, §9) on top of @tiptap/suggestion: it opens when `/` is typed at the
 * start of a block or after a space, filters with `filterSlashCommands`, and hands its state to
 * a small external store that the React menu renders. Keys go through `slashMenuKey`.
 */
import { Extension, type Editor, type Range } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';
import { Suggestion, type SuggestionProps } from '@tiptap/suggestion';
import { SuggestionStore } from './suggestion-store';
import { filterSlashCommands, slashMenuKey, type SlashCommand, type SlashCommandId } from '../slash-menu';

export interface SlashMenuState {
  open: boolean;
  items: SlashCommand[];
  index: number;
  /** Caret rectangle to position the menu (viewport coordinates). */
  rect: { left: number; top: number; bottom: number } | null;
}

const CLOSED: SlashMenuState = { open: false, items: [], index: 0, rect: null };

export const slashPluginKey = new PluginKey('slashMenu');

/** Run one slash command on `range` (the `/query` text is removed first). */
export function runSlashCommand(editor: Editor, range: Range, id: SlashCommandId): void {
  const chain = editor.chain().focus().deleteRange(range);
  switch (id) {
    case 'heading1':
    case 'heading2':
    case 'heading3':
      chain.setNode('heading', { level: Number(id.slice(-1)) as 1 | 2 | 3 }).run();
      return;
    case 'bulletList':
      chain.toggleBulletList().run();
      return;
    case 'orderedList':
      chain.toggleOrderedList().run();
      return;
    case 'quote':
      chain.toggleBlockquote().run();
      return;
    case 'codeBlock':
      chain.setCodeBlock().run();
      return;
    case 'divider':
      chain.setHorizontalRule().run();
      return;
  }
}

/** External store (for `useSyncExternalStore`) holding what the menu shows. */
export class SlashMenuStore extends SuggestionStore<SlashCommand, SlashMenuState> {
  constructor() {
    super(CLOSED, slashPluginKey, slashMenuKey);
  }

  show(props: SuggestionProps<SlashCommand, SlashCommand>, keepIndex: boolean): void {
    this.props = props;
    const rect = props.clientRect?.() ?? null;
    const index = keepIndex ? Math.min(this.state.index, Math.max(props.items.length - 1, 0)) : 0;
    this.set({
      open: true,
      items: props.items,
      index,
      rect: rect ? { left: rect.left, top: rect.top, bottom: rect.bottom } : this.state.rect,
    });
  }
}

export interface SlashCommandOptions {
  store: SlashMenuStore | null;
  labels: Partial<Record<SlashCommandId, string>>;
}

export const SlashCommandExtension = Extension.create<SlashCommandOptions>({
  name: 'slashCommand',

  addOptions() {
    return { store: null, labels: {} };
  },

  addProseMirrorPlugins() {
    const { store, labels } = this.options;
    if (!store) return [];
    const editor = this.editor;
    return [
      Suggestion<SlashCommand, SlashCommand>({
        editor,
        pluginKey: slashPluginKey,
        char: '/',
        allowedPrefixes: [' ', '\u00a0'],
        startOfLine: false,
        // Not inside code, where a slash is just a slash.
        allow: ({ state, range }) => {
          const $from = state.doc.resolve(range.from);
          return !$from.parent.type.spec.code;
        },
        items: ({ query }) => filterSlashCommands(query, labels),
        command: ({ editor: ed, range, props }) => runSlashCommand(ed, range, props.id),
        render: () => ({
          onStart: (props) => store.show(props, false),
          onUpdate: (props) => store.show(props, false),
          onExit: () => store.hide(),
          onKeyDown: ({ event }) => store.onKeyDown(event, editor),
        }),
      }),
    ];
  },
});
