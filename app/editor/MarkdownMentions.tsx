/**
 * @-mentions in the Markdown editor's textarea: the same list as the rich-text editor, opened by
 * `@` and a letter, driven by the same keys; a picked member is written as `@username` (or a
 * profile link for a member without one), which the server resolves when it renders. The list is
 * placed under the caret's line (the textarea's wrapped lines are not measured: close enough
 * for a list the author reads, and it never covers the line typed on).
 */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { lookupMembers } from './mention-lookup';
import { markdownMention, mentionMenuKey, mentionQueryAt } from './mention-menu';
import { MentionList, mentionOptionId, type MentionListState } from './MentionList';

interface Typing {
  start: number;
  query: string;
}

interface OpenMenu {
  typing: Typing;
  list: MentionListState;
  position: React.CSSProperties;
}

/** The textarea's props the mentions add (spread them on it), `track` for its changes, and the list to render. */
export function useMarkdownMentions(value: string, onChange: (markdown: string) => void) {
  const listId = useId();
  const areaRef = useRef<HTMLTextAreaElement | null>(null);
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  /** The `@query` the latest lookup is for; an older answer arriving late is dropped. */
  const asking = useRef<Typing | null>(null);
  /** The `@` whose list the author closed with Escape: not reopened until they type elsewhere. */
  const dismissed = useRef<number | null>(null);
  /** Where the caret goes once the textarea shows the value a pick wrote. */
  const caretAfterPick = useRef<{ value: string; caret: number } | null>(null);

  const close = () => {
    asking.current = null;
    setMenu(null);
  };

  const track = (area: HTMLTextAreaElement) => {
    const found = area.selectionStart === area.selectionEnd ? mentionQueryAt(area.value, area.selectionStart) : null;
    if (!found) dismissed.current = null;
    if (!found || found.start === dismissed.current) {
      if (asking.current) close();
      return;
    }
    if (asking.current && asking.current.start === found.start && asking.current.query === found.query) return;
    asking.current = found;
    const position = listPosition(area, found.start);
    void lookupMembers(found.query).then((items) => {
      if (asking.current !== found) return;
      setMenu({ typing: found, list: { open: true, query: found.query, items, index: 0 }, position });
    });
  };

  const pick = (index: number) => {
    const member = menu?.list.items[index];
    const area = areaRef.current;
    if (!menu || !member || !area) return;
    // The `@query` as it is now: letters typed since the list's answer came are replaced too.
    const { start, query } = mentionQueryAt(value, area.selectionStart) ?? menu.typing;
    const text = `${markdownMention(member)} `;
    const next = value.slice(0, start) + text + value.slice(start + 1 + query.length);
    caretAfterPick.current = { value: next, caret: start + text.length };
    onChange(next);
    close();
  };

  // After the picked name is in the textarea, before the next key: the caret right after it.
  useLayoutEffect(() => {
    const pending = caretAfterPick.current;
    const area = areaRef.current;
    if (!pending || !area || area.value !== pending.value) return;
    caretAfterPick.current = null;
    area.focus();
    area.setSelectionRange(pending.caret, pending.caret);
  });

  const highlight = (index: number) => setMenu((m) => (m ? { ...m, list: { ...m.list, index } } : m));

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (!menu) return;
    const action = mentionMenuKey(event.nativeEvent, menu.list.index, menu.list.items.length);
    if (action.type === 'ignore') return;
    event.preventDefault();
    if (action.type === 'move') highlight(action.index);
    else if (action.type === 'select') pick(action.index);
    else {
      dismissed.current = menu.typing.start;
      close();
    }
  };

  const active = menu ? menu.list.items[menu.list.index] : undefined;
  const areaProps = {
    ref: areaRef,
    onKeyDown,
    onSelect: (event: React.SyntheticEvent<HTMLTextAreaElement>) => track(event.currentTarget),
    onBlur: close,
    'aria-autocomplete': 'list' as const,
    'aria-controls': menu ? listId : undefined,
    'aria-activedescendant': active ? mentionOptionId(listId, active) : undefined,
  };

  const list =
    menu && typeof document !== 'undefined'
      ? createPortal(<MentionList id={listId} state={menu.list} onHighlight={highlight} onSelect={pick} className="fixed" style={menu.position} />, document.body)
      : null;

  return { areaProps, list, track };
}

/** Under the caret's line, inside the viewport. */
function listPosition(area: HTMLTextAreaElement, at: number): React.CSSProperties {
  const box = area.getBoundingClientRect();
  const style = getComputedStyle(area);
  const lineHeight = parseFloat(style.lineHeight) || 24;
  const line = area.value.slice(0, at).split('\n').length;
  const top = Math.min(box.top + parseFloat(style.paddingTop) + line * lineHeight - area.scrollTop + 4, window.innerHeight - 8 - 120);
  return { left: Math.max(8, box.left + 12), top: Math.max(8, top) };
}
