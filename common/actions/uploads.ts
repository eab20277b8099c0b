/** Image uploads (API.md `upload`) and the stored files: the contracts of the uploads feature's actions. */
import { z } from '../zod';
import type { UploadedImage } from '../views/upload';
import { contract, returns } from './contract';

export const uploadActions = {
  image: contract({
    name: 'upload.image',
    method: 'POST',
    path: '/api/upload',
    input: z.object({}),
    output: returns<UploadedImage>(),
    summary: 'Stores an image (multipart field `image`): checked by its own bytes, re-encoded or sanitized, stored by content hash.',
    upload: 'image',
  }),
  file: contract({
    name: 'upload.file',
    method: 'GET',
    // The wildcard reaches the input as `path` (the stored key: `ab/cd/<sha256>.<ext>`).
    path: '/uploads/*',
    input: z.object({ path: z.string() }),
    // The file's bytes, not the JSON envelope.
    output: returns<ArrayBuffer>(),
    summary: 'An uploaded file, immutable (content-addressed): cached for a year, never sniffed, sandboxed by CSP; 304 on If-None-Match.',
    media: 'image/*',
  }),
};
