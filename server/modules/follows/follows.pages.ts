/**
 * The follows' slice of `context.site`: the public profile with the viewer's follow state
 * (`/user/{id}`…), the fans and followed lists, the following feed (home "Following") and the
 * members worth following (its empty state).
 */
import type { AppContext } from '../../context';
import { pageRead, type PageSlice } from '../../kernel/pages';
import { fansOf, followedBy, followingFeed, publicProfile, suggestions } from './follows.usecases';

export function followPages(ctx: AppContext): PageSlice {
  return {
    people: {
      profile: pageRead(ctx, publicProfile),
      fans: pageRead(ctx, fansOf),
      followed: pageRead(ctx, followedBy),
      followingFeed: pageRead(ctx, followingFeed),
      suggestions: pageRead(ctx, suggestions),
    },
  };
}
