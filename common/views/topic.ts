/**
 * Topic as the API and the pages see it (API.md "Topic"). Fields are listed one by one: never the
 * IP, the user agent or the unsanitized source (edit fields aside, which go to the author or a
 * moderator only). `title` is plain text, answered raw: every page and feed escapes it.
 */
import type { NodeView } from './node';
import type { PostViewBase } from './post';

export interface TopicImage {
  url: string;
}

export interface TopicView extends PostViewBase {
  /** 0 post, 1 tweet. */
  type: number;
  node: NodeView | null;
  /** The type the author wrote in (html, markdown, text). */
  contentType: string;
  imageList: TopicImage[];
  sticky: boolean;
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
