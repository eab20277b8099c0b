/**
 * POST /api/upload (multipart field `image`) → `{url, name, width, height}`, and the files
 * themselves at GET /uploads/<key> (local storage driver).
 *
 * Upload pipeline: writer (signed in, not banned) → per-user rate limit → stream the part with
 * @fastify/multipart's 5 MB `fileSize` limit (a truncated stream is 413, never read whole) →
 * type from magic bytes (415 otherwise) → size from the header within the limits (413) →
 * re-encode or sanitize in an image worker (503 when too many wait) → store by content hash.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope';
import { errors } from '../../infra/errors';
import { createStorage } from '../../infra/storage';
import type { RateRule } from '../../infra/rate-limiter';
import { requireWriter } from '../../policy/permissions';
import { readImagePart } from '../../http/upload-part';
import { IMAGE_FORMATS, parseStoredKey, siteUploadLimits, storeImage } from './uploads.service';
import { requireDb } from '../../context';
import type { Settings } from '../settings/settings.api';

/** Uploads per user (setting `uploadLimits.perUser`): pasting a dozen screenshots at once is normal, hundreds are not. */
export function uploadRate(settings: Pick<Settings, 'uploadLimits'>): RateRule {
  return { name: 'upload:user', ...settings.uploadLimits.perUser };
}

export const uploadRoutes: FastifyPluginAsync = async (app) => {
  const storage = createStorage(app.ctx.config);

  app.post('/upload', async (request) => {
    const { ctx } = app;
    const user = request.user;
    requireWriter(user, ctx.clock.now());
    const settings = await ctx.settings.get(requireDb(ctx));
    await ctx.limiter.consume(uploadRate(settings), String(user.id));
    const limits = siteUploadLimits(settings);
    const { buffer, filename } = await readImagePart(request, 'image', limits);
    const result = await storeImage(ctx.images, storage, buffer, filename, limits.size);
    request.log.info({ userId: user.id, url: result.url, bytes: buffer.length }, 'image uploaded');
    return ok(result);
  });
};


/**
 * The CSP of every uploaded file, whatever its kind: opened on its own it runs nothing, loads
 * nothing and is a sandboxed (opaque) origin. `style-src 'unsafe-inline'` is what images need:
 * SVG keeps its sanitized presentation styles, and the browser's own image viewer (a raster
 * opened directly) styles its page inline; without it Chromium logs a violation per load.
 */
export const UPLOAD_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'";

/** Uploaded files, immutable (content-addressed): cached for a year, never sniffed, sandboxed by CSP. */
export const uploadFileRoutes: FastifyPluginAsync = async (app) => {
  const storage = createStorage(app.ctx.config);

  app.get('/uploads/*', async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    const stored = parseStoredKey(key);
    if (!stored) throw errors.notFound();
    const { kind } = stored;
    const etag = `"${stored.hash}"`;
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('etag', etag)
      .header('cross-origin-resource-policy', 'same-site')
      .header('content-security-policy', UPLOAD_CSP);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const file = await storage.open(key);
    if (!file) {
      reply.removeHeader('cache-control').removeHeader('etag');
      throw errors.notFound();
    }
    return reply.type(IMAGE_FORMATS[kind].contentType).header('content-length', file.size).send(file.stream);
  });
};
