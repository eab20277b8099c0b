/**
 * The reaction reads, for the JSON routes and the page loaders alike. (Likes and favorites still
 * run their steps in reactions.routes.ts: ADR 0011, "What remains".)
 */
import type { FavoriteView } from '../../../common/views/favorite';
import { requireDb, type AppContext } from '../../context';
import { errors } from '../../infra/errors';
import type { ViewerContext } from '../../kernel/caller';
import type { Page } from '../../kernel/paging';
import { favoritesPage } from './reactions.service';

/** GET user/favorites: the signed-in reader's favorites, newest first (401 when signed out). */
export function favoriteList(ctx: AppContext, caller: ViewerContext, params: { cursor?: string }): Promise<Page<FavoriteView>> {
  const db = requireDb(ctx);
  if (!caller.viewer) throw errors.notSignedIn();
  return favoritesPage(db, ctx.kinds, caller.viewer, params, caller);
}
