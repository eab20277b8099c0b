/**
 * Search history rules (spec §3, §4, §5): keywords in the browser's localStorage, at most 10,
 * newest first, no duplicates; the dropdown lists the entries containing the typed text; a
 * corrupt stored value resets to empty. Keyboard selection: Down moves down and wraps from
 * the last entry to the first, Up moves up and clears the selection before the first, Enter
 * uses the selection. Pure functions: the header component and the tests share them.
 */
import { LIMITS } from './constants';

export const SEARCH_HISTORY_KEY = 'sabai-search-history';

/** The stored value → a clean list. Anything unexpected (bad JSON, wrong shape) → []. */
export function parseHistory(raw: string | null | undefined): string[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return [];
  return normalize(value as string[]);
}

function normalize(list: readonly string[]): string[] {
  const out: string[] = [];
  for (const item of list) {
    const keyword = item.trim().slice(0, LIMITS.searchInputMax);
    if (keyword && !out.includes(keyword)) out.push(keyword);
    if (out.length === LIMITS.searchHistoryMax) break;
  }
  return out;
}

/** Puts `keyword` first, removing an older copy, keeping at most 10. Empty keywords are ignored. */
export function addKeyword(history: readonly string[], keyword: string): string[] {
  const clean = keyword.trim().slice(0, LIMITS.searchInputMax);
  if (!clean) return [...history];
  return normalize([clean, ...history.filter((item) => item !== clean)]);
}

/** The entries containing `text` (case-insensitive); all of them for empty text. */
export function filterHistory(history: readonly string[], text: string): string[] {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return [...history];
  return history.filter((item) => item.toLocaleLowerCase().includes(needle));
}

/** Index of the selected entry after an arrow key; null means nothing selected. */
export function moveSelection(current: number | null, key: 'up' | 'down', count: number): number | null {
  if (count <= 0) return null;
  if (key === 'down') {
    if (current === null || current >= count - 1) return 0;
    return current + 1;
  }
  if (current === null || current <= 0) return null;
  return Math.min(current - 1, count - 1);
}

/** The keyword Enter submits: the selected entry when there is one, else the typed text. */
export function keywordForEnter(items: readonly string[], selected: number | null, typed: string): string {
  if (selected !== null && items[selected] !== undefined) return items[selected];
  return typed.trim();
}

/** Reads the history from a Storage; a corrupt value is cleared (spec: resets to empty). */
export function loadHistory(storage: Pick<Storage, 'getItem' | 'removeItem'>): string[] {
  const raw = storage.getItem(SEARCH_HISTORY_KEY);
  const list = parseHistory(raw);
  if (raw !== null && list.length === 0 && raw !== '[]') storage.removeItem(SEARCH_HISTORY_KEY);
  return list;
}

export function saveHistory(storage: Pick<Storage, 'setItem'>, history: readonly string[]): void {
  storage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(history));
}
