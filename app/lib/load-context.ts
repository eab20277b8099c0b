/**
 * Types React Router's `context` (loader/action args) as the LoadContext of
 * common/load-context.ts, which server/http/ssr.ts builds per request (DESIGN convention 11).
 * Route modules reach services through `context.site.*` and the signed-in user through
 * `context.sessionUser` (presented: no hash, no token) or `requireUser` from ~/lib/auth.server;
 * `context.user` is the server's record, opaque here: only test it for null and hand it back to
 * `context.site.*`. Never import server modules (tests/unit/layers.test.ts fails on it).
 */
import type { LoadContext } from '../../common/load-context';

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging needs an interface
  interface AppLoadContext extends LoadContext {}
}

export type { LoadContext };
