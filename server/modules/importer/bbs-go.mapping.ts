/**
 * bbs-go's values as Sabai's (issue 33): content types, picture lists, times, statuses, score
 * causes, and a member row as the users feature takes one. Pure functions: no database here.
 */
import { CONTENT_TYPES, type ContentType } from '../../../common/constants';
import type { ImportedMember, MemberAdjustment } from '../users/users.api';
import type { BbsGoUser } from './bbs-go.repository';

/** bbs-go's content types are Sabai's; anything else is read as markdown (bbs-go's default). */
export function contentTypeOf(value: string | null): ContentType {
  return (CONTENT_TYPES as readonly string[]).includes(value ?? '') ? (value as ContentType) : 'markdown';
}

/** bbs-go's image lists: a JSON array of `{url}` (or of addresses). */
export function imagesOf(json: string | null): Array<{ url: string }> {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.flatMap((item: unknown) => {
      if (typeof item === 'string') return [{ url: item }];
      const url = (item as { url?: unknown } | null)?.url;
      return typeof url === 'string' && url !== '' ? [{ url }] : [];
    });
  } catch {
    return [];
  }
}

/** A bbs-go time (epoch ms; 0 or null when it never set one), else the fallback. */
export const time = (value: number | null | undefined, fallback: number): number => (value && value > 0 ? Number(value) : fallback);

/** A status of bbs-go's that keeps a row out: 1 deleted, 2 waiting for review. */
export function statusReason(status: number | null): string | null {
  if (status === 1) return 'deleted in bbs-go';
  if (status === 2) return 'waiting for review in bbs-go';
  return null;
}

/** bbs-go's score sources, as Sabai's score-log causes. */
export const SCORE_CAUSES: Record<string, string> = { checkIn: 'checkin', checkin: 'checkin', topic: 'topic', article: 'article', comment: 'comment', like: 'like' };

export const ADJUSTMENT_REASONS: Record<MemberAdjustment, string> = {
  nicknameRenamed: 'nickname already used here (or passing for a staff name): renamed with a number',
  usernameRenamed: 'username already used here: renamed with a number',
  emailDropped: 'e-mail already used by a member here: imported without it',
};

/** A bbs-go member as Sabai's users feature takes one. */
export function memberOf(row: BbsGoUser, avatar: string, now: number): ImportedMember {
  const roles = (row.roles ?? '').split(',').map((role) => role.trim());
  const created = time(row.create_time, now);
  return {
    username: row.username?.trim() || null,
    email: row.email?.trim() || null,
    emailVerified: row.email_verified === 1,
    nickname: row.nickname?.trim() ?? '',
    avatar: avatar.startsWith('/uploads/') ? avatar : '',
    signature: (row.description ?? '').slice(0, 255),
    homePage: (row.home_page ?? '').slice(0, 255),
    // bcrypt as bbs-go writes it; anything else cannot be checked here, so the member resets it.
    passwordHash: row.password && /^\$2[aby]\$/.test(row.password) ? row.password : null,
    role: roles.includes('owner') || roles.includes('admin') ? 'admin' : 'member',
    score: row.score,
    status: row.status === 1 ? 1 : 0,
    forbiddenUntil: row.forbidden_end_time === -1 ? -1 : row.forbidden_end_time > now ? row.forbidden_end_time : 0,
    createTime: created,
    updateTime: time(row.update_time, created),
  };
}
