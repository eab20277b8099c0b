/**
 * Topic as the API and the pages see it (API.md "Topic"). Fields are listed one by one: never the
 * IP, the user agent or the unsanitized source (edit fields aside, which go to the author or a
 * moderator only). `title` is plain text, answered raw: every page and feed escapes it.
 */
import type { IpLocationView } from '../ip-location';
import type { NodeView } from './node';
import type { TagRef } from './tag';
import type { PublicUser } from './user';

export interface TopicImage {
  url: string;
}

export interface TopicView {
  id: number;
  /** 0 post, 1 tweet. */
  type: number;
  node: NodeView | null;
  title: string;
  summary: string;
  /** Sanitized HTML; detail only. */
  content?: string;
  /** The type the author wrote in (html, markdown, text); `content` is always sanitized HTML. */
  contentType: string;
  tags: TagRef[];
  imageList: TopicImage[];
  user: PublicUser | null;
  /** 0 published, 1 deleted, 2 pending review. */
  status: number;
  sticky: boolean;
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
  hasHiddenContent: boolean;
}

/** What the edit form loads (API.md "raw editable fields"). */
export interface TopicEditView {
  id: number;
  type: number;
  nodeId: number;
  title: string;
  /** Markdown and text: the source. HTML: the stored sanitized HTML (never unsanitized HTML). */
  content: string;
  contentType: string;
  hideContent: string;
  tags: string[];
  imageList: TopicImage[];
  status: number;
}

/** A topic's hidden content for this reader (`GET topic/hide_content`). */
export interface HiddenContent {
  exists: boolean;
  show: boolean;
  /** Sanitized HTML when shown, else ''. */
  content: string;
}
