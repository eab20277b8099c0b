/**
 * Compressed answers (ADR 0033). Every text answer the server makes — a page rendered for its
 * reader, a page's data (`.data`), the JSON API, an XML document — goes out as gzip when the
 * client says it takes gzip and the body is worth it; `Vary: Accept-Encoding` says so to caches.
 *
 * - The page cache's hits are already gzip (they are stored compressed, ./page-cache.ts): they
 *   come here with `Content-Encoding` set and are left alone, as is anything else already
 *   encoded.
 * - Only our own text answers by media type (HTML, `.data`'s `text/x-script`, JSON, XML): the
 *   browser files (scripts, styles, fonts, images) match none, and are served, precompressed or
 *   not, by the static files' own route; images and uploads are already compressed.
 * - Never a partial answer (`Content-Range`, 206), nor an answer without a body (HEAD, 204,
 *   304). Live streams (server-sent events) hijack the reply and never pass here.
 * - A whole body under 1 KB is sent as it is: gzip's 18 bytes of framing and the CPU buy little.
 *   A stream (a render, a page's data) is compressed as it flows, flushed whenever the source
 *   pauses, so a streamed page's shell reaches the browser as soon as it did before.
 *
 * gzip at level 4, one codec for everything: the figures (ADR 0033) put brotli quality 4 at
 * the CPU of gzip 6 for 5–10% fewer bytes on pages and none on JSON, while the cached pages,
 * which are most of what is read, must be deflate to take a fresh nonce without recompression.
 */
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { constants, createGzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { vary } from './response-headers';

/** Below this a whole body goes out as it is. */
export const COMPRESS_MIN_BYTES = 1024;
/** The level of what is compressed per response (the cached pages are compressed once, at gzip-segments.ts SEGMENT_LEVEL). */
export const ON_THE_FLY_LEVEL = 4;

/** Our text answers: pages, React Router's `.data` (turbo-stream), JSON, XML, plain text. */
const COMPRESSIBLE = /^\s*(text\/html|text\/x-script|text\/plain|application\/json|application\/(?:[a-z.+-]+\+)?xml|text\/xml)\s*(;|$)/i;

/**
 * Whether the client takes gzip (RFC 9110 12.5.3): `gzip` (or `x-gzip`) with a non-zero weight,
 * or `*` with one when gzip is not named.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  let gzip: number | null = null;
  let any: number | null = null;
  for (const item of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const value = Number.isFinite(weight) ? weight : 0;
    if (name === 'gzip' || name === 'x-gzip') gzip = Math.max(gzip ?? 0, value);
    else if (name === '*') any = value;
  }
  return (gzip ?? any ?? 0) > 0;
}

/** Whether the request asks for gzip (the page cache's hits read this too). */
export function requestAcceptsGzip(request: FastifyRequest): boolean {
  return acceptsGzip(request.headers['accept-encoding']);
}

function isReadable(payload: unknown): payload is Readable {
  return typeof payload === 'object' && payload !== null && typeof (payload as Readable).pipe === 'function' && typeof (payload as Readable).on === 'function';
}

/** A stream compressed as it flows, flushed after each burst of the source so nothing waits in zlib. */
function gzipFlowing(source: Readable): Readable {
  const gzip = createGzip({ level: ON_THE_FLY_LEVEL });
  pipeline(source, gzip, () => {
    // An error or an early close destroys both; the reply sees the gzip stream end or fail.
  });
  let scheduled = false;
  source.on('data', () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (!gzip.destroyed && !gzip.writableEnded) gzip.flush(constants.Z_SYNC_FLUSH);
    });
  });
  return gzip;
}

/** Whether this answer is one of ours that may be compressed, whatever the client takes. */
function compressible(request: FastifyRequest, reply: FastifyReply, payload: unknown): boolean {
  if (payload === null || payload === undefined || request.method === 'HEAD') return false;
  if (reply.statusCode === 204 || reply.statusCode === 206 || reply.statusCode === 304) return false;
  if (reply.hasHeader('content-encoding') || reply.hasHeader('content-range')) return false;
  return COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''));
}

/** The onSend hook: gzip for the clients that take it, `Vary: Accept-Encoding` wherever the answer depends on it. */
export function installCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!compressible(request, reply, payload)) return payload;
    if (isReadable(payload)) {
      vary(reply, ['Accept-Encoding']);
      if (!requestAcceptsGzip(request)) return payload;
      reply.removeHeader('content-length');
      reply.header('content-encoding', 'gzip');
      return gzipFlowing(payload);
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const bytes = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (bytes < COMPRESS_MIN_BYTES) return payload;
    vary(reply, ['Accept-Encoding']);
    if (!requestAcceptsGzip(request)) return payload;
    // Synchronous: the bodies are small (tens of KB, a fraction of a millisecond), and zlib's
    // thread pool would cost a hand-off per answer on a machine with two cores.
    const compressed = gzipSync(payload, { level: ON_THE_FLY_LEVEL });
    reply.removeHeader('content-length');
    reply.header('content-encoding', 'gzip');
    return compressed;
  });
}
