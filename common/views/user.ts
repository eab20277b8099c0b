/**
 * Users as the API and the pages see them (API.md "User (public)", `user/current`). Pure shapes:
 * the server's users presenter fills them field by field (DESIGN convention 5: no password hash,
 * no token, no IP; the e-mail only in the signed-in user's own shape). The schemas are the
 * answers' declared shapes (ADR 0021): a presenter that adds or drops a field fails the tests.
 */
import { z } from '../zod';
import { ROLES } from '../constants';

/** API.md "User (public)". */
export const publicUserSchema = z.strictObject({
  id: z.number(),
  nickname: z.string(),
  username: z.string().nullable(),
  avatar: z.string(),
  smallAvatar: z.string(),
  signature: z.string(),
  homePage: z.string(),
  score: z.number(),
  topicCount: z.number(),
  /** Published articles (added with issue 12: the profile's articles tab). */
  articleCount: z.number(),
  commentCount: z.number(),
  followCount: z.number(),
  fansCount: z.number(),
  /** Registration order: the member number, which is the id (stable, O(1); ids only grow). */
  rank: z.number(),
  vip: z.strictObject({ active: z.boolean(), expireTime: z.number() }),
  /** `until`: 0 = not banned, -1 = forever, else the epoch ms the ban ends. */
  forbidden: z.strictObject({ until: z.number() }),
  createTime: z.number(),
  /** Whether the viewer follows this user (false for anonymous readers and for oneself). */
  followed: z.boolean(),
  /** The profile page's background image (site-relative `/uploads/…`), or '' for none. */
  background: z.string(),
}).meta({ id: 'PublicUser' });
export type PublicUser = z.infer<typeof publicUserSchema>;

/** API.md `user/current`: the public shape plus what only its owner sees. */
export const currentUserSchema = publicUserSchema.extend({
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  passwordSet: z.boolean(),
  role: z.enum(ROLES),
  roles: z.array(z.enum(ROLES)),
  /** Why they are banned, as the moderator wrote it ('' when not banned): told only to them. */
  banReason: z.string(),
}).meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * The signed-in user as the site shell sees it (the load context's `sessionUser`, the root
 * loader's `user`): the same shape `GET /api/user/current` answers.
 */
export type SessionUser = CurrentUser;
