import { describe, expect, it } from 'vitest';
import { commentIdsOf, withLikes } from './own-likes';
import type { ShownComment } from './types';

const comment = (id: number, liked = false, replies?: ShownComment[]): ShownComment =>
  ({ id, liked, likeCount: 0, replyCount: replies?.length ?? 0, parentId: null, content: '', contentType: 'html', imageList: [], user: null, quote: null, ipLocation: null, status: 0, createTime: 0, replies }) as ShownComment;

describe('the reader’s likes laid over a comment list', () => {
  it('marks the liked ones, and keeps every other object (and the array when nothing changes): each item resets its like state only when its own comment changed', () => {
    const [a, b, c] = [comment(1), comment(2, true), comment(3)];
    const list = [a, b, c];
    const marked = withLikes(list, new Set([2, 3]));
    expect(marked.map((x) => x.liked)).toEqual([false, true, true]);
    expect(marked[0]).toBe(a);
    expect(marked[1]).toBe(b);
    expect(marked[2]).not.toBe(c);
    expect(withLikes(list, new Set([2, 9]))).toBe(list);
  });

  it('names a first page’s comments and the replies shown with them', () => {
    expect(commentIdsOf([comment(1, false, [comment(4), comment(5)]), comment(2), comment(3, false, [])])).toEqual([1, 4, 5, 2, 3]);
  });
});
