/** The @-mention list's pure rules (mention-menu.ts). */
import { describe, expect, it } from 'vitest';
import { markdownMention, mentionMenuKey, mentionQueryAt } from './mention-menu';

describe('mentionMenuKey', () => {
  it('moves with the arrows (wrapping), picks with Enter or Tab, closes with Escape, types digits', () => {
    expect(mentionMenuKey({ key: 'ArrowDown' }, 2, 3)).toEqual({ type: 'move', index: 0 });
    expect(mentionMenuKey({ key: 'ArrowUp' }, 0, 3)).toEqual({ type: 'move', index: 2 });
    expect(mentionMenuKey({ key: 'Enter' }, 1, 3)).toEqual({ type: 'select', index: 1 });
    expect(mentionMenuKey({ key: 'Tab' }, 1, 3)).toEqual({ type: 'select', index: 1 });
    expect(mentionMenuKey({ key: 'Escape' }, 1, 0)).toEqual({ type: 'close' });
    expect(mentionMenuKey({ key: '1' }, 0, 3)).toEqual({ type: 'ignore' });
    expect(mentionMenuKey({ key: 'Enter' }, 0, 0)).toEqual({ type: 'ignore' });
    expect(mentionMenuKey({ key: 'Enter', isComposing: true }, 0, 3)).toEqual({ type: 'ignore' });
  });
});

describe('mentionQueryAt', () => {
  it('finds the @query before the caret at a line start or after a space, never inside an address', () => {
    expect(mentionQueryAt('Hi @bo', 6)).toEqual({ start: 3, query: 'bo' });
    expect(mentionQueryAt('@alice', 6)).toEqual({ start: 0, query: 'alice' });
    expect(mentionQueryAt('line\n@小明', 8)).toEqual({ start: 5, query: '小明' });
    expect(mentionQueryAt('me@host', 7)).toBeNull();
    expect(mentionQueryAt('Hi @', 4)).toBeNull();
    expect(mentionQueryAt('Hi @bob and', 11)).toBeNull();
  });
});

describe('markdownMention', () => {
  it('writes @username, or a profile link for a member without one', () => {
    expect(markdownMention({ id: 3, username: 'alice', nickname: 'Alice', smallAvatar: '' })).toBe('@alice');
    expect(markdownMention({ id: 4, username: null, nickname: 'Bo [x]', smallAvatar: '' })).toBe('[@Bo \\[x\\]](/user/4)');
  });
});
