/**
 * The one place errors become responses (DESIGN convention 6): every failure leaves as the API
 * envelope `{success:false, errorCode, message, fields?}` in the request's locale, with a
 * meaningful status. 5xx answers never carry internals; they are logged with the request id.
 */
import { STATUS_CODES, type IncomingHttpHeaders } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALE_COOKIE, type Locale } from '../../common/constants';
import { ErrorCode, type ApiFailure } from '../../common/errors';
import { resolveLocale, translator } from '../../common/i18n';
import { DEFAULT_SITE_TIME_ZONE, formatSiteTime } from '../../common/site-time';
import type { AppContext } from '../context';
import { DB_RETRY_AFTER_S } from '../db/outage';
import { AppError, errors, type MessageRef } from '../infra/errors';
import { UNAVAILABLE_PAGE_HEADERS, unavailablePage } from './unavailable-page';

/**
 * The site's time zone for a time in an error: the settings every action read first (peeked, no
 * read here; the default zone before install or when the copy has gone stale).
 */
function siteTimeZoneOf(request: FastifyRequest): string {
  const ctx = request.server.ctx as AppContext | undefined;
  return (ctx && ctx.settings.peek(ctx.state.db)?.timeZone) || DEFAULT_SITE_TIME_ZONE;
}

/** Formats `untilTime` params (ban ends) as a readable date in the locale and the site's time zone. */
function translate(request: FastifyRequest, key: string, params: Record<string, unknown> = {}): string {
  const t = request.t ?? translator('en-US');
  const values: Record<string, unknown> = { ...params };
  if (typeof params.untilTime === 'number') {
    values.until = formatSiteTime(params.untilTime, request.locale ?? 'en-US', siteTimeZoneOf(request));
  }
  return t(key, values) as string;
}

function translateRef(request: FastifyRequest, ref: MessageRef): string {
  return typeof ref === 'string' ? translate(request, ref) : translate(request, ref.key, ref.params);
}

/** Maps Fastify's own errors (parser, limits, multipart) onto our typed errors. */
function fromFrameworkError(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return errors.payloadTooLarge();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errors.unsupportedMediaType();
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return errors.badRequest();
  }
  if (error.statusCode === 400) return errors.badRequest();
  if (error.statusCode === 413) return errors.payloadTooLarge();
  if (error.statusCode === 415) return errors.unsupportedMediaType();
  return null;
}

/** Every message may name `{{requestId}}`, so a user can quote it to whoever reads the log. */
export function toFailure(request: FastifyRequest, error: AppError): ApiFailure {
  const body: ApiFailure = { success: false, errorCode: error.errorCode, message: translate(request, error.messageKey, { requestId: request.id, ...error.params }) };
  if (error.fields) body.fields = Object.fromEntries(Object.entries(error.fields).map(([field, ref]) => [field, translateRef(request, ref)]));
  return body;
}

export function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.status(error.status).type('application/json; charset=utf-8').send(toFailure(request, error));
}

/** The `locale` cookie's value, read by hand: the cookie plugin's hook has not run yet. */
function localeCookie(headers: IncomingHttpHeaders): string | undefined {
  const header = headers.cookie;
  if (typeof header !== 'string') return undefined;
  const match = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(header);
  return match?.[1];
}

/**
 * The locale of a request no hook has seen (refused by the router, or timed out before Fastify
 * ran): the cookie's or Accept-Language's (the site default needs the database, which is not
 * worth opening for a request being refused).
 */
export function localeOfHeaders(headers: IncomingHttpHeaders): Locale {
  return resolveLocale(localeCookie(headers), headers['accept-language'], DEFAULT_LOCALE);
}

/**
 * Fastify's `frameworkErrors`: the router refused the URL (`/api/%zz`, an over-long parameter)
 * before any hook ran, so the request has no locale yet. It gets the same envelope as every
 * other failure, in the locale its headers ask for.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  request.locale = localeOfHeaders(request.headers);
  request.t = translator(request.locale);
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendAppError(request, reply, errors.badRequest('errors.malformedUrl'));
  }
  request.log.error({ err: error }, 'router failed');
  return sendAppError(request, reply, new AppError(500, ErrorCode.Other, 'errors.internal'));
}

function isApiRequest(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

/**
 * The answer while the database is unreachable (db/outage.ts): 503 with Retry-After, in the
 * envelope for the API, as the "temporarily unavailable" page for pages. No log line: the
 * outage has its own, once.
 */
export function sendUnavailable(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  ctx.dbOutage.countRefused();
  return sendTemporarilyUnavailable(request, reply, DB_RETRY_AFTER_S);
}

/**
 * 503 with Retry-After: the envelope for the API, the "temporarily unavailable" page (which
 * reloads itself after `retryAfterSeconds`) for pages. Also the answer while the server drains.
 */
export function sendTemporarilyUnavailable(request: FastifyRequest, reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  if (isApiRequest(request)) return sendAppError(request, reply, errors.unavailable('errors.unavailable', retryAfterSeconds));
  return reply
    .status(503)
    .headers({ ...UNAVAILABLE_PAGE_HEADERS, 'retry-after': String(retryAfterSeconds) })
    .send(unavailablePage(request.locale, request.t, retryAfterSeconds));
}

/** Node's parser errors → our status and message: 431 for oversize headers, 408 for a request that never arrived whole, else 400. */
function clientFailure(code: string | undefined): { status: number; key: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, key: 'errors.headersTooLarge' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, key: 'errors.requestTimeout' };
  return { status: 400, key: 'errors.malformedRequest' };
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request (headers too large, a
 * bad Content-Length, Content-Length and Transfer-Encoding together…) before any route, hook
 * or even a request object exists. The answer is still the envelope, as every other failure's,
 * in the default language (no headers were read), and the connection is closed: after a parse
 * error the rest of the stream cannot be trusted. Logged at debug: a malformed request is the
 * client's fault, and a flood of them must not flood the log.
 */
export function handleClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, key } = clientFailure(error.code);
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const failure: ApiFailure = { success: false, errorCode: ErrorCode.Other, message: translator(DEFAULT_LOCALE)(key) };
    const body = JSON.stringify(failure);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((rawError: FastifyError | AppError, request, reply) => {
    if (app.ctx.dbOutage.noteFailure(rawError)) return sendUnavailable(app.ctx, request, reply);
    const known = rawError instanceof AppError ? rawError : fromFrameworkError(rawError);
    if (known) {
      // The serializer appends `cause` (e.g. a driver's error behind errors.internal) to the line.
      if (known.status >= 500) request.log.error({ err: rawError }, 'request failed');
      return sendAppError(request, reply, known);
    }
    request.log.error({ err: rawError, reqId: request.id }, 'unhandled error');
    const body: ApiFailure = { success: false, errorCode: ErrorCode.Other, message: translate(request, 'errors.internal') };
    return reply.status(500).type('application/json; charset=utf-8').send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    return sendAppError(request, reply, new AppError(404, ErrorCode.NotFound, 'errors.routeNotFound', { method: request.method, url: request.url.split('?')[0] }));
  });
}
