/**
 * Topic as the API and the pages see it (API.md "Topic"). Fields are listed one by one: never the
 * IP, the user agent or the unsanitized source (edit fields aside, which go to the author or a
 * moderator only). `title` is plain text, answered raw: every page and feed escapes it.
 */
import { z } from '../zod';
import { nodeViewSchema } from './node';
import { postViewBaseSchema } from './post';

export const topicImageSchema = z
  .strictObject({
    url: z.string(),
    /** The picture's size in pixels, when it is an upload of this site made since ADR 0031. */
    width: z.number().optional(),
    height: z.number().optional(),
    /** Its smaller copies (`<url> <width>w, …`), written by the server only. */
    srcset: z.string().optional(),
  })
  .meta({ id: 'TopicImage' });
export type TopicImage = z.infer<typeof topicImageSchema>;

export const topicViewSchema = postViewBaseSchema.extend({
  /** 0 post, 1 tweet. */
  type: z.number(),
  node: nodeViewSchema.nullable(),
  /** The type the author wrote in (html, markdown, text). */
  contentType: z.string(),
  imageList: z.array(topicImageSchema),
  sticky: z.boolean(),
  hasHiddenContent: z.boolean(),
}).meta({ id: 'TopicView' });
export type TopicView = z.infer<typeof topicViewSchema>;

/** What the edit form loads (API.md "raw editable fields"). */
export const topicEditViewSchema = z.strictObject({
  id: z.number(),
  type: z.number(),
  nodeId: z.number(),
  title: z.string(),
  /** Markdown and text: the source. HTML: the stored sanitized HTML (never unsanitized HTML). */
  content: z.string(),
  contentType: z.string(),
  hideContent: z.string(),
  tags: z.array(z.string()),
  imageList: z.array(topicImageSchema),
  status: z.number(),
}).meta({ id: 'TopicEditView' });
export type TopicEditView = z.infer<typeof topicEditViewSchema>;

/** A topic's hidden content for this reader (`GET topic/hide_content`). */
export const hiddenContentSchema = z.strictObject({
  exists: z.boolean(),
  show: z.boolean(),
  /** Sanitized HTML when shown, else ''. */
  content: z.string(),
}).meta({ id: 'HiddenContent' });
export type HiddenContent = z.infer<typeof hiddenContentSchema>;
