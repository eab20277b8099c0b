/**
 * Article as the API and the pages see it (API.md "Articles"). Fields are listed one by one, as
 * for topics: never the IP, the user agent or the unsanitized source (edit fields aside, which go
 * to the author or a moderator only). `title` and `summary` are plain text, answered raw: every
 * page escapes them.
 */
import type { PostViewBase } from './post';

/** The cover: an image this site stored, cropped in the browser to ARTICLE_LIMITS.coverRatio. */
export interface ArticleCover {
  /** Site-relative (`/uploads/…`). */
  url: string;
}

export interface ArticleView extends PostViewBase {
  /** The author's summary, or one derived from the content (cut by characters, never mid-pair). */
  summary: string;
  /** html or markdown. */
  contentType: string;
  cover: ArticleCover | null;
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
