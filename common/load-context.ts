/**
 * What page loaders and actions receive as React Router's `context` (DESIGN convention 11): the
 * shape the pages rely on, declared here so app/ needs nothing from server/. The Fastify site
 * handler (server/http/ssr.ts) builds one per request and checks it against this declaration;
 * app/lib/load-context.ts makes it React Router's AppLoadContext.
 *
 * `User` is the signed-in user's server-side record. The server instantiates these types with
 * its full row (`LoadContext<UserRow>`); the pages see the default, the opaque `SessionRow`,
 * which they only test for null and hand back to `site.*` as is.
 */
import type { Readable } from 'node:stream';
import type { InputOf, OutputOf, ReadContract } from './actions/contract';
import type { Locale } from './constants';
import type { InstallDbType } from './validation/install';
import type { ContentQuery, ReviewQuery } from './validation/review';
import type { ContentTableView, ReviewQueueView } from './views/review';
import type { LinkView } from './views/links';
import type { AdminNoticeView, NoticeView } from './views/notices';
import type { AdminMemberView, AuditEntryView, BannedMemberView, OffsetPage } from './views/moderation';
import type { AuditQuery, MembersQuery } from './validation/moderation';
import type { WordsQuery } from './validation/words';
import type { WordView } from './views/words';
import type { Page, PageResult } from './views/page';
import type { AboutView, AdminSettingsView, DashboardView } from './views/settings';
import type { SiteConfig } from './views/site';
import type { SessionUser } from './views/user';
import type { VipAdminView, VipMembershipView } from './views/vip';
import type { VipQueueQuery } from './validation/vip';

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

/**
 * `context.site.admin` (issue 16): the back office's tables, for moderators and admins (403 for
 * others, 401 for nobody). Offset pages: admin tables show page numbers and a total.
 */
export interface AdminPageServices<User = SessionRow> {
  /** GET admin/users/banned: members under a running ban. */
  bannedMembers(viewer: PageViewer<User>, page: number): Promise<PageResult<OffsetPage<BannedMemberView>>>;
  /** GET admin/audit_logs: the audit log, newest first, filtered. */
  auditLog(viewer: PageViewer<User>, query: AuditQuery): Promise<PageResult<OffsetPage<AuditEntryView>>>;
  /** GET admin/review/list: the pending posts of a kind, with every kind's count. */
  reviewQueue(viewer: PageViewer<User>, query: ReviewQuery): Promise<PageResult<ReviewQueueView>>;
  /** GET admin/content/list: topics, articles or comments of a status, searched. */
  contentTable(viewer: PageViewer<User>, query: ContentQuery): Promise<PageResult<ContentTableView>>;
  /** GET admin/settings: every editable setting (admins only; 403 for moderators). */
  settings(viewer: PageViewer<User>): Promise<PageResult<AdminSettingsView>>;
  /** GET admin/dashboard: counts, the last 30 days, recent audit entries. */
  dashboard(viewer: PageViewer<User>): Promise<PageResult<DashboardView>>;
  /** GET admin/words: the forbidden words (moderators read, admins change). */
  words(viewer: PageViewer<User>, query: WordsQuery): Promise<PageResult<OffsetPage<WordView>>>;
  /** GET admin/users: members searched, sorted and filtered. */
  members(viewer: PageViewer<User>, query: MembersQuery): Promise<PageResult<OffsetPage<AdminMemberView>>>;
}

/** `context.site.about` (issue 17): the about page's texts from the settings, sanitized HTML. */
export interface AboutPageServices {
  page(): Promise<AboutView>;
}

/** `context.site.links` (issue 17): the friend links of /links. */
export interface LinkPageServices {
  /** GET link/list: friend links in display order, keyset paged. */
  list(cursor?: string): Promise<Page<LinkView>>;
}

/** `context.site.notices` (issue 17): the site notices of the home page. */
export interface NoticePageServices {
  /** GET notice/list: the notices whose window holds now, newest first. */
  current(): Promise<NoticeView[]>;
}

/**
 * `context.site.adminSite` (issue 17): the back office's friend links and notices, for admins
 * only (403 for moderators and members, 401 for nobody). Offset pages with a total. (Nodes and
 * tags are declared actions: `nodeActions.adminList`, `tagActions.adminList`.)
 */
export interface AdminSitePageServices<User = SessionRow> {
  /** GET admin/links. */
  links(viewer: PageViewer<User>, page: number): Promise<PageResult<OffsetPage<LinkView>>>;
  /** GET admin/notices. */
  notices(viewer: PageViewer<User>, page: number): Promise<PageResult<OffsetPage<AdminNoticeView>>>;
}

/**
 * `context.site.vip` (issue 18): the member's membership page (401 signed out) and the back
 * office's VIP screen (admins only: 403 for moderators and members).
 */
export interface VipPageServices<User = SessionRow> {
  /** /user/profile/member: state, plans, the open order, the first page of the history. */
  membership(viewer: PageViewer<User>): Promise<PageResult<VipMembershipView>>;
  /** /admin/vip: the VIP settings, one state's orders (submitted, oldest first, by default), the open count. */
  admin(viewer: PageViewer<User>, query: VipQueueQuery): Promise<PageResult<VipAdminView>>;
}

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

/**
 * The sections of `context.site` the features fill: each feature declares the page-facing slice
 * of its use cases (server/features.ts), and the server assembles them once per app.
 */
export interface PageSections<User = SessionRow> {
  /** The back office's tables (`/admin/*`). */
  admin: AdminPageServices<User>;
  /** The about page (`/about`). */
  about: AboutPageServices;
  /** Friend links (`/links`). */
  links: LinkPageServices;
  /** Site notices (the home page). */
  notices: NoticePageServices;
  /** The back office's friend links and notices (`/admin/links`, `/admin/notices`). */
  adminSite: AdminSitePageServices<User>;
  /** VIP membership (`/user/profile/member`, `/admin/vip`). */
  vip: VipPageServices<User>;
}

/** `context.site`: the in-process use cases page loaders call, built once per app by the server. */
export interface SiteServices<User = SessionRow> extends PageSections<User> {
  /** The public site configuration (`config/configs`). */
  config(): Promise<SiteConfig>;
  /** The server clock's epoch ms (render times, "3 minutes ago"). */
  now(): number;
  /** The site's origin for canonical and og:url links: the configured address, never the request's Host. */
  origin(): string;
  installState(): InstallState;
  log: PageLog;
}

export interface LoadContext<User = SessionRow> {
  /** The signed-in user's record (opaque to pages: hand it back to `site.*`), or null. */
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
  site: SiteServices<User>;
  /**
   * Takes the rendered page's HTML as the Node stream React writes into, so the site handler
   * sends it to the socket as is (no Node → web → Node stream round trip); the server entry
   * then answers with a body-less Response that carries only status and headers. Absent, the
   * entry puts the stream in the Response.
   */
  streamBody?: (body: Readable) => void;
}
