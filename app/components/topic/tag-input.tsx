/**
 * Tags as chips (≤ 5) with autocomplete (POST /api/tag/autocomplete): Enter, comma or Tab adds
 * what is typed (or the highlighted suggestion), Backspace in the empty input removes the last
 * chip, Up/Down move through the suggestions, Escape closes them. ARIA combobox + listbox.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { tagActions } from '../../../common/actions/tags';
import { TOPIC_LIMITS } from '../../../common/constants';
import { normalizeTagName } from '../../../common/validation/topic';
import { send } from '~/lib/api';
import { HashIcon, XIcon } from './icons';
import type { TagView } from './types';
import { useT } from '~/lib/use-t';

export interface TagInputProps {
  value: string[];
  onChange: (tags: string[]) => void;
  id?: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}

function useSuggestions(input: string, taken: readonly string[]): TagView[] {
  const [found, setFound] = useState<{ input: string; tags: TagView[] }>({ input: '', tags: [] });
  const query = normalizeTagName(input);
  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      send(tagActions.autocomplete, { input: query }, { signal: controller.signal })
        .then((tags) => setFound({ input: query, tags }))
        .catch(() => undefined);
    }, 150);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query]);
  if (!query || found.input !== query) return [];
  const lower = new Set(taken.map((t) => t.toLowerCase()));
  return found.tags.filter((tag) => !lower.has(tag.name.toLowerCase()));
}

export function TagInput({ value, onChange, id, invalid, describedBy, disabled }: TagInputProps) {
  const t = useT();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(input, value);
  const full = value.length >= TOPIC_LIMITS.tagsMax;
  const showList = open && suggestions.length > 0 && !full;

  function add(name: string) {
    const tag = [...normalizeTagName(name)].slice(0, TOPIC_LIMITS.tagNameMax).join('');
    setInput('');
    setActive(-1);
    if (!tag || full) return;
    if (value.some((v) => v.toLowerCase() === tag.toLowerCase())) return;
    onChange([...value, tag]);
  }

  function remove(index: number) {
    onChange(value.filter((_, i) => i !== index));
    inputRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Enter' || event.key === ',' || event.key === '，' || (event.key === 'Tab' && input.trim() !== '')) {
      if (event.key === 'Enter' || event.key === ',' || event.key === '，' || input.trim()) event.preventDefault();
      const chosen = showList && active >= 0 ? suggestions[active]?.name : undefined;
      add(chosen ?? input);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Backspace' && input === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div
      className={`flex min-h-10 flex-wrap items-center gap-1.5 rounded-md border bg-white px-2 py-1.5 shadow-sm focus-within:ring-2 dark:bg-zinc-900 ${
        invalid ? 'border-red-600 focus-within:ring-red-600/30 dark:border-red-500' : 'focus-within:border-brand-600 focus-within:ring-brand-600/30 border-zinc-300 dark:border-zinc-700'
      }`}
      data-testid="tag-input"
    >
      <ul className="contents" aria-label={t('topicForm.tagsChosen')}>
        {value.map((tag, index) => (
          <li key={tag} className="bg-brand-50 text-brand-900 dark:bg-brand-950 dark:text-brand-200 inline-flex items-center gap-0.5 rounded-md py-0.5 pr-0.5 pl-1.5 text-sm">
            <HashIcon className="size-3" />
            {tag}
            <button
              type="button"
              onClick={() => remove(index)}
              disabled={disabled}
              className="hover:bg-brand-100 dark:hover:bg-brand-900 ml-0.5 grid size-5 place-items-center rounded"
              aria-label={t('topicForm.removeTag', { tag })}
            >
              <XIcon className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
      <div className="relative min-w-[8rem] flex-1">
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          value={input}
          disabled={disabled || full}
          maxLength={TOPIC_LIMITS.tagNameMax}
          placeholder={full ? t('topicForm.tagsFull', { max: TOPIC_LIMITS.tagsMax }) : t('topicForm.tagsPlaceholder')}
          onChange={(event) => {
            setInput(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            if (input.trim()) add(input);
          }}
          className="h-7 w-full bg-transparent px-1 text-sm text-zinc-900 placeholder:text-zinc-500 focus:outline-none disabled:cursor-not-allowed dark:text-zinc-100 dark:placeholder:text-zinc-400"
          data-testid="tag-input-field"
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={t('topicForm.tagSuggestions')}
          hidden={!showList}
          className="absolute top-full left-0 z-30 mt-2 max-h-60 w-64 overflow-auto rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {suggestions.map((tag, index) => (
            <li
              key={tag.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => {
                event.preventDefault();
                add(tag.name);
              }}
              onMouseEnter={() => setActive(index)}
              className={`flex cursor-pointer items-center justify-between gap-3 rounded-md px-2.5 py-1.5 text-sm ${
                index === active ? 'bg-zinc-100 text-zinc-950 dark:bg-zinc-800 dark:text-white' : 'text-zinc-800 dark:text-zinc-200'
              }`}
            >
              <span className="truncate">#{tag.name}</span>
              <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{tag.topicCount}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
