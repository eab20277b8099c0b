/** The VIP slice of `context.site`: /user/profile/member and the back office's /admin/vip. */
import type { AppContext } from '../../context';
import { pageRead, type PageSlice } from '../../kernel/pages';
import { membership, vipAdmin } from './vip.usecases';

export function vipPages(ctx: AppContext): PageSlice {
  return { vip: { membership: pageRead(ctx, membership), admin: pageRead(ctx, vipAdmin) } };
}
