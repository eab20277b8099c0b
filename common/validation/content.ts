/** The editor's preview (API.md `content/preview`): what may be rendered, shared by the editor and the server. */
import { z } from '../zod';
import { CONTENT_TYPES } from '../rich-text/policy';

/** The longest source the preview renders (larger than any stored content's own limit). */
export const PREVIEW_MAX_CHARS = 200_000;

export const previewSchema = z.object({
  content: z.string({ error: 'validation.invalid' }).max(PREVIEW_MAX_CHARS, 'content.tooLong').default(''),
  contentType: z.enum(CONTENT_TYPES, { error: 'content.typeInvalid' }).default('markdown'),
});
