/** Request fields of follows (API.md `fans/*`): the member acted on, and a list's owner with its cursor. */
import { z } from '../zod';
import { cursorField, idField } from './fields';

/** POST fans/follow, fans/unfollow. */
export const followSchema = z.object({ userId: idField });
export type FollowInput = z.output<typeof followSchema>;

/** GET fans/fans, fans/followed: whose list, and where the previous page ended. */
export const followListQuery = z.object({ userId: idField, cursor: cursorField });

/** GET topic/topics?nodeId=-2 (the following feed) and GET fans/suggestions take only a cursor. */
export const followingFeedQuery = z.object({ cursor: cursorField });
