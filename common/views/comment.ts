/**
 * Comment as the API and the pages see it (API.md "Comment"). Fields listed one by one: never
 * the IP, the user agent or the unsanitized source.
 */
import { z } from '../zod';
import { ipLocationViewSchema } from '../ip-location';
import { topicImageSchema } from './topic';
import { publicUserSchema } from './user';

/** The reply a reply answers, shown above it. */
export const commentQuoteSchema = z.strictObject({
  id: z.number(),
  user: publicUserSchema.nullable(),
  /** Plain-text excerpt ('' when the quoted reply was deleted). */
  content: z.string(),
  deleted: z.boolean(),
}).meta({ id: 'CommentQuote' });
export type CommentQuote = z.infer<typeof commentQuoteSchema>;

/** The item a comment belongs to, as a member's comment list names it (`GET comment/user_comments`). */
export const commentItemRefSchema = z.strictObject({
  /** `topic`, `article`. */
  type: z.string(),
  id: z.number(),
  /** Its display title: a post's title, a tweet's opening words. Plain text. */
  title: z.string(),
  /** Site path of the comment on the item's page (`/topic/12#comment-34`). */
  url: z.string(),
}).meta({ id: 'CommentItemRef' });
export type CommentItemRef = z.infer<typeof commentItemRefSchema>;

const commentFields = {
  id: z.number(),
  entityType: z.string(),
  entityId: z.number(),
  /** The top-level comment a reply sits under; null for a top-level comment. */
  parentId: z.number().nullable(),
  /** Sanitized HTML. */
  content: z.string(),
  contentType: z.string(),
  imageList: z.array(topicImageSchema),
  user: publicUserSchema.nullable(),
  quote: commentQuoteSchema.nullable(),
  likeCount: z.number(),
  replyCount: z.number(),
  ipLocation: ipLocationViewSchema.nullable(),
  /** 0 published, 1 deleted. */
  status: z.number(),
  createTime: z.number(),
  liked: z.boolean(),
};

export interface CommentView extends z.infer<z.ZodObject<typeof commentFields>> {
  /** Top-level comments in comment/comments: the first replies (≤ 3); `replyCount` says how many in all. */
  replies?: CommentView[];
}

export const commentViewSchema: z.ZodType<CommentView> = z.strictObject({
  ...commentFields,
  get replies() {
    return z.array(commentViewSchema).optional();
  },
}).meta({ id: 'CommentView' });

/** A member's comment on their profile: the comment, and the post it belongs to. */
export const userCommentViewSchema = z.strictObject({ ...commentFields, item: commentItemRefSchema }).meta({ id: 'UserCommentView' });
export type UserCommentView = z.infer<typeof userCommentViewSchema> & { replies?: CommentView[] };
