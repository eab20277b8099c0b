/**
 * Article as the API and the pages see it (API.md "Articles"). Fields are listed one by one, as
 * for topics: never the IP, the user agent or the unsanitized source (edit fields aside, which go
 * to the author or a moderator only). `title` and `summary` are plain text, answered raw: every
 * page escapes them.
 */
import { z } from '../zod';
import { postViewBaseSchema } from './post';

/** The cover: an image this site stored, cropped in the browser to ARTICLE_LIMITS.coverRatio. */
export const articleCoverSchema = z.strictObject({
  /** Site-relative (`/uploads/…`). */
  url: z.string(),
}).meta({ id: 'ArticleCover' });
export type ArticleCover = z.infer<typeof articleCoverSchema>;

export const articleViewSchema = postViewBaseSchema.extend({
  /** The author's summary, or one derived from the content (cut by characters, never mid-pair). */
  summary: z.string(),
  /** html or markdown. */
  contentType: z.string(),
  cover: articleCoverSchema.nullable(),
}).meta({ id: 'ArticleView' });
export type ArticleView = z.infer<typeof articleViewSchema>;

/** What the edit form loads (GET article/edit/{id}): the raw editable fields. */
export const articleEditViewSchema = z.strictObject({
  id: z.number(),
  title: z.string(),
  /** The author's own summary; '' when it is derived from the content. */
  summary: z.string(),
  /** Markdown: the source. HTML: the stored sanitized HTML (never unsanitized HTML). */
  content: z.string(),
  contentType: z.string(),
  tags: z.array(z.string()),
  cover: articleCoverSchema.nullable(),
  status: z.number(),
}).meta({ id: 'ArticleEditView' });
export type ArticleEditView = z.infer<typeof articleEditViewSchema>;
