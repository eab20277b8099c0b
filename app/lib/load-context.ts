/**
 * Types React Router's `context` (loader/action args) as our LoadContext, built per request by
 * server/http/ssr.ts (DESIGN convention 11). Route modules reach services through
 * `context.site.*`, the current user through `context.user` (a raw row: present it, e.g. with
 * `requireUser` from ~/lib/auth.server), never by importing server singletons.
 */
import type { LoadContext } from '../../server/http/load-context';

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging needs an interface
  interface AppLoadContext extends LoadContext {}
}

export type { LoadContext };
