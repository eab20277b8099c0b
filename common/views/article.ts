/**
 * Article as the API and the pages see it (API.md "Articles"). Fields are listed one by one, as
 * for topics: never the IP, the user agent or the unsanitized source (edit fields aside, which go
 * to the author or a moderator only). `title` and `summary` are plain text, answered raw: every
 * page escapes them.
 */
import type { IpLocationView } from '../ip-location';
import type { TagRef } from './tag';
import type { PublicUser } from './user';

/** The cover: an image this site stored, cropped in the browser to ARTICLE_LIMITS.coverRatio. */
export interface ArticleCover {
  /** Site-relative (`/uploads/…`). */
  url: string;
}

export interface ArticleView {
  id: number;
  title: string;
  /** The author's summary, or one derived from the content (cut by characters, never mid-pair). */
  summary: string;
  /** Sanitized HTML; detail only. */
  content?: string;
  /** The type the author wrote in (html, markdown); `content` is always sanitized HTML. */
  contentType: string;
  cover: ArticleCover | null;
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
  liked: boolean;
  favorited: boolean;
}

/** What the edit form loads (GET article/edit/{id}): the raw editable fields. */
export interface ArticleEditView {
  id: number;
  title: string;
  /** The author's own summary; '' when it is derived from the content. */
  summary: string;
  /** Markdown: the source. HTML: the stored sanitized HTML (never unsanitized HTML). */
  content: string;
  contentType: string;
  tags: string[];
  cover: ArticleCover | null;
  status: number;
}
