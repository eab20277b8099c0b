/**
 * The profile's lists name their reads' paths as text (the page does not load the contracts and
 * zod to learn them, issue 32): each must be its contract's path, or "Load more" asks a route
 * that is not there.
 */
import { describe, expect, it } from 'vitest';
import { articleActions } from '../../../common/actions/articles';
import { commentActions } from '../../../common/actions/comments';
import { followActions } from '../../../common/actions/follows';
import { topicActions } from '../../../common/actions/topics';
import { PROFILE_LISTS, type ProfileTab } from './profile';

const CONTRACT_OF: Record<ProfileTab, { path: string | null; method: string | null }> = {
  topics: topicActions.ofUser,
  tweets: topicActions.ofUser,
  comments: commentActions.ofUser,
  articles: articleActions.ofUser,
  fans: followActions.fans,
  followed: followActions.followed,
};

describe('profile lists', () => {
  it.each(Object.keys(PROFILE_LISTS) as ProfileTab[])('the %s list pages through its contract’s GET route', (tab) => {
    const contract = CONTRACT_OF[tab];
    expect(contract.method).toBe('GET');
    expect(PROFILE_LISTS[tab].api).toBe(contract.path);
  });
});
