/** Rendered content as the editor's preview answers it (API.md `content/preview`). */
import { z } from '../zod';

/** The sanitized HTML readers would see for the source sent. */
export const contentPreviewSchema = z.strictObject({ html: z.string() }).meta({ id: 'ContentPreview' });
export type ContentPreview = z.infer<typeof contentPreviewSchema>;
