/** The moderation slice of `context.site`: the back office's tables (`/admin/bans`, `/admin/audit`). */
import type { AppContext } from '../../context';
import { pageRead, type PageSlice } from '../../kernel/pages';
import { auditLog, bannedMembers, members } from './moderation.usecases';

export function moderationPages(ctx: AppContext): PageSlice {
  return { admin: { bannedMembers: pageRead(ctx, bannedMembers), auditLog: pageRead(ctx, auditLog), members: pageRead(ctx, members) } };
}
