import type { TFunction } from '../../common/translate';
import type { Locale } from '../../common/constants';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The signed-in user, or null (set by the auth hook). */
    user: UserRow | null;
    /** The raw token the request carried, when valid. */
    token: string | null;
    /** How the token arrived: header is immune to CSRF, cookie is checked for same origin. */
    authVia: 'header' | 'cookie' | null;
    locale: Locale;
    t: TFunction;
  }
}
