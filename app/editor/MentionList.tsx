/**
 * The @-mention list: a listbox of members (avatar, nickname, @username) under the caret. The
 * caret stays in the editor, which owns the keys and points at the highlighted option
 * (`aria-activedescendant`); a click or a tap picks too. Used by both editors.
 */
import { useLayoutEffect } from 'react';
import type { MentionSuggestion } from '../../common/views/mentions';
import { useT } from '~/lib/use-t';

export interface MentionListState {
  open: boolean;
  query: string;
  items: MentionSuggestion[];
  index: number;
}

export const MENTION_LIST_CLOSED: MentionListState = { open: false, query: '', items: [], index: 0 };

/** The id of one option, for `aria-activedescendant`. */
export function mentionOptionId(listId: string, member: MentionSuggestion): string {
  return `${listId}-member-${member.id}`;
}

export interface MentionListProps {
  id: string;
  state: MentionListState;
  onHighlight: (index: number) => void;
  onSelect: (index: number) => void;
  className?: string;
  style?: React.CSSProperties;
  listRef?: React.Ref<HTMLDivElement>;
}

export function MentionList({ id, state, onHighlight, onSelect, className, style, listRef }: MentionListProps) {
  const t = useT();
  useLayoutEffect(() => {
    document.getElementById(id)?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [id, state.index, state.items]);

  if (!state.open) return null;
  const box = 'z-[75] w-72 rounded-lg border border-zinc-200 bg-white p-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900 ';
  // The list holds options only; what is said about it (nobody found, how many) is a status beside it.
  return (
    <div
      ref={listRef}
      data-testid="mention-list"
      className={box + (className ?? '')}
      style={style}
      // Keep the caret (and the query) in the editor while clicking or tapping.
      onMouseDown={(e) => e.preventDefault()}
    >
      {state.items.length === 0 ? (
        <p id={id} className="px-2 py-1.5 text-zinc-600 dark:text-zinc-400" role="status">
          {t('mentions.suggestions.empty')}
        </p>
      ) : (
        <div id={id} role="listbox" aria-label={t('mentions.suggestions.label')} className="max-h-72 overflow-y-auto">
          {state.items.map((member, i) => (
            <div
              key={member.id}
              id={mentionOptionId(id, member)}
              role="option"
              aria-selected={i === state.index}
              onMouseMove={() => i !== state.index && onHighlight(i)}
              onClick={() => onSelect(i)}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-2 py-1 text-zinc-800 aria-selected:bg-brand-50 aria-selected:text-brand-800 dark:text-zinc-100 dark:aria-selected:bg-brand-950 dark:aria-selected:text-brand-200"
            >
              {member.smallAvatar ? (
                <img src={member.smallAvatar} alt="" className="size-7 shrink-0 rounded-full object-cover" />
              ) : (
                <span aria-hidden="true" className="flex size-7 shrink-0 items-center justify-center rounded-full bg-zinc-200 text-xs font-semibold text-zinc-700 dark:bg-zinc-700 dark:text-zinc-200">
                  {member.nickname.slice(0, 1).toUpperCase()}
                </span>
              )}
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{member.nickname}</span>
                {member.username && <span className="block truncate text-xs text-zinc-600 dark:text-zinc-400">@{member.username}</span>}
              </span>
            </div>
          ))}
        </div>
      )}
      <p className="sr-only" role="status">
        {state.items.length > 0 ? t('mentions.suggestions.count', { count: state.items.length }) : ''}
      </p>
    </div>
  );
}
