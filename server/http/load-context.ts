/**
 * What React Router loaders and actions receive as `context` (DESIGN convention 11). The Fastify
 * site handler builds one per request. Route modules import only these *types*; they reach the
 * database and services through `context.site`, never by importing server singletons.
 */
import type { Locale } from '../../common/constants';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import type { SiteServices } from './site-services';

export interface LoadContext {
  app: AppContext;
  /** The signed-in user's full row (server side only: present it before sending to the page). */
  user: UserRow | null;
  locale: Locale;
  requestId: string;
  /** The client's IP as Fastify resolved it (trust-proxy aware): view counting, never shown. */
  clientIp: string;
  /** A per-request nonce for the CSP; the SSR scripts carry it. */
  nonce: string;
  site: SiteServices;
}
