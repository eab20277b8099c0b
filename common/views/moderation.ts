/** What the back office and the moderator menus read (API.md "Admin and moderation"). */

/** A numbered page of a back-office table: its rows, and how many rows all pages hold. */
export interface OffsetPage<T> {
  results: T[];
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/** A member as the back office names them. */
export interface MemberRef {
  id: number;
  nickname: string;
  avatar: string;
}

/** A member as the back office's member list shows them (`GET admin/users`). */
export interface AdminMemberView extends MemberRef {
  username: string | null;
  email: string | null;
  emailVerified: boolean;
  role: 'member' | 'moderator' | 'admin';
  score: number;
  topicCount: number;
  commentCount: number;
  /** 0 when not banned, −1 forever, else the epoch ms it ends. */
  bannedUntil: number;
  /** 0 when not VIP, −1 forever, else the epoch ms it ends. */
  vipUntil: number;
  createTime: number;
}

/** A member under a running ban. */
export interface BannedMemberView {
  user: MemberRef;
  /** Epoch ms the ban ends, or −1 forever. */
  until: number;
  reason: string;
}

/**
 * A member's ban as a moderator's menu shows it, with what this viewer may do about it: the
 * server answers by the same rule it enforces (common/policy.ts `banRefusal`).
 */
export interface BanStateView {
  userId: number;
  /** 0 when not banned, −1 forever, else the epoch ms it ends. */
  until: number;
  reason: string;
  canBan: boolean;
  canUnban: boolean;
}

/** One audit log row, with the people it names. */
export interface AuditEntryView {
  id: number;
  /** Who acted; null for the system or a deleted account. */
  actor: MemberRef | null;
  action: string;
  targetType: string;
  targetId: number | null;
  /** The member acted on, when the target is a user. */
  targetUser: MemberRef | null;
  /** Small facts of the event (reason, until, previous state…), as recorded. */
  detail: Record<string, string | number | boolean | null>;
  createTime: number;
}
