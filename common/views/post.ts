/**
 * What every post kind (topics, articles) answers alike: its author, state, counters, times and
 * the reader's own reactions. Each kind's view extends it with its own fields.
 */
import { z } from '../zod';
import { ipLocationViewSchema } from '../ip-location';
import { tagRefSchema } from './tag';
import { publicUserSchema } from './user';

export const postViewBaseSchema = z.strictObject({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  /** Sanitized HTML; detail only. */
  content: z.string().optional(),
  /** The type the author wrote in; `content` is always sanitized HTML. */
  contentType: z.string(),
  tags: z.array(tagRefSchema),
  user: publicUserSchema.nullable(),
  /** 0 published, 1 deleted, 2 pending review. */
  status: z.number(),
  recommend: z.boolean(),
  /** A moderator locked it: no new comments (issue 28). */
  commentsLocked: z.boolean(),
  /** Slow mode: a member comments at most once per this many seconds; 0 = off. */
  slowModeSeconds: z.number(),
  viewCount: z.number(),
  commentCount: z.number(),
  likeCount: z.number(),
  favoriteCount: z.number(),
  ipLocation: ipLocationViewSchema.nullable(),
  createTime: z.number(),
  updateTime: z.number(),
  lastCommentTime: z.number(),
  /** Who commented last (lists are sorted by activity: they show who moved the item up); null before any comment. */
  lastCommentUser: z.strictObject({ id: z.number(), nickname: z.string() }).nullable(),
  liked: z.boolean(),
  favorited: z.boolean(),
}).meta({ id: 'PostViewBase' });
export type PostViewBase = z.infer<typeof postViewBaseSchema>;
