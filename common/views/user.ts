/**
 * Users as the API and the pages see them (API.md "User (public)", `user/current`). Pure shapes:
 * the server's users presenter fills them field by field (DESIGN convention 5: no password hash,
 * no token, no IP; the e-mail only in the signed-in user's own shape).
 */
import type { Role } from '../constants';

/** API.md "User (public)". */
export interface PublicUser {
  id: number;
  nickname: string;
  username: string | null;
  avatar: string;
  smallAvatar: string;
  signature: string;
  homePage: string;
  score: number;
  topicCount: number;
  /** Published articles (added with issue 12: the profile's articles tab). */
  articleCount: number;
  commentCount: number;
  followCount: number;
  fansCount: number;
  /** Registration order: the member number, which is the id (stable, O(1); ids only grow). */
  rank: number;
  vip: { active: boolean; expireTime: number };
  /** `until`: 0 = not banned, -1 = forever, else the epoch ms the ban ends. */
  forbidden: { until: number };
  createTime: number;
  /** Whether the viewer follows this user (false for anonymous readers and for oneself). */
  followed: boolean;
  /** The profile page's background image (site-relative `/uploads/…`), or '' for none. */
  background: string;
}

/** API.md `user/current`: the public shape plus what only its owner sees. */
export interface CurrentUser extends PublicUser {
  email: string | null;
  emailVerified: boolean;
  passwordSet: boolean;
  role: Role;
  roles: Role[];
  /** Why they are banned, as the moderator wrote it ('' when not banned): told only to them. */
  banReason: string;
}

/**
 * The signed-in user as the site shell sees it (the load context's `sessionUser`, the root
 * loader's `user`): the same shape `GET /api/user/current` answers.
 */
export type SessionUser = CurrentUser;
