/**
 * The errorCode table of API.md. Client and server agree on these numbers; the HTTP status is
 * meaningful as well and is listed beside each code's usual status.
 */
export const ErrorCode = {
  Other: 0,
  NotSignedIn: 1, // 401
  Forbidden: 2, // 403
  Banned: 3, // 403
  EmailNotVerified: 4, // 403
  Validation: 5, // 400
  NotFound: 6, // 404
  RateLimited: 7, // 429
  NotInstalled: 8, // 428
  Conflict: 9, // 409
  PayloadRejected: 10, // 413 or 415
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The API envelope (spec §3, API.md). */
export type ApiSuccess<T> = { success: true; data: T };
export type ApiFailure = {
  success: false;
  errorCode: ErrorCodeValue;
  message: string;
  fields?: Record<string, string>;
};
export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;
