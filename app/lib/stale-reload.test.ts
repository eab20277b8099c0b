import { describe, expect, it } from 'vitest';
import { claimReload, isChunkLoadError } from './stale-reload';

class MemoryStorage {
  map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

describe('stale build reload', () => {
  it('recognises chunk load failures of the browsers we support', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads a path at most once per 10 seconds', () => {
    const storage = new MemoryStorage();
    expect(claimReload(storage, '/topic/1', 100_000)).toBe(true);
    expect(claimReload(storage, '/topic/1', 105_000)).toBe(false);
    expect(claimReload(storage, '/topic/1', 109_999)).toBe(false);
    expect(claimReload(storage, '/topic/2', 105_000)).toBe(true); // per path
    expect(claimReload(storage, '/topic/1', 110_000)).toBe(true);
  });
});
