/**
 * The header search box (spec §2, §3, §4): 30 characters at most; submits by full navigation to
 * /search?q=…; empty keywords are not submitted; the initial text is the page's `q`. A history
 * dropdown (localStorage, rules in common/search-history.ts) opens while the input has focus
 * and at least one entry contains the typed text. Keyboard: Down/Up move (Down wraps to the
 * first, Up before the first clears), Enter uses the selection; hover selects; typing clears
 * the selection; Escape or a click outside closes. ARIA combobox pattern.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { LIMITS } from '../../../common/constants';
import { addKeyword, filterHistory, keywordForEnter, loadHistory, moveSelection, saveHistory } from '../../../common/search-history';
import { paths } from '~/lib/paths';
import { ClockIcon, SearchIcon } from '../ui/icons';
import { useT } from '~/lib/use-t';

function readStoredHistory(): string[] {
  try {
    return loadHistory(window.localStorage);
  } catch {
    return [];
  }
}

function rememberKeyword(keyword: string): void {
  try {
    saveHistory(window.localStorage, addKeyword(loadHistory(window.localStorage), keyword));
  } catch {
    // No storage (private mode): searching still works, only the history is lost.
  }
}

export function SearchBox({ className = '', onNavigate }: { className?: string; onNavigate?: () => void }) {
  const t = useT();
  const [params] = useSearchParams();
  const [text, setText] = useState(() => (params.get('q') ?? '').slice(0, LIMITS.searchInputMax));
  const [history, setHistory] = useState<string[]>([]);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const root = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();

  // Words typed before the page's script ran (a phone on a slow network) stay in the box through
  // hydration, but the state still holds the server's text: adopt them, or Enter would search
  // for the old text (or nothing).
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed !== text) setText(typed.slice(0, LIMITS.searchInputMax));
    // Once, at hydration: later typing goes through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const items = filterHistory(history, text);
  const open = focused && !dismissed && items.length > 0;

  // A click anywhere outside the box closes the dropdown.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) {
        setDismissed(true);
        setSelected(null);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function submit(keyword: string) {
    const clean = keyword.trim();
    if (!clean) return;
    rememberKeyword(clean);
    setDismissed(true);
    onNavigate?.();
    // A full navigation (spec §2): the search page renders server-side from ?q.
    window.location.assign(paths.search(clean));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!open) {
        setDismissed(false);
        if (event.key === 'ArrowUp') return;
      }
      event.preventDefault();
      setSelected((current) => moveSelection(open ? current : null, event.key === 'ArrowDown' ? 'down' : 'up', items.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      submit(keywordForEnter(items, open ? selected : null, text));
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setDismissed(true);
      setSelected(null);
    }
  }

  const activeId = open && selected !== null ? `${listId}-${selected}` : undefined;
  return (
    <form
      ref={root}
      role="search"
      action="/search"
      method="get"
      className={`relative ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit(keywordForEnter(items, open ? selected : null, text));
      }}
    >
      <label className="sr-only" htmlFor={`${listId}-input`}>
        {t('site.search.label')}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-500 dark:text-zinc-400" />
      <input
        ref={input}
        id={`${listId}-input`}
        name="q"
        type="search"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={LIMITS.searchInputMax}
        placeholder={t('site.search.placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value.slice(0, LIMITS.searchInputMax));
          setSelected(null);
          setDismissed(false);
        }}
        onFocus={() => {
          setHistory(readStoredHistory());
          setFocused(true);
          setDismissed(false);
        }}
        onBlur={(event) => {
          // Focus moving into the dropdown (a click on an entry) keeps it open.
          if (!root.current?.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
        onKeyDown={onKeyDown}
        className="h-9 w-full rounded-full border border-zinc-300 bg-zinc-50 pr-3 pl-8 text-sm text-zinc-900 placeholder:text-zinc-500 focus:border-brand-600 focus:bg-white focus:ring-2 focus:ring-brand-600/25 focus:outline-none dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-100 dark:placeholder:text-zinc-400 dark:focus:bg-zinc-900 [&::-webkit-search-cancel-button]:hidden"
      />
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('site.search.history')}
          data-testid="search-history"
          className="absolute top-full right-0 left-0 z-50 mt-1.5 overflow-hidden rounded-lg border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
          onMouseLeave={() => setSelected(null)}
        >
          {items.map((item, index) => (
            <li
              key={item}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={selected === index}
              data-selected={selected === index || undefined}
              className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-zinc-800 data-[selected]:bg-zinc-100 dark:text-zinc-200 dark:data-[selected]:bg-zinc-800"
              onMouseEnter={() => setSelected(index)}
              // mousedown, not click: it runs before the input's blur.
              onMouseDown={(event) => {
                event.preventDefault();
                submit(item);
              }}
            >
              <ClockIcon className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
              <span className="truncate">{item}</span>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
