/** What the back office and the moderator menus read (API.md "Admin and moderation"). */
import { z } from '../zod';
import { ROLES } from '../constants';

/** A numbered page of a back-office table: its rows, and how many rows all pages hold. */
export interface OffsetPage<T> {
  results: T[];
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/** The schema of a numbered page of `row`s. */
export function offsetPageOf<T extends z.ZodType>(row: T) {
  return z.strictObject({ results: z.array(row), total: z.number(), page: z.number(), pageSize: z.number() });
}

/** A member as the back office names them. */
export const memberRefSchema = z.strictObject({ id: z.number(), nickname: z.string(), avatar: z.string() }).meta({ id: 'MemberRef' });
export type MemberRef = z.infer<typeof memberRefSchema>;

/** A member as the back office's member list shows them (`GET admin/users`). */
export const adminMemberViewSchema = memberRefSchema.extend({
  username: z.string().nullable(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  role: z.enum(ROLES),
  score: z.number(),
  topicCount: z.number(),
  commentCount: z.number(),
  /** 0 when not banned, −1 forever, else the epoch ms it ends. */
  bannedUntil: z.number(),
  /** 0 when not VIP, −1 forever, else the epoch ms it ends. */
  vipUntil: z.number(),
  createTime: z.number(),
  /** Their trust level (issue 28), and whether staff set it by hand: on the member list's rows. */
  trust: z.strictObject({ level: z.number(), locked: z.boolean() }).optional(),
}).meta({ id: 'AdminMemberView' });
export type AdminMemberView = z.infer<typeof adminMemberViewSchema>;

/** A member under a running ban. */
export const bannedMemberViewSchema = z.strictObject({
  user: memberRefSchema,
  /** Epoch ms the ban ends, or −1 forever. */
  until: z.number(),
  reason: z.string(),
}).meta({ id: 'BannedMemberView' });
export type BannedMemberView = z.infer<typeof bannedMemberViewSchema>;

/**
 * A member's ban as a moderator's menu shows it, with what this viewer may do about it: the
 * server answers by the same rule it enforces (common/policy.ts `banRefusal`).
 */
export const banStateViewSchema = z.strictObject({
  userId: z.number(),
  /** 0 when not banned, −1 forever, else the epoch ms it ends. */
  until: z.number(),
  reason: z.string(),
  canBan: z.boolean(),
  canUnban: z.boolean(),
}).meta({ id: 'BanStateView' });
export type BanStateView = z.infer<typeof banStateViewSchema>;

/** One audit log row, with the people it names. */
export const auditEntryViewSchema = z.strictObject({
  id: z.number(),
  /** Who acted; null for the system or a deleted account. */
  actor: memberRefSchema.nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.number().nullable(),
  /** The member acted on, when the target is a user. */
  targetUser: memberRefSchema.nullable(),
  /** Small facts of the event (reason, until, previous state…), as recorded. */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  createTime: z.number(),
}).meta({ id: 'AuditEntryView' });
export type AuditEntryView = z.infer<typeof auditEntryViewSchema>;
