/**
 * Request schemas of the moderation routes (API.md "Admin and moderation"): ban, unban, and the
 * back office's lists (offset pages: admin tables show page numbers and a total).
 */
import { z } from '../zod';
import { BAN_DAYS, BAN_REASON_MAX, type BanDays } from '../policy';
import { ROLES } from '../constants';
import { idField, integerField } from './fields';

/** `days`: 7 or −1 (forever), as a JSON number or the same in form text. */
const banDaysField = integerField(-1).refine((days): days is BanDays => (BAN_DAYS as readonly number[]).includes(days), 'ban.validation.days');

export const banSchema = z.object({
  userId: idField,
  days: banDaysField,
  reason: z
    .string({ error: 'ban.validation.reasonRequired' })
    .trim()
    .min(1, 'ban.validation.reasonRequired')
    .max(BAN_REASON_MAX, 'ban.validation.reasonTooLong'),
  /**
   * A forever ban may also hide the member's topics, articles and comments until it is lifted
   * (a 7-day ban never does: `true` with `days` 7 is refused). A form's checkbox sends 'on'/'true'.
   */
  hideContent: z.preprocess((value) => (value === 'true' || value === 'on' || value === '1' ? true : value === 'false' || value === '' || value === '0' ? false : value), z.boolean({ error: 'validation.invalid' })).default(false),
}).refine((ban) => !ban.hideContent || ban.days === -1, { path: ['hideContent'], message: 'adminUsers.validation.hideNeedsForever' });
export type BanInput = z.infer<typeof banSchema>;

export const unbanSchema = z.object({ userId: idField });

/** Rows per page of every back-office table. */
export const ADMIN_PAGE_SIZE = 20;
/** The furthest page a table goes (deeper pages cost a long scan and nobody reads them). */
export const ADMIN_PAGE_MAX = 500;

/** `?page=`: 1 to ADMIN_PAGE_MAX, 1 when absent. */
export const adminPageField = integerField(1).pipe(z.number().max(ADMIN_PAGE_MAX, 'validation.invalid')).default(1);

export const bannedQuery = z.object({ page: adminPageField });

export const MEMBER_SORTS = ['newest', 'score', 'topics'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

/** `/admin/users`: a name or e-mail to look for, the order, and filters (each optional). */
export const membersQuery = z.object({
  page: adminPageField,
  q: z.string({ error: 'validation.invalid' }).trim().max(64, 'validation.invalid').optional(),
  sort: z.enum(MEMBER_SORTS, { error: 'validation.invalid' }).default('newest'),
  role: z.enum(ROLES, { error: 'validation.invalid' }).optional(),
  /** '1': only members under a running ban. */
  banned: z.enum(['1'], { error: 'validation.invalid' }).optional(),
  /** '1': only members whose VIP runs. */
  vip: z.enum(['1'], { error: 'validation.invalid' }).optional(),
});
export type MembersQuery = z.infer<typeof membersQuery>;

/** POST admin/user/role: admins only; the last admin keeps the role. */
export const setRoleSchema = z.object({ userId: idField, role: z.enum(ROLES, { error: 'adminUsers.validation.role' }) });
export type SetRoleInput = z.infer<typeof setRoleSchema>;

/** POST admin/user/verify_email. */
export const verifyEmailSchema = z.object({ userId: idField });

/** The audit log's filters: who acted, what was done, to which kind of target (and which one). */
export const auditQuery = z.object({
  page: adminPageField,
  actorId: idField.optional(),
  action: z.string({ error: 'validation.invalid' }).trim().max(64, 'validation.invalid').optional(),
  targetType: z.string({ error: 'validation.invalid' }).trim().max(32, 'validation.invalid').optional(),
  targetId: idField.optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;
