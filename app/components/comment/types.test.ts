import { describe, expect, it } from 'vitest';
import { commentIdFromHash, hasContent, mergeById, mergeNewestFirst } from './types';

describe('comment list helpers', () => {
  it('merges pages by id without duplicates, oldest first or newest first', () => {
    const a = [{ id: 1 }, { id: 3 }];
    const b = [{ id: 3 }, { id: 2 }, { id: 5 }];
    expect(mergeById(a, b).map((x) => x.id)).toEqual([1, 2, 3, 5]);
    expect(mergeNewestFirst(a, b).map((x) => x.id)).toEqual([5, 3, 2, 1]);
    // The item already shown wins (it may carry local state such as replies).
    const kept = { id: 3, tag: 'shown' };
    expect(mergeById([kept], [{ id: 3, tag: 'fetched' }])[0]).toBe(kept);
  });

  it('reads the comment id of a message link anchor', () => {
    expect(commentIdFromHash('#comment-34')).toBe(34);
    expect(commentIdFromHash('#comments')).toBeNull();
    expect(commentIdFromHash('#comment-')).toBeNull();
    expect(commentIdFromHash('#comment-3x')).toBeNull();
    expect(commentIdFromHash('')).toBeNull();
  });

  it('treats empty rich text as empty, a picture or text as content', () => {
    expect(hasContent('', 'html')).toBe(false);
    expect(hasContent('<p></p><p> &nbsp; </p>', 'html')).toBe(false);
    expect(hasContent('<p>hi</p>', 'html')).toBe(true);
    expect(hasContent('<p><img src="/uploads/a.png"></p>', 'html')).toBe(true);
    expect(hasContent('   \n', 'markdown')).toBe(false);
    expect(hasContent('**hi**', 'markdown')).toBe(true);
  });
});
