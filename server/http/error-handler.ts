/**
 * The one place errors become responses (DESIGN convention 6): every failure leaves as the API
 * envelope `{success:false, errorCode, message, fields?}` in the request's locale, with a
 * meaningful status. 5xx answers never carry internals; they are logged with the request id.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALE_COOKIE, type Locale } from '../../common/constants';
import { ErrorCode, type ApiFailure } from '../../common/errors';
import { resolveLocale, translator } from '../../common/i18n';
import type { AppContext } from '../context';
import { DB_RETRY_AFTER_S } from '../db/outage';
import { AppError, errors, type MessageRef } from './errors';
import { UNAVAILABLE_PAGE_HEADERS, unavailablePage } from './unavailable-page';

/** Formats `untilTime` params (ban ends) as a readable date in the locale. */
function translate(request: FastifyRequest, key: string, params: Record<string, unknown> = {}): string {
  const t = request.t ?? translator('en-US');
  const values: Record<string, unknown> = { ...params };
  if (typeof params.untilTime === 'number') {
    values.until = new Date(params.untilTime).toLocaleString(request.locale ?? 'en-US', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' }) + ' UTC';
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
  if (isApiRequest(request)) return sendAppError(request, reply, errors.unavailable('errors.unavailable', DB_RETRY_AFTER_S));
  return reply
    .status(503)
    .headers({ ...UNAVAILABLE_PAGE_HEADERS, 'retry-after': String(DB_RETRY_AFTER_S) })
    .send(unavailablePage(request.locale, request.t, DB_RETRY_AFTER_S));
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
