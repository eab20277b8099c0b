import { describe, expect, it } from 'vitest';
import { LIMITS } from './constants';
import { addKeyword, filterHistory, keywordForEnter, loadHistory, moveSelection, parseHistory, saveHistory, SEARCH_HISTORY_KEY } from './search-history';

class MemoryStorage {
  map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

describe('search history list', () => {
  it('puts the newest keyword first', () => {
    expect(addKeyword(addKeyword([], 'bangkok'), 'visa')).toEqual(['visa', 'bangkok']);
  });

  it('keeps no duplicates: searching again moves the keyword to the front', () => {
    expect(addKeyword(['visa', 'bangkok', 'food'], 'food')).toEqual(['food', 'visa', 'bangkok']);
    expect(addKeyword(['visa'], '  visa  ')).toEqual(['visa']);
  });

  it(`keeps at most ${LIMITS.searchHistoryMax} entries, dropping the oldest`, () => {
    let history: string[] = [];
    for (let i = 1; i <= 12; i++) history = addKeyword(history, `k${i}`);
    expect(history).toHaveLength(10);
    expect(history[0]).toBe('k12');
    expect(history.at(-1)).toBe('k3');
  });

  it('ignores empty keywords', () => {
    expect(addKeyword(['a'], '   ')).toEqual(['a']);
  });

  it('filters by substring, case-insensitively; empty text lists all', () => {
    const history = ['Chiang Mai', 'bangkok rent', 'Bangkok food', 'visa'];
    expect(filterHistory(history, 'bangkok')).toEqual(['bangkok rent', 'Bangkok food']);
    expect(filterHistory(history, 'ai')).toEqual(['Chiang Mai']);
    expect(filterHistory(history, '')).toEqual(history);
    expect(filterHistory(history, 'zzz')).toEqual([]);
  });
});

describe('stored history', () => {
  it.each([['not json'], ['{"a":1}'], ['[1,2]'], ['"text"'], ['null'], ['[null]']])('resets corrupt value %s to empty', (raw) => {
    expect(parseHistory(raw)).toEqual([]);
    const storage = new MemoryStorage();
    storage.setItem(SEARCH_HISTORY_KEY, raw);
    expect(loadHistory(storage)).toEqual([]);
    expect(storage.getItem(SEARCH_HISTORY_KEY)).toBeNull();
  });

  it('round-trips and cleans what it reads (duplicates, blanks, too many)', () => {
    const storage = new MemoryStorage();
    saveHistory(storage, ['b', 'a']);
    expect(loadHistory(storage)).toEqual(['b', 'a']);
    storage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['x', 'x', ' ', ...Array.from({ length: 20 }, (_, i) => `n${i}`)]));
    const loaded = loadHistory(storage);
    expect(loaded[0]).toBe('x');
    expect(loaded).toHaveLength(10);
    expect(new Set(loaded).size).toBe(10);
  });
});

describe('keyboard selection', () => {
  it('Down from nothing selects the first, then moves down', () => {
    expect(moveSelection(null, 'down', 3)).toBe(0);
    expect(moveSelection(0, 'down', 3)).toBe(1);
    expect(moveSelection(1, 'down', 3)).toBe(2);
  });

  it('Down past the end wraps to the first', () => {
    expect(moveSelection(2, 'down', 3)).toBe(0);
  });

  it('Up moves up, and Up before the first clears the selection', () => {
    expect(moveSelection(2, 'up', 3)).toBe(1);
    expect(moveSelection(1, 'up', 3)).toBe(0);
    expect(moveSelection(0, 'up', 3)).toBeNull();
    expect(moveSelection(null, 'up', 3)).toBeNull();
  });

  it('selects nothing in an empty list', () => {
    expect(moveSelection(null, 'down', 0)).toBeNull();
  });

  it('Enter uses the selection, else the typed text', () => {
    expect(keywordForEnter(['a', 'b'], 1, 'typed')).toBe('b');
    expect(keywordForEnter(['a', 'b'], null, ' typed ')).toBe('typed');
  });
});
