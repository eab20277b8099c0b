import { describe, expect, it } from 'vitest';
import { searchActions } from '../../../common/actions/search';
import { SEARCH_FEED_PATHS } from './search-view';

describe('search feed paths', () => {
  it('are the search contracts’ GET paths, tab for tab', () => {
    expect(Object.keys(SEARCH_FEED_PATHS).sort()).toEqual(Object.keys(searchActions).sort());
    for (const tab of Object.keys(searchActions) as Array<keyof typeof searchActions>) {
      expect(searchActions[tab].method).toBe('GET');
      expect(SEARCH_FEED_PATHS[tab]).toBe(searchActions[tab].path);
    }
  });
});
