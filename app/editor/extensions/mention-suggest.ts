/**
 * @-mentions in the rich-text editor, on @tiptap/suggestion (as the slash menu): typing `@` and a
 * few letters after a space or at a line's start asks the server for members; picking one writes
 * `@nickname` linked to the member's profile (`/user/12`), which the server resolves and marks
 * as a mention when the post is stored. The list's state lives in a small external store that
 * the React list renders; keys go through `mentionMenuKey`.
 */
import { Extension, type Editor, type Range } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';
import { Suggestion, type SuggestionProps } from '@tiptap/suggestion';
import { SuggestionStore } from './suggestion-store';
import type { MentionSuggestion } from '../../../common/views/mentions';
import { lookupMembers } from '../mention-lookup';
import { mentionMenuKey, profilePath } from '../mention-menu';
import { MENTION_LIST_CLOSED, type MentionListState } from '../MentionList';

export const mentionPluginKey = new PluginKey('mentionSuggest');

export interface MentionMenuState extends MentionListState {
  /** Caret rectangle to position the list (viewport coordinates). */
  rect: { left: number; top: number; bottom: number } | null;
}

const CLOSED: MentionMenuState = { ...MENTION_LIST_CLOSED, rect: null };

/** Replaces the typed `@query` with the member's linked name and a space. */
export function insertMention(editor: Editor, range: Range, member: MentionSuggestion): void {
  editor
    .chain()
    .focus()
    .insertContentAt(range, [
      { type: 'text', text: `@${member.nickname}`, marks: [{ type: 'link', attrs: { href: profilePath(member.id) } }] },
      { type: 'text', text: ' ' },
    ])
    .unsetMark('link')
    .run();
}

/** External store (for `useSyncExternalStore`) holding what the list shows. */
export class MentionMenuStore extends SuggestionStore<MentionSuggestion, MentionMenuState> {
  constructor() {
    super(CLOSED, mentionPluginKey, mentionMenuKey);
  }

  show(props: SuggestionProps<MentionSuggestion, MentionSuggestion>): void {
    this.props = props;
    // A bare `@` asks nothing and shows nothing: the list opens with the first letter.
    if (props.query === '') {
      if (this.state.open) this.set(CLOSED);
      return;
    }
    const rect = props.clientRect?.() ?? null;
    this.set({
      open: true,
      query: props.query,
      items: props.items,
      index: 0,
      rect: rect ? { left: rect.left, top: rect.top, bottom: rect.bottom } : this.state.rect,
    });
  }
}

export interface MentionSuggestOptions {
  store: MentionMenuStore | null;
}

export const MentionSuggestExtension = Extension.create<MentionSuggestOptions>({
  name: 'mentionSuggest',

  addOptions() {
    return { store: null };
  },

  addProseMirrorPlugins() {
    const { store } = this.options;
    if (!store) return [];
    const editor = this.editor;
    return [
      Suggestion<MentionSuggestion, MentionSuggestion>({
        editor,
        pluginKey: mentionPluginKey,
        char: '@',
        allowedPrefixes: [' ', '\u00a0', '(', '['],
        startOfLine: false,
        // Not inside code (an `@` there is code), nor inside a link (an address, a mention already).
        allow: ({ state, range }) => {
          const $from = state.doc.resolve(range.from);
          if ($from.parent.type.spec.code) return false;
          return !$from.marks().some((mark) => mark.type.name === 'link' || mark.type.name === 'code');
        },
        items: ({ query }) => (query === '' ? [] : lookupMembers(query)),
        command: ({ editor: ed, range, props }) => insertMention(ed, range, props),
        render: () => ({
          onStart: (props) => store.show(props),
          onUpdate: (props) => store.show(props),
          onExit: () => store.hide(),
          onKeyDown: ({ event }) => store.onKeyDown(event, editor),
        }),
      }),
    ];
  },
});
