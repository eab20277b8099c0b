/** Request shapes and limits of the content routes. */
import { z } from 'zod';
import { CONTENT_TYPES } from '../../../common/rich-text/policy';
import type { RateRule } from '../../infra/rate-limiter';

/** The longest source the preview renders (larger than any stored content's own limit). */
export const PREVIEW_MAX_CHARS = 200_000;

/** Markdown preview is asked for as the author types (debounced): generous, but bounded per user. */
export const PREVIEW_RATE: RateRule = { name: 'preview:user', max: 120, windowMs: 60_000 };

export const previewSchema = z.object({
  content: z.string({ error: 'validation.invalid' }).max(PREVIEW_MAX_CHARS, 'content.tooLong').default(''),
  contentType: z.enum(CONTENT_TYPES, { error: 'content.typeInvalid' }).default('markdown'),
});
