/**
 * Who asks, once for every use case: the signed-in user (or null), the reader's locale, the
 * request's clock reading, and — for writes and view counting — where the request came from.
 * The JSON routes and the page loaders build it the same way (`callerOf`).
 */
import type { FastifyRequest } from 'fastify';
import type { Locale } from '../../common/constants';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { EMPTY_LOCATION, type IpLocation } from '../infra/ip-location';
import { errors } from '../infra/errors';
import { isModerator } from '../policy/permissions';
import type { Actor } from './events';

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

/** The session token a signed-in call carried, and how it came (a header is immune to CSRF, a cookie is not). */
export interface CallerSession {
  token: string;
  via: 'header' | 'cookie';
}

export interface Caller extends ViewerContext {
  origin: Origin;
  /**
   * The session the viewer signed in with; absent for nobody and for page reads. Only the
   * account's security needs it: sign-out ends it, a password change keeps it and ends the others.
   */
  session?: CallerSession | null;
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

/** Who calls, as any door knows it: the user, their language, where the call came from. */
export interface CallerSource {
  user: UserRow | null;
  locale: Locale;
  ip: string;
  userAgent: string;
  /** Where the address is (a trusted proxy's country header, else the address's own); looked up once, on first use. */
  locate?: () => IpLocation;
  /** The session the user signed in with (the API's requests). */
  session?: CallerSession | null;
}

/**
 * A caller whose origin is made on first use: most calls never ask where they came from (a
 * feed, the configuration), and this is on every request's path.
 */
class SourcedCaller implements Caller {
  readonly viewer: UserRow | null;
  readonly locale: Locale;
  readonly now: number;
  readonly session: CallerSession | null;
  private made: Origin | undefined;

  constructor(
    now: number,
    private readonly source: CallerSource,
  ) {
    this.viewer = source.user;
    this.locale = source.locale;
    this.now = now;
    this.session = source.session ?? null;
  }

  get origin(): Origin {
    if (!this.made) {
      const { ip, userAgent, locate } = this.source;
      let location: IpLocation | undefined;
      this.made = { ip, userAgent, location: () => (location ??= locate?.() ?? EMPTY_LOCATION) };
    }
    return this.made;
  }
}

/** The one caller builder: the API's requests and the page loaders' reads alike. */
export function callerFrom(ctx: AppContext, source: CallerSource): Caller {
  return new SourcedCaller(ctx.clock.now(), source);
}

/** The caller of a Fastify request (JSON routes and page requests alike). */
export function callerOf(ctx: AppContext, request: Pick<FastifyRequest, 'user' | 'locale' | 'ip' | 'headers' | 'token' | 'authVia'>): Caller {
  const session = request.user && request.token && request.authVia ? { token: request.token, via: request.authVia } : null;
  return callerFrom(ctx, { user: request.user, locale: request.locale, ip: request.ip, userAgent: userAgentOf(request), locate: () => ctx.ipLocator.locate(request), session });
}

/** Only the viewer part (reads). */
export function viewerContext(ctx: AppContext, request: Pick<FastifyRequest, 'user' | 'locale'>): ViewerContext {
  return { viewer: request.user, locale: request.locale, now: ctx.clock.now() };
}

/** The signed-in caller's hand in a fact (audit rows, the author's messages): who, whether staff, from where. */
export function actorOf(caller: Caller): Actor {
  const user = memberOf(caller);
  return { id: user.id, moderator: isModerator(user), ip: caller.origin.ip };
}

/** The signed-in user of a call whose gate let only members through (401 otherwise). */
export function memberOf(caller: Pick<Caller, 'viewer'>): UserRow {
  if (!caller.viewer) throw errors.notSignedIn();
  return caller.viewer;
}
