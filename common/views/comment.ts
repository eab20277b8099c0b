/**
 * Comment as the API and the pages see it (API.md "Comment"). Fields listed one by one: never
 * the IP, the user agent or the unsanitized source.
 */
import type { IpLocationView } from '../ip-location';
import type { TopicImage } from './topic';
import type { PublicUser } from './user';

/** The reply a reply answers, shown above it. */
export interface CommentQuote {
  id: number;
  user: PublicUser | null;
  /** Plain-text excerpt ('' when the quoted reply was deleted). */
  content: string;
  deleted: boolean;
}

/** The item a comment belongs to, as a member's comment list names it (`GET comment/user_comments`). */
export interface CommentItemRef {
  /** `topic`, `article`. */
  type: string;
  id: number;
  /** Its display title: a post's title, a tweet's opening words. Plain text. */
  title: string;
  /** Site path of the comment on the item's page (`/topic/12#comment-34`). */
  url: string;
}

export interface CommentView {
  id: number;
  entityType: string;
  entityId: number;
  /** The top-level comment a reply sits under; null for a top-level comment. */
  parentId: number | null;
  /** Sanitized HTML. */
  content: string;
  contentType: string;
  imageList: TopicImage[];
  user: PublicUser | null;
  quote: CommentQuote | null;
  likeCount: number;
  replyCount: number;
  ipLocation: IpLocationView | null;
  /** 0 published, 1 deleted. */
  status: number;
  createTime: number;
  liked: boolean;
  /** Top-level comments in comment/comments: the first replies (≤ 3); `replyCount` says how many in all. */
  replies?: CommentView[];
}

/** A member's comment on their profile: the comment, and the post it belongs to. */
export interface UserCommentView extends CommentView {
  item: CommentItemRef;
}
