import type { FastifyReply } from 'fastify';
import type { ApiSuccess } from '../../common/errors';
import type { Page } from '../../common/views/page';

/** The success envelope; every route returns `ok(data)`. */
export function ok<T>(data: T): ApiSuccess<T> {
  return { success: true, data };
}

/**
 * A cached feed's answer (publishing.read.ts `cachedFeedAnswer`): the page in the envelope, or the
 * envelope the cache already serialized for anonymous readers, sent as is.
 */
export function sendFeed<T>(reply: FastifyReply, result: Page<T> | { body: string }): ApiSuccess<Page<T>> | FastifyReply {
  if ('body' in result) return reply.type('application/json; charset=utf-8').send(result.body);
  return ok(result);
}
