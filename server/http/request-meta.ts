/**
 * Small facts about a request that several feature routes need: who is looking (for per-viewer
 * flags and localized labels), the user agent, and the per-user/per-IP rate rules of a
 * posting family (topics, comments…).
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import type { RateRule } from '../infra/rate-limiter';

/** Who is looking, and in which language (for the IP location's country name). */
export interface ViewerContext {
  viewer: UserRow | null;
  locale: string;
  now: number;
}

export function viewerContext(ctx: AppContext, request: FastifyRequest): ViewerContext {
  return { viewer: request.user, locale: request.locale, now: ctx.clock.now() };
}

export function userAgentOf(request: FastifyRequest): string {
  const ua = request.headers['user-agent'];
  return typeof ua === 'string' ? ua : '';
}

type Limit = Omit<RateRule, 'name'>;

/** The two counters of a posting family, named `<family>:user` and `<family>:ip`. */
export function perUserAndIpRules(family: string, limits: { perUser: Limit; perIp: Limit }): { perUser: RateRule; perIp: RateRule } {
  return { perUser: { name: `${family}:user`, ...limits.perUser }, perIp: { name: `${family}:ip`, ...limits.perIp } };
}
