/**
 * What page loaders and actions receive as React Router's `context` (DESIGN convention 11): the
 * shape the pages rely on, declared here so app/ needs nothing from server/. The Fastify site
 * handler (server/http/ssr.ts) builds one per request and checks it against this declaration;
 * app/lib/load-context.ts makes it React Router's AppLoadContext.
 *
 * Loaders read the features through `read(contract, input)`: a declared action (ADR 0021), run
 * as the page's reader. `site` holds only what is the site's own: the clock, its address, the
 * installer's state and the log.
 *
 * `User` is the signed-in user's server-side record. The server instantiates these types with
 * its full row (`LoadContext<UserRow>`); the pages see the default, the opaque `SessionRow`,
 * which they only test for null.
 */
import type { Readable } from 'node:stream';
import type { InputOf, OutputOf, ReadContract } from './actions/contract';
import type { Locale } from './constants';
import type { InstallDbType } from './validation/install';
import type { PageResult } from './views/page';
import type { SessionUser } from './views/user';

/**
 * The signed-in user's record as the pages hold it: opaque. Read the presented `sessionUser`
 * instead. `create_time` (a column name) keeps a presented view (SessionUser, PublicUser) from
 * passing for the row where a service needs the row.
 */
export interface SessionRow {
  readonly id: number;
  readonly create_time: number;
}

/** Who reads the page (the load context's user and locale). */
export interface PageViewer<User = SessionRow> {
  user: User | null;
  locale: Locale;
}

/** A reader known to be signed in (the user-center pages, the topic editor). */
export type SignedInViewer<User = SessionRow> = PageViewer<User> & { user: User };

/** Where page errors go: the server's log, with the request id. */
export interface PageLog {
  error(details: Record<string, unknown>, message: string): void;
}

/** What the installer page needs to know about the server. */
export interface InstallState {
  installed: boolean;
  /** The database type the server's configuration fixed (DATABASE_URL), else null. */
  fixedDbType: InstallDbType | null;
}

/** `context.site`: what is the site's own, not a feature's, built once per app by the server. */
export interface SiteServices {
  /** The server clock's epoch ms (render times, "3 minutes ago"). */
  now(): number;
  /** The site's origin for canonical and og:url links: the configured address, never the request's Host. */
  origin(): string;
  installState(): InstallState;
  log: PageLog;
}

export interface LoadContext<User = SessionRow> {
  /** The signed-in user's record (opaque to pages), or null. */
  user: User | null;
  /** The signed-in user, presented once per request (no hash, no token, no IPs), or null. */
  sessionUser: SessionUser | null;
  locale: Locale;
  requestId: string;
  /** The client's IP as Fastify resolved it (trust-proxy aware): view counting, never shown. */
  clientIp: string;
  /**
   * A declared read (ADR 0021) as this page's reader: the same steps as its API route (who, input,
   * the use case, the answer's schema). A refusal comes back as the status and its message in the
   * reader's language, for the error page.
   */
  read<C extends ReadContract>(contract: C, input: InputOf<C>): Promise<PageResult<OutputOf<C>>>;
  /** A per-request nonce for the CSP; the SSR scripts carry it. */
  nonce: string;
  site: SiteServices;
  /**
   * Takes the rendered page's HTML as the Node stream React writes into, so the site handler
   * sends it to the socket as is (no Node → web → Node stream round trip); the server entry
   * then answers with a body-less Response that carries only status and headers. Absent, the
   * entry puts the stream in the Response.
   */
  streamBody?: (body: Readable) => void;
}
