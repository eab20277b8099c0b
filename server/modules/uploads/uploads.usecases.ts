/**
 * The upload use cases, one function per action (uploads.actions.ts declares who may call each).
 *
 * Upload pipeline: writer (signed in, not banned) → per-user rate limit → stream the part with
 * @fastify/multipart's 5 MB `fileSize` limit, or the site's lower one (a truncated stream is
 * 413, never read whole) → type from magic bytes (415 otherwise) → size from the header within
 * the limits (413) → re-encode or sanitize in an image worker (503 when too many wait) → store
 * by content hash.
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { uploadActions } from '../../../common/actions/uploads';
import type { UploadedImage } from '../../../common/views/upload';
import { errors } from '../../infra/errors';
import { siteStorage } from './upload-storage';
import type { MediaAnswer, ReadCall } from '../../kernel/actions';
import { memberOf } from '../../kernel/caller';
import { IMAGE_FORMATS, parseStoredKey, siteUploadLimits, storeImage } from './uploads.service';

type Input<K extends keyof typeof uploadActions> = ParsedInputOf<(typeof uploadActions)[K]>;

/**
 * The CSP of every uploaded file, whatever its kind: opened on its own it runs nothing, loads
 * nothing and is a sandboxed (opaque) origin. `style-src 'unsafe-inline'` is what images need:
 * SVG keeps its sanitized presentation styles, and the browser's own image viewer (a raster
 * opened directly) styles its page inline; without it Chromium logs a violation per load.
 */
export const UPLOAD_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'";

/** POST upload: the multipart `image`, checked, re-encoded (or sanitized) and stored. */
export async function uploadImage({ ctx, caller, settings, upload, db }: ReadCall<Input<'image'>, undefined>): Promise<UploadedImage> {
  if (!upload) throw errors.validation({ image: 'upload.missingFile' });
  const limits = siteUploadLimits(settings);
  const { buffer, filename } = await upload.read(limits);
  const result = await storeImage(ctx.images, await siteStorage(ctx, db), buffer, filename, limits.size, db);
  ctx.log.info({ userId: memberOf(caller).id, url: result.url, bytes: buffer.length }, 'image uploaded');
  return result;
}

/** Headers of every stored file's answer: immutable (content-addressed), never sniffed, sandboxed. */
function fileHeaders(etag: string): Record<string, string> {
  return {
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
    etag,
    'cross-origin-resource-policy': 'same-site',
    'content-security-policy': UPLOAD_CSP,
  };
}

/**
 * GET /uploads/<key>: the file, or 304 when the client holds it; 404 for any key `storageKey`
 * could not have made. With a bucket (ADR 0041), a file not on the local disk is a 302 to the
 * bucket's public or freshly signed URL (pages keep `/uploads/<key>`, so a cached page never
 * holds an expired signature), or its bytes through the app when the bucket is private and
 * unsigned.
 */
export async function serveUpload({ ctx, db, input, headers }: ReadCall<Input<'file'>, undefined>): Promise<MediaAnswer> {
  const stored = parseStoredKey(input.path);
  if (!stored) throw errors.notFound();
  const etag = `"${stored.hash}"`;
  if (headers['if-none-match'] === etag) return { status: 304, headers: fileHeaders(etag) };
  const served = await (await siteStorage(ctx, ctx.state.installed ? db : null)).serve(stored.key);
  if (!served) throw errors.notFound();
  if ('redirect' in served) return { status: 302, headers: { location: served.redirect, 'cache-control': served.cacheControl, 'referrer-policy': 'no-referrer' } };
  const { file } = served;
  return { type: IMAGE_FORMATS[stored.kind].contentType, headers: { ...fileHeaders(etag), 'content-length': file.size }, body: file.stream };
}
