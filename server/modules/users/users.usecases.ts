/** The member use cases read by both doors: the JSON routes (`user/{id}`) and the page loaders. */
import type { PublicUser } from '../../../common/views/user';
import { requireDb, type AppContext } from '../../context';
import type { ViewerContext } from '../../kernel/caller';
import { presentPublicUser } from './users.presenter';
import { getActiveUser } from './users.service';

/** An active member's public profile; 404 for unknown or disabled accounts. */
export async function publicProfile(ctx: AppContext, caller: ViewerContext, id: number): Promise<PublicUser> {
  return presentPublicUser(await getActiveUser(requireDb(ctx), id), { now: caller.now });
}
