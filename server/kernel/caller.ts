/**
 * Who asks, once for every use case: the signed-in user (or null), the reader's locale, the
 * request's clock reading, and — for writes and view counting — where the request came from.
 * The JSON routes and the page loaders build it the same way (`callerOf`).
 */
import type { FastifyRequest } from 'fastify';
import type { Locale } from '../../common/constants';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import type { IpLocation } from '../infra/ip-location';

/** Who is looking, and in which language (for the IP location's country name and labels). */
export interface ViewerContext {
  viewer: UserRow | null;
  locale: Locale;
  now: number;
}

/** A request's origin: kept on posts (ip, region) and used to count one view per visitor. */
export interface Origin {
  ip: string;
  userAgent: string;
  /** Resolved lazily: most reads never need it. */
  location(): IpLocation;
}

export interface Caller extends ViewerContext {
  origin: Origin;
}

/** What a new post keeps of where it came from (cut to its columns), and its times. */
export function postedFrom(meta: { ip: string; userAgent: string; location: IpLocation; now: number }) {
  return {
    ip: meta.ip.slice(0, 64),
    ip_country: meta.location.country,
    ip_region: meta.location.region.slice(0, 64),
    user_agent: meta.userAgent.slice(0, 255),
    create_time: meta.now,
    update_time: meta.now,
  };
}

export function userAgentOf(request: { headers: FastifyRequest['headers'] }): string {
  const ua = request.headers['user-agent'];
  return typeof ua === 'string' ? ua : '';
}

/** The caller of a Fastify request (JSON routes and page requests alike). */
export function callerOf(ctx: AppContext, request: Pick<FastifyRequest, 'user' | 'locale' | 'ip' | 'headers'>): Caller {
  let location: IpLocation | undefined;
  return {
    viewer: request.user,
    locale: request.locale,
    now: ctx.clock.now(),
    origin: {
      ip: request.ip,
      userAgent: userAgentOf(request),
      location: () => (location ??= ctx.ipLocator.locate(request)),
    },
  };
}

/** Only the viewer part (reads). */
export function viewerContext(ctx: AppContext, request: Pick<FastifyRequest, 'user' | 'locale'>): ViewerContext {
  return { viewer: request.user, locale: request.locale, now: ctx.clock.now() };
}
