/**
 * The follows feature's actions (ADR 0021): the toggle (signed in, not banned; a click of the
 * member's follow allowance once the body is valid; the counts and the followed member's message
 * are handlers of `follow.changed`), the lists, the profile and the following feed.
 */
import { followActions } from '../../../common/actions/follows';
import { followedPostSchema, followedStateSchema, followStateSchema, followSuggestionsSchema } from '../../../common/views/follow';
import { pageOf } from '../../../common/views/page';
import { publicUserSchema } from '../../../common/views/user';
import type { RateRule } from '../../infra/rate-limiter';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { fansOf, followedBy, followedPosts, followMember, followState, publicProfile, suggestions, unfollowMember } from './follows.usecases';

/** Toggles per member: generous for real use (a list of follow buttons), a wall for a script following everyone. */
export const FOLLOW_RULE: RateRule = { name: 'follow:user', max: 60, windowMs: 10 * 60_000 };

/** Follow and unfollow share one count: every valid click spends one, whatever it changed. */
const toggleLimit = limit.perUser(FOLLOW_RULE);

const memberPage = pageOf(publicUserSchema);

export const followsActionList = [
  writeAction(followActions.follow, { who: who.writer(), limit: toggleLimit, answer: followStateSchema, run: followMember }),
  writeAction(followActions.unfollow, { who: who.writer(), limit: toggleLimit, answer: followStateSchema, run: unfollowMember }),
  readAction(followActions.isFollowed, { who: who.anyone(), answer: followedStateSchema, run: followState }),
  readAction(followActions.fans, { who: who.anyone(), answer: memberPage, run: fansOf }),
  readAction(followActions.followed, { who: who.anyone(), answer: memberPage, run: followedBy }),
  readAction(followActions.suggestions, { who: who.anyone(), answer: followSuggestionsSchema, run: suggestions }),
  readAction(followActions.profile, { who: who.anyone(), answer: publicUserSchema, run: publicProfile }),
  readAction(followActions.feed, { who: who.anyone(), answer: pageOf(followedPostSchema), run: followedPosts }),
];
