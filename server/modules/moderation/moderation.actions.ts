/**
 * The moderation feature's actions (ADR 0021): the back office's members, bans and audit log.
 * Who may is the shared table's rule by role (`who.staff`), checked before the body's field
 * errors (401 for nobody, 403 errorCode 2 for any other member, banned or not); whom a
 * moderator may ban (rank, oneself) is the ban service's rule, with its own words.
 */
import { moderationActions } from '../../../common/actions/moderation';
import { adminMemberViewSchema, auditEntryViewSchema, bannedMemberViewSchema, banStateViewSchema, offsetPageOf } from '../../../common/views/moderation';
import { currentUserSchema } from '../../../common/views/user';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { auditLog, bannedMembers, banState, banUser, members, setRole, unbanUser, verifyMemberEmail } from './moderation.usecases';

const STAFF_WRITE = 'a staff action on one member at a time, audited; nothing piles up';

export const moderationActionList = [
  writeAction(moderationActions.ban, { who: who.staff('user:ban'), limit: limit.none(STAFF_WRITE), answer: currentUserSchema, run: banUser }),
  writeAction(moderationActions.unban, { who: who.staff('user:ban'), limit: limit.none(STAFF_WRITE), answer: currentUserSchema, run: unbanUser }),
  readAction(moderationActions.banState, { who: who.staff('user:ban'), answer: banStateViewSchema, run: banState }),
  readAction(moderationActions.banned, { who: who.staff('admin:access'), answer: offsetPageOf(bannedMemberViewSchema), run: bannedMembers }),
  readAction(moderationActions.members, { who: who.staff('user:list'), answer: offsetPageOf(adminMemberViewSchema), run: members }),
  writeAction(moderationActions.setRole, { who: who.staff('user:setRole'), limit: limit.none(STAFF_WRITE), answer: adminMemberViewSchema, run: setRole }),
  writeAction(moderationActions.verifyEmail, { who: who.staff('user:verifyEmail'), limit: limit.none(STAFF_WRITE), answer: adminMemberViewSchema, run: verifyMemberEmail }),
  readAction(moderationActions.auditLog, { who: who.staff('admin:access'), answer: offsetPageOf(auditEntryViewSchema), run: auditLog }),
];
