import type { TFunction } from '../../common/translate';
import type { Locale } from '../../common/constants';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import type { DrainOutcome } from './drain';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Graceful shutdown within `graceMs` (http/drain.ts); the process exits after it. */
    drain(graceMs: number): Promise<DrainOutcome>;
  }
  interface FastifyRequest {
    /** The signed-in user, or null (set by the auth hook). */
    user: UserRow | null;
    /** The raw token the request carried, when valid. */
    token: string | null;
    /** How the token arrived: header is immune to CSRF, cookie is checked for same origin. */
    authVia: 'header' | 'cookie' | null;
    /** A page read with a token the unreachable database could not check: served as to nobody. */
    sessionUnchecked: boolean;
    locale: Locale;
    t: TFunction;
  }
}
