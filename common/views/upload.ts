/** An uploaded image as POST upload answers it (API.md `upload`). */
import { z } from '../zod';

export const uploadedImageSchema = z.strictObject({
  /** Where the stored image is served (site-relative `/uploads/…`, content-addressed). */
  url: z.string(),
  /** The client's file name, cleaned (the editor's alt text); else the stored name. */
  name: z.string(),
  width: z.number(),
  height: z.number(),
}).meta({ id: 'UploadedImage' });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
