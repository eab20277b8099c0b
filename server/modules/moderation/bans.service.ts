/**
 * Bans (spec §4, §6): a moderator bans a member for 7 days or forever with a reason, and lifts a
 * ban. The rule of who may ban whom is common/policy.ts `banRefusal`, the one the pages show
 * menus by. The ban itself is the users feature's row (`forbidden_until`, read by the session
 * check on every request); the facts `user.banned` / `user.unbanned` carry the rest: the audit
 * row and the member's site message are this feature's listeners (moderation.feature.ts),
 * and so is hiding a forever-banned member's content and showing it again on unban (topics,
 * articles and comments each move their own rows: CONTENT_STATUS.hidden).
 */
import { banRefusal, banUntil, type BanRefusal } from '../../../common/policy';
import type { BanInput } from '../../../common/validation/moderation';
import { ErrorCode } from '../../../common/errors';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../infra/errors';
import type { Actor, WriteScope } from '../../kernel/events';
import { isBanned } from '../../policy/permissions';
import { getActiveUser, setBan } from '../users/users.api';

const REFUSAL_KEYS: Record<BanRefusal, string> = {
  notStaff: 'errors.forbidden',
  self: 'ban.errors.self',
  rank: 'ban.errors.rank',
};

/** 403 naming why this actor may not ban (or unban) this member. */
function assertMayBan(actor: UserRow, target: UserRow): void {
  const refusal = banRefusal(actor, target);
  if (refusal) throw new AppError(403, ErrorCode.Forbidden, REFUSAL_KEYS[refusal]);
}

function actorOf(user: UserRow, ip: string): Actor {
  return { id: user.id, moderator: true, ip };
}

/**
 * Bans `input.userId` (inside the write's transaction). Banning a banned member again replaces
 * the end and the reason (a 7-day ban made forever, or the reverse) and is recorded again.
 */
export async function banMember(scope: WriteScope, actor: UserRow, input: BanInput, ip: string): Promise<UserRow> {
  const target = await getActiveUser(scope.db, input.userId);
  assertMayBan(actor, target);
  const until = banUntil(input.days, scope.now);
  const previousUntil = isBanned(target, scope.now) ? target.forbidden_until : 0;
  await setBan(scope.db, target.id, until, input.reason, scope.now);
  // Only a forever ban hides content (the schema refuses the choice with 7 days).
  const hideContent = until === -1 && input.hideContent;
  await scope.emit('user.banned', { user: { id: target.id, nickname: target.nickname }, until, reason: input.reason, previousUntil, hideContent, actor: actorOf(actor, ip) });
  // Every page showing the member (their profile's ban notice) is rendered anew.
  await scope.emit('user.profileChanged', { userId: target.id });
  return { ...target, forbidden_until: until, forbidden_reason: input.reason };
}

/** Lifts a running ban; a member who is not banned is left as is (nothing recorded). */
export async function unbanMember(scope: WriteScope, actor: UserRow, userId: number, ip: string): Promise<UserRow> {
  const target = await getActiveUser(scope.db, userId);
  assertMayBan(actor, target);
  if (!isBanned(target, scope.now)) return target;
  await setBan(scope.db, target.id, 0, '', scope.now);
  await scope.emit('user.unbanned', { user: { id: target.id, nickname: target.nickname }, previousUntil: target.forbidden_until, reason: target.forbidden_reason, actor: actorOf(actor, ip) });
  await scope.emit('user.profileChanged', { userId: target.id });
  return { ...target, forbidden_until: 0, forbidden_reason: '' };
}
