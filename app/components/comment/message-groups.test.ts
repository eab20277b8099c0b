import { describe, expect, it } from 'vitest';
import { MESSAGE_TYPES } from '../../../common/constants';
import { groupMessages, groupOf } from './message-groups';

describe('message groups', () => {
  it('puts every message type in a group, an unknown one among the site notices', () => {
    for (const type of MESSAGE_TYPES) expect(groupOf(type)).toMatch(/^(conversation|reaction|follow|site)$/);
    expect(groupOf('something_new')).toBe('site');
  });

  it('answers the non-empty groups in their fixed order, newest first inside each', () => {
    const list = [
      { id: 6, type: 'like' },
      { id: 5, type: 'system' },
      { id: 4, type: 'comment_reply' },
      { id: 3, type: 'favorite' },
      { id: 2, type: 'topic_comment' },
    ];
    expect(groupMessages(list).map((g) => [g.group, g.messages.map((m) => m.id)])).toEqual([
      ['conversation', [4, 2]],
      ['reaction', [6, 3]],
      ['site', [5]],
    ]);
    expect(groupMessages([])).toEqual([]);
  });
});
