/**
 * Article forms (create, edit) and the moderator's recommend switch. Shared by the API routes and
 * the browser's form: messages are i18n keys (section `article`), limits come from
 * common/constants.ts. Form-encoded bodies are accepted too, so lists arrive as strings and are
 * coerced here. Tags follow the topic rules (same field).
 */
import { z } from '../zod';
import { ARTICLE_LIMITS, TOPIC_LIMITS } from '../constants';
import { ADDRESS_CHARACTERS_MESSAGE, isCleanAddress } from './address';
import { isSafeImageUrl, tagsField } from './topic';

/** Articles are written in the rich-text editor or in Markdown (never plain text). */
export const ARTICLE_CONTENT_TYPES = ['html', 'markdown'] as const;

/**
 * The cover: an image address (`/uploads/…` or this site's full address), `{url}`, or nothing ('' or
 * null removes it). Whether this site really stored the image is the server's check (a safe
 * address is all the browser can know); an outside address is refused there.
 */
export const coverField = z.preprocess(
  (value) => {
    if (value === undefined) return undefined;
    if (value === null || value === '') return null;
    if (typeof value === 'object' && value !== null && 'url' in value) return (value as { url: unknown }).url || null;
    return value;
  },
  z
    .string({ error: 'article.validation.coverInvalid' })
    .trim()
    .refine(isCleanAddress, ADDRESS_CHARACTERS_MESSAGE)
    .max(TOPIC_LIMITS.imageUrlMax, 'article.validation.coverInvalid')
    .refine(isSafeImageUrl, 'article.validation.coverInvalid')
    .nullable(),
);

const articleFields = {
  title: z.string({ error: 'validation.invalid' }).trim().min(1, 'article.validation.titleRequired').max(ARTICLE_LIMITS.titleMax, 'article.validation.titleTooLong'),
  content: z
    .string({ error: 'validation.invalid' })
    .max(ARTICLE_LIMITS.contentMax, 'article.validation.contentTooLong')
    .refine((content) => content.trim() !== '', 'article.validation.contentRequired'),
  contentType: z.enum(ARTICLE_CONTENT_TYPES, { error: 'article.validation.contentTypeInvalid' }).default('html'),
  /** Optional; '' derives it from the content. Plain text: pages escape it. */
  summary: z.string({ error: 'validation.invalid' }).trim().max(ARTICLE_LIMITS.summaryMax, 'article.validation.summaryTooLong').default(''),
  tags: tagsField.default([]),
  /** Absent on edit: unchanged. null or '': no cover. */
  cover: coverField.optional(),
};

export const articleCreateSchema = z.object(articleFields);
export type ArticleCreateInput = z.infer<typeof articleCreateSchema>;

/** As create: every field is sent again (the form holds them all). */
export const articleEditSchema = z.object(articleFields);
export type ArticleEditInput = z.infer<typeof articleEditSchema>;
