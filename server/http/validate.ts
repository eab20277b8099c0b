/**
 * The request guard: unsafe text is refused in every request's path, query and body before any
 * handler runs (the input rules themselves are kernel/input.ts's).
 */
import type { FastifyInstance } from 'fastify';
import { refuseUnsafeText } from '../kernel/input';

/**
 * Where a request's text comes in, under the names a form knows: a wildcard path (`/*`) is
 * `path`, other path parameters and query and body fields keep their own names.
 */
function requestInputs(request: { params: unknown; query: unknown; body: unknown }): unknown[] {
  const params = typeof request.params === 'object' && request.params !== null ? { ...(request.params as Record<string, unknown>) } : {};
  if ('*' in params) {
    params.path = params['*'];
    delete params['*'];
  }
  return [params, request.query, request.body];
}

/**
 * Refuses unsafe text in the path parameters, the query and the parsed body of every request,
 * API or page, before any handler runs: no route, today's or tomorrow's, can pass a NUL to a
 * database (PostgreSQL answered 500) or a search. Multipart and page-action bodies are streams
 * at this point; their text meets `parseInput`.
 */
export function installTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const input of requestInputs(request)) refuseUnsafeText(input);
  });
}
