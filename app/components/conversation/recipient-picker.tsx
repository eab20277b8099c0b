/**
 * Who a new conversation is with (issue 28): chosen members as removable chips, and a search
 * box listing matching members (the editor's @-mention lookup) to add, up to nine.
 */
import { useEffect, useId, useState } from 'react';
import { mentionActions } from '../../../common/actions/mentions';
import { CONVERSATION_LIMITS } from '../../../common/constants';
import type { MentionSuggestion } from '../../../common/views/mentions';
import { Avatar } from '~/components/user/avatar';
import { send } from '~/lib/api';
import { useT } from '~/lib/use-t';

export interface Recipient {
  id: number;
  nickname: string;
  avatar: string;
}

export function RecipientPicker({ value, onChange, viewerId }: { value: Recipient[]; onChange: (next: Recipient[]) => void; viewerId: number }) {
  const t = useT();
  const inputId = useId();
  const hintId = useId();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [suggestions, setSuggestions] = useState<MentionSuggestion[]>([]);
  const full = value.length >= CONVERSATION_LIMITS.membersMax - 1;

  useEffect(() => {
    const q = query.trim();
    if (q === '') return;
    let cancelled = false;
    const timer = setTimeout(() => {
      send(mentionActions.suggestions, { q })
        .then((found) => {
          if (!cancelled) setSuggestions(found.filter((member) => member.id !== viewerId && !value.some((chosen) => chosen.id === member.id)));
        })
        .catch(() => undefined);
    }, 150);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [query, value, viewerId]);

  function add(member: MentionSuggestion) {
    onChange([...value, { id: member.id, nickname: member.nickname, avatar: member.smallAvatar }]);
    setQuery('');
    setSuggestions([]);
  }

  return (
    <div className="space-y-2">
      <label htmlFor={inputId} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {t('conversation.start.to')}
      </label>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" data-testid="recipient-chips">
          {value.map((member) => (
            <li key={member.id} className="flex items-center gap-1.5 rounded-full bg-zinc-100 py-0.5 pr-1 pl-0.5 text-sm text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100">
              <Avatar user={member} size={24} />
              <span className="max-w-40 truncate">{member.nickname}</span>
              <button
                type="button"
                className="grid size-5 place-items-center rounded-full text-zinc-500 hover:bg-zinc-200 hover:text-zinc-800 dark:hover:bg-zinc-700 dark:hover:text-zinc-100"
                aria-label={t('conversation.start.remove', { name: member.nickname })}
                onClick={() => onChange(value.filter((chosen) => chosen.id !== member.id))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <input
          id={inputId}
          type="search"
          value={query}
          disabled={full}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('conversation.start.search')}
          aria-describedby={hintId}
          aria-controls={listId}
          aria-expanded={query.trim() !== '' && suggestions.length > 0}
          role="combobox"
          autoComplete="off"
          className="focus:border-brand-600 focus:ring-brand-600/30 w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 focus:ring-2 focus:outline-none disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
          data-testid="recipient-search"
        />
        {query.trim() !== '' && suggestions.length > 0 && (
          <ul id={listId} role="listbox" className="absolute z-20 mt-1 w-full overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
            {suggestions.map((member) => (
              <li key={member.id} role="option" aria-selected={false}>
                <button type="button" className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800" onClick={() => add(member)} data-testid="recipient-option">
                  <Avatar user={{ id: member.id, nickname: member.nickname, smallAvatar: member.smallAvatar }} size={24} />
                  <span className="min-w-0 truncate text-zinc-900 dark:text-zinc-100">{member.nickname}</span>
                  {member.username && <span className="truncate text-xs text-zinc-500 dark:text-zinc-400">@{member.username}</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p id={hintId} className="text-xs text-zinc-600 dark:text-zinc-400">
        {t('conversation.start.toHint')}
      </p>
    </div>
  );
}
