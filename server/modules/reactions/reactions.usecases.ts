/**
 * The reaction use cases, one function per action (reactions.actions.ts declares who may call
 * each, its limit and its answer): the JSON API and the page loaders run the same ones.
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { reactionActions } from '../../../common/actions/reactions';
import type { FavoriteView } from '../../../common/views/favorite';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { memberOf } from '../../kernel/caller';
import type { Page } from '../../kernel/paging';
import { favoritesPage, setFavorite, setLike, type FavoriteState, type LikeState } from './reactions.service';

type Input<K extends keyof typeof reactionActions> = ParsedInputOf<(typeof reactionActions)[K]>;

/** POST like/like, inside the transaction. */
export function like({ scope, caller, input }: WriteCall<Input<'like'>, undefined>): Promise<LikeState> {
  return setLike(scope, memberOf(caller), input, true);
}

/** POST like/unlike, inside the transaction. */
export function unlike({ scope, caller, input }: WriteCall<Input<'unlike'>, undefined>): Promise<LikeState> {
  return setLike(scope, memberOf(caller), input, false);
}

/** POST favorite/add, inside the transaction. */
export function favorite({ scope, caller, input }: WriteCall<Input<'favorite'>, undefined>): Promise<FavoriteState> {
  return setFavorite(scope, memberOf(caller), input, true);
}

/** POST favorite/delete, inside the transaction. */
export function unfavorite({ scope, caller, input }: WriteCall<Input<'unfavorite'>, undefined>): Promise<FavoriteState> {
  return setFavorite(scope, memberOf(caller), input, false);
}

/** GET user/favorites: the reader's favorites, newest first. */
export function favoriteList({ db, ctx, caller, input }: ReadCall<Input<'favorites'>, undefined>): Promise<Page<FavoriteView>> {
  return favoritesPage(db, ctx.kinds, memberOf(caller), input, caller);
}
