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
import type { ArticleEditView, ArticleView } from './views/article';
import type { FavoriteView } from './views/favorite';
import type { FollowedPost, FollowSuggestions } from './views/follow';
import type { MessageView, NotificationSettings } from './views/message';
import type { AdminNodeView, NodeView } from './views/node';
import type { TagQuery } from './validation/site-admin';
import type { OffsetPage } from './views/moderation';
import type { Page, PageResult } from './views/page';
import type { SearchHit, SearchPage } from './views/search';
import type { SiteConfig } from './views/site';
import type { TagView } from './views/tag';
import type { HiddenContent, TopicEditView, TopicView } from './views/topic';
import type { CheckinRankEntry, RankedUser, ScoreLogView, ScoreSummary } from './views/score';
import type { PublicUser, SessionUser } from './views/user';

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

/** The comment, favorite and message pages' reader: the same as the topic pages'. */
export type InteractionViewer<User = SessionRow> = PageViewer<User>;

/** A page-visible outcome of the interaction pages: the same as the topic pages'. */
export type InteractionResult<T> = PageResult<T>;

/**
 * `context.site.topics`: topic feeds, detail, edit fields, nodes and tags. Failures the pages
 * show (not found, forbidden) come back as values with the message in the reader's language.
 */
export interface TopicPageServices<User = SessionRow> {
  /** GET topic/topics: 0 latest (sticky first), −1 recommended, −2 followed users, >0 one node. */
  feed(viewer: PageViewer<User>, params: { nodeId: number; cursor?: string }): Promise<PageResult<Page<TopicView>>>;
  tagFeed(viewer: PageViewer<User>, params: { tagId: number; cursor?: string }): Promise<PageResult<Page<TopicView>>>;
  /** GET topic/{id}; counts the view when `visit` is given (the browser's IP and user agent). */
  detail(viewer: PageViewer<User>, id: number, visit?: { ip: string; userAgent: string }): Promise<PageResult<TopicView>>;
  hiddenContent(viewer: PageViewer<User>, id: number): Promise<PageResult<HiddenContent>>;
  /** GET topic/edit/{id}: the raw fields, for the author or a moderator. */
  forEdit(viewer: SignedInViewer<User>, id: number): Promise<PageResult<TopicEditView>>;
  nodes(): Promise<NodeView[]>;
  navNodes(): Promise<NodeView[]>;
  node(id: number): Promise<NodeView | null>;
  tag(id: number): Promise<TagView | null>;
}

/** `context.site.interactions`: comments, favorites, messages and the unread badge. */
export interface InteractionPageServices<User = SessionRow> {
  /** GET user/favorites, for the signed-in reader. */
  favorites(viewer: SignedInViewer<User>, params: { cursor?: string }): Promise<InteractionResult<Page<FavoriteView>>>;
  /** GET user/messages: a page of the reader's messages, as stored (reading marks nothing: POST user/messages/read does). */
  messages(viewer: SignedInViewer<User>, params: { cursor?: string }): Promise<InteractionResult<Page<MessageView>>>;
  /** The header badge: unread messages of the user (0 for anonymous or before install). */
  unreadCount(user: User | null): Promise<number>;
  /** GET user/settings: `{replyMail}` (the account page's notification switch). */
  notificationSettings(user: User): NotificationSettings;
}

/** `context.site.people`: public profiles and their topics (`/user/{id}`). */
export interface PeoplePageServices<User = SessionRow> {
  /** An active user's public profile; 404 for unknown or disabled accounts. */
  profile(viewer: PageViewer<User>, id: number): Promise<PageResult<PublicUser>>;
  /** Their topics, newest first, 20 a page by keyset cursor; `type` 0 posts alone, 1 tweets alone (the profile's tabs). */
  topics(viewer: PageViewer<User>, userId: number, cursor?: string, type?: number): Promise<PageResult<Page<TopicView>>>;
  /** How many published posts and tweets they have, apart (the counts of the profile's tabs). */
  topicCounts(viewer: PageViewer<User>, userId: number): Promise<PageResult<{ posts: number; tweets: number }>>;
  /** GET fans/fans: the member's followers, newest first (each with the viewer's own follow state). */
  fans(viewer: PageViewer<User>, params: { userId: number; cursor?: string }): Promise<PageResult<Page<PublicUser>>>;
  /** GET fans/followed: whom the member follows, newest first. */
  followed(viewer: PageViewer<User>, params: { userId: number; cursor?: string }): Promise<PageResult<Page<PublicUser>>>;
  /** GET topic/topics?nodeId=-2: topics and articles of whom the reader follows, newest first. */
  followingFeed(viewer: PageViewer<User>, params: { cursor?: string }): Promise<PageResult<Page<FollowedPost>>>;
  /** GET fans/suggestions: members worth following (most followed, most active this week). */
  suggestions(viewer: PageViewer<User>): Promise<PageResult<FollowSuggestions>>;
}

