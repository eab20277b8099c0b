/**
 * What every post kind (topics, articles) answers alike: its author, state, counters, times and
 * the reader's own reactions. Each kind's view extends it with its own fields.
 */
import type { IpLocationView } from '../ip-location';
import type { TagRef } from './tag';
import type { PublicUser } from './user';

export interface PostViewBase {
  id: number;
  title: string;
  summary: string;
  /** Sanitized HTML; detail only. */
  content?: string;
  /** The type the author wrote in; `content` is always sanitized HTML. */
  contentType: string;
  tags: TagRef[];
  user: PublicUser | null;
  /** 0 published, 1 deleted, 2 pending review. */
  status: number;
  recommend: boolean;
  viewCount: number;
  commentCount: number;
  likeCount: number;
  favoriteCount: number;
  ipLocation: IpLocationView | null;
  createTime: number;
  updateTime: number;
  lastCommentTime: number;
  /** Who commented last (lists are sorted by activity: they show who moved the item up); null before any comment. */
  lastCommentUser: Pick<PublicUser, 'id' | 'nickname'> | null;
  liked: boolean;
  favorited: boolean;
}
