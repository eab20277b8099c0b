/**
 * What leaves the server about a user (DESIGN convention 5). Fields are listed one by one: no
 * password hash, no token, no IP; the e-mail only in the signed-in user's own shape.
 */
import type { CurrentUser, PublicUser } from '../../../common/views/user';
import type { UserRow } from '../../db/schema';
import { isBanned, roleOf } from '../../policy/permissions';

// The shapes live in common/views (the pages read them too); named here for the server's imports.
export type { CurrentUser, PublicUser };

export interface PresentOptions {
  now: number;
  followed?: boolean;
}

export function isVipActive(row: Pick<UserRow, 'vip_expire_time'>, now: number): boolean {
  return row.vip_expire_time === -1 || row.vip_expire_time > now;
}

export function presentPublicUser(row: UserRow, options: PresentOptions): PublicUser {
  return {
    id: row.id,
    nickname: row.nickname,
    username: row.username,
    avatar: row.avatar,
    smallAvatar: row.avatar,
    signature: row.signature,
    homePage: row.home_page,
    score: row.score,
    topicCount: row.topic_count,
    articleCount: row.article_count,
    commentCount: row.comment_count,
    followCount: row.follow_count,
    fansCount: row.fans_count,
    rank: row.id,
    vip: { active: isVipActive(row, options.now), expireTime: row.vip_expire_time },
    forbidden: { until: isBanned(row, options.now) ? row.forbidden_until : 0 },
    createTime: row.create_time,
    followed: options.followed ?? false,
    background: row.background,
  };
}

export function presentCurrentUser(row: UserRow, options: PresentOptions): CurrentUser {
  const role = roleOf(row);
  return {
    ...presentPublicUser(row, options),
    email: row.email,
    emailVerified: row.email_verified === 1,
    passwordSet: row.password_hash !== null && row.password_hash !== '',
    role,
    roles: [role],
    banReason: isBanned(row, options.now) ? row.forbidden_reason : '',
  };
}
