/** POST user/update_background: an image this site stored (`/uploads/…`, after POST upload), or '' for none. */
import { z } from '../zod';
import { ADDRESS_CHARACTERS_MESSAGE, isCleanAddress } from './address';

/** The column's width (users.background, varchar(512)). */
export const BACKGROUND_MAX = 512;

export const updateBackgroundSchema = z.object({
  background: z.string({ error: 'validation.invalid' }).trim().refine(isCleanAddress, ADDRESS_CHARACTERS_MESSAGE).max(BACKGROUND_MAX, 'follow.errors.backgroundNotOurs'),
});
export type UpdateBackgroundInput = z.infer<typeof updateBackgroundSchema>;
