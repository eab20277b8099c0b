/**
 * Typed errors (DESIGN convention 6). Services and routes throw these; the one error handler
 * (error-handler.ts) turns them into the API envelope, translating `messageKey` into the
 * request's locale. A message key is an i18n key (common/locales); `params` fill its
 * placeholders. Field errors map a field name to a message key (or `{key, params}`).
 */
import { ErrorCode, type ErrorCodeValue } from '../../common/errors';

export type MessageRef = string | { key: string; params?: Record<string, unknown> };

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: ErrorCodeValue,
    readonly messageKey: string,
    readonly params: Record<string, unknown> = {},
    readonly fields?: Record<string, MessageRef>,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const errors = {
  notSignedIn: () => new AppError(401, ErrorCode.NotSignedIn, 'errors.notSignedIn'),
  forbidden: (key = 'errors.forbidden', params?: Record<string, unknown>) => new AppError(403, ErrorCode.Forbidden, key, params),
  /**
   * `until` is the ban's end in epoch ms, or -1 for forever; a reason, when given, is told too
   * (its messages live in the ban section: common/locales/en-US/ban.json and its translations).
   */
  banned: (until: number, reason = '') => {
    if (until === -1) return new AppError(403, ErrorCode.Banned, reason ? 'ban.errors.bannedForever' : 'errors.bannedForever', { until, reason });
    return new AppError(403, ErrorCode.Banned, reason ? 'ban.errors.bannedUntil' : 'errors.bannedUntil', { until, untilTime: until, reason });
  },
  emailNotVerified: (key = 'errors.emailNotVerified') => new AppError(403, ErrorCode.EmailNotVerified, key),
  /** One message per invalid field; the top message names the first. */
  validation: (fields: Record<string, MessageRef>) => {
    const first = Object.values(fields)[0];
    const ref = typeof first === 'string' ? { key: first } : (first ?? { key: 'errors.validation' });
    return new AppError(400, ErrorCode.Validation, ref.key, ref.params ?? {}, fields);
  },
  notFound: (key = 'errors.notFound') => new AppError(404, ErrorCode.NotFound, key),
  conflict: (key = 'errors.conflict', fields?: Record<string, MessageRef>) => new AppError(409, ErrorCode.Conflict, key, {}, fields),
  rateLimited: (retryAfterSeconds: number) =>
    new AppError(429, ErrorCode.RateLimited, 'errors.rateLimited', { seconds: retryAfterSeconds }, undefined, {
      'retry-after': String(retryAfterSeconds),
    }),
  notInstalled: () => new AppError(428, ErrorCode.NotInstalled, 'errors.notInstalled'),
  alreadyInstalled: () => new AppError(403, ErrorCode.Forbidden, 'errors.alreadyInstalled'),
  payloadTooLarge: (key = 'errors.payloadTooLarge', params?: Record<string, unknown>) => new AppError(413, ErrorCode.PayloadRejected, key, params),
  unsupportedMediaType: (key = 'errors.unsupportedMediaType') => new AppError(415, ErrorCode.PayloadRejected, key),
  badRequest: (key = 'errors.malformedBody', params?: Record<string, unknown>) => new AppError(400, ErrorCode.Other, key, params),
  /** 503: the server cannot do this now (busy, or its database unreachable); worth retrying after `retryAfterSeconds`. */
  unavailable: (key: string, retryAfterSeconds: number) =>
    new AppError(503, ErrorCode.Other, key, { seconds: retryAfterSeconds }, undefined, { 'retry-after': String(retryAfterSeconds) }),
  /** A failure whose reason is outside text (e.g. a database driver's), shown as-is. */
  other: (status: number, key: string, params?: Record<string, unknown>) => new AppError(status, ErrorCode.Other, key, params),
  /**
   * A 500 caused by `cause` (a driver's or the file system's error): the answer carries only
   * `key`'s generic text, which may name the request id; the error handler logs the cause.
   */
  internal: (key: string, cause: unknown) => {
    const error = new AppError(500, ErrorCode.Other, key);
    error.cause = cause;
    return error;
  },
};