/**
 * `context.site.articles` (issue 12): article feeds, detail and edit fields, a profile's
 * articles and the home sidebar's latest. With the article module off, every method but
 * `latest` answers 403 with 'Article feature is not enabled' (the spec's message, translated);
 * `latest` answers [].
 */
export interface ArticlePageServices<User = SessionRow> {
  /** GET article/articles: newest first, 20 a page by keyset cursor (list items carry no `content`). */
  feed(viewer: PageViewer<User>, params: { cursor?: string }): Promise<PageResult<Page<ArticleView>>>;
  /** GET article/tag/articles; 404 for an unknown tag. */
  tagFeed(viewer: PageViewer<User>, params: { tagId: number; cursor?: string }): Promise<PageResult<Page<ArticleView>>>;
  /** GET article/user_articles: a member's articles (their pending ones to them and moderators). */
  userArticles(viewer: PageViewer<User>, params: { userId: number; cursor?: string }): Promise<PageResult<Page<ArticleView>>>;
  /** GET article/{id}; counts the view when `visit` is given (the browser's IP and user agent). */
  detail(viewer: PageViewer<User>, id: number, visit?: { ip: string; userAgent: string }): Promise<PageResult<ArticleView>>;
  /** GET article/edit/{id}: the raw fields, for the author or a moderator. */
  forEdit(viewer: SignedInViewer<User>, id: number): Promise<PageResult<ArticleEditView>>;
  /** The tags most used by published articles (the /articles sidebar), at most `limit`. */
  tags(limit: number): Promise<TagView[]>;
  /** The newest published articles (the home sidebar); [] when the module is off. */
  latest(viewer: PageViewer<User>, limit: number): Promise<ArticleView[]>;
}

/** `context.site.scores` (issue 14): `/user/scores` and the rankings. */
export interface ScorePageServices<User = SessionRow> {
  /** The reader's score and check-in state (401 when signed out). */
  summary(viewer: PageViewer<User>): Promise<PageResult<ScoreSummary>>;
  /** GET user/score_logs: a page of the reader's score log, newest first. */
  logs(viewer: SignedInViewer<User>, params: { cursor?: string }): Promise<PageResult<Page<ScoreLogView>>>;
  /** GET user/score/rank: the top members by score. */
  rank(): Promise<RankedUser[]>;
  /** GET checkin/rank: today's earliest check-ins. */
  checkinRank(): Promise<CheckinRankEntry[]>;
}

/** The /search page's query as its URL holds it (the use cases parse and check it). */
export interface SearchPageQuery {
  keyword: string;
  nodeId?: string;
  timeRange?: string;
  cursor?: string;
}

/**
 * `context.site.search` (issue 15): the /search page's tabs, through the same use cases as
 * API.md `search/*`, rate-limited by the visitor's address (`visit`). A refused search (an empty
 * or too long keyword, too many searches, the article module off) comes back as a value.
 */
export interface SearchPageServices<User = SessionRow> {
  topics(viewer: PageViewer<User>, query: SearchPageQuery, visit: { ip: string; userAgent: string }): Promise<PageResult<SearchPage<SearchHit<TopicView>>>>;
  articles(viewer: PageViewer<User>, query: SearchPageQuery, visit: { ip: string; userAgent: string }): Promise<PageResult<SearchPage<SearchHit<ArticleView>>>>;
  users(viewer: PageViewer<User>, query: SearchPageQuery, visit: { ip: string; userAgent: string }): Promise<PageResult<SearchPage<PublicUser>>>;
  /** Whether the articles tab shows (the article module is on). */
  articlesOn(): Promise<boolean>;
}

/**
 * `context.site.adminSite` (issue 17): the back office's nodes and tags tables, for admins only
 * (403 for moderators and members, 401 for nobody). Offset pages with a total.
 */
export interface AdminSitePageServices<User = SessionRow> {
  /** GET admin/nodes. */
  nodes(viewer: PageViewer<User>, page: number): Promise<PageResult<OffsetPage<AdminNodeView>>>;
  /** GET admin/tags: searched by name. */
  tags(viewer: PageViewer<User>, query: TagQuery): Promise<PageResult<OffsetPage<TagView>>>;
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
  /** Comments, favorites, messages and the unread badge (comment section, /user/favorites, /user/messages). */
  interactions: InteractionPageServices<User>;
  /** Topic feeds, detail, edit fields, nodes and tags (topic pages). */
  topics: TopicPageServices<User>;
  /** Public profiles and their topics (`/user/{id}`). */
  people: PeoplePageServices<User>;
  /** Article feeds, detail, edit fields, a profile's articles (article pages). */
  articles: ArticlePageServices<User>;
  /** Check-in state, score log and rankings (`/user/scores`). */
  scores: ScorePageServices<User>;
  /** Search results (`/search`). */
  search: SearchPageServices<User>;
  /** The back office's nodes and tags (`/admin/nodes`, `/admin/tags`). */
  adminSite: AdminSitePageServices<User>;
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
