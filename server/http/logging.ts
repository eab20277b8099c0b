/**
 * What the access log may show of a request. Mail links carry single-use secrets in the query
 * (`/user/password/reset?token=…`, `/user/email/verify?token=…`), and Fastify logs every
 * request's URL at info level: the token values are masked before they reach a log line.
 * Headers are not logged at all (cookies and X-User-Token stay out).
 */
import type { FastifyRequest } from 'fastify';

const SECRET_QUERY_PARAMS = /([?&](?:token|code)=)[^&#]*/gi;

/** The URL with the values of `token=` and `code=` query parameters replaced by `***`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1***');
}

// A type alias, not an interface: Fastify's serializer type wants an index signature.
export type LoggedRequest = {
  method: string;
  url: string;
  host: string;
  remoteAddress: string;
  remotePort: number | undefined;
};

/** Fastify's default `req` serializer, with the URL redacted. */
export function serializeRequest(request: FastifyRequest): LoggedRequest {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
